import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
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

/** Storage keys of a presented image (original and variants). */
export const imageKeys = (image: { fileKey: string; variants: { url: string }[] } | null) =>
  image ? [image.fileKey, ...image.variants.map((v) => v.url.replace(/^\/uploads\//, ''))] : [];
