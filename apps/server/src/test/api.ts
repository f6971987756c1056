import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { errorEnvelopeSchema, type ErrorEnvelope } from '@safarnama/contract';
import { body } from './harness.js';
import { multipart, type FormPart } from './images.js';

type Method = 'POST' | 'PUT' | 'PATCH';

/** Sends a real multipart form through `inject`. */
export const sendForm = async (
  app: FastifyInstance,
  method: Method,
  url: string,
  parts: FormPart[],
  headers: Record<string, string>,
) => {
  const form = await multipart(parts);
  return app.inject({
    method,
    url,
    payload: form.payload,
    headers: { ...headers, ...form.headers },
  });
};

/** Text parts from a record (`undefined` values are left out). */
export const textParts = (fields: Record<string, string | undefined>): FormPart[] =>
  Object.entries(fields).flatMap(([name, value]) => (value === undefined ? [] : [{ name, value }]));

export const imagePart = (
  name: string,
  data: Buffer,
  filename = 'photo.jpg',
  type = 'image/jpeg',
) => ({
  name,
  data,
  filename,
  type,
});

/** The `data` of a success envelope, after checking the status. */
export const dataOf = <T>(res: LightMyRequestResponse, status = 200): T => {
  expect(res.statusCode, res.body).toBe(status);
  return body<{ data: T }>(res).data;
};

/** The saved record of a `{data: {data: record}}` answer, after checking the status. */
export const record = <T>(res: LightMyRequestResponse, status = 200): T => {
  expect(res.statusCode, res.body).toBe(status);
  return body<{ data: { data: T } }>(res).data.data;
};

export const errorOf = (res: LightMyRequestResponse, status: number): ErrorEnvelope => {
  expect(res.statusCode, res.body).toBe(status);
  return errorEnvelopeSchema.parse(body(res));
};

/** Every file under the uploads root, relative to it. */
export const storedFiles = async (root: string): Promise<string[]> =>
  (await readdir(root, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(root.length + 1))
    .sort();

type PresentedImage = {
  fileKey: string;
  variants: { url: string }[];
  crops?: { url: string }[];
} | null;

/** Storage keys of a presented image (original, variants and crops). */
export const imageKeys = (image: PresentedImage) =>
  image
    ? [
        image.fileKey,
        ...[...image.variants, ...(image.crops ?? [])].map((v) =>
          v.url.replace(/^\/uploads\//, ''),
        ),
      ]
    : [];

/** Checks that every file of a presented image (original and variants) is, or is no longer, on disk. */
export const expectFiles = (root: string, image: PresentedImage, onDisk: boolean) => {
  for (const key of imageKeys(image)) expect(existsSync(join(root, key)), key).toBe(onDisk);
};

interface ListQueryProperty {
  /** The list (or read) routes, GET. */
  urls: readonly [string, ...string[]];
  headers: Record<string, string>;
  /** The routes' own query keys; random ones are tried too. */
  keys: readonly [string, ...string[]];
  /** The values tried (default: any text up to 250 characters, or a number). */
  values?: fc.Arbitrary<string>;
  numRuns?: number;
}

/** Property: a GET of the lists with any query (up to 4 keys, known or random) never answers 5xx. */
export const anyListQueryBelow500 = async (
  app: FastifyInstance,
  {
    urls,
    headers,
    keys,
    values = fc.oneof(fc.string({ maxLength: 250 }), fc.integer().map(String)),
    numRuns = 80,
  }: ListQueryProperty,
) => {
  const query = fc.dictionary(
    fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 8 })),
    values,
    { maxKeys: 4 },
  );
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...urls), query, async (url, q) => {
      const res = await app.inject({
        method: 'GET',
        url: `${url}?${new URLSearchParams(q).toString()}`,
        headers,
      });
      expect(res.statusCode, res.body).toBeLessThan(500);
    }),
    { numRuns },
  );
};
