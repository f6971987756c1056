import type { FastifyInstance } from 'fastify';
import { serializerCompiler as providerSerializerCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z, type ZodType } from 'zod';
import { API_PATHS, envelopeSchema, itineraryListSchema } from '@safarnama/contract';
import { makeGeography } from '../test/factories.js';
import { body, createTestApp, type TestApp } from '../test/harness.js';
import { signedInWith } from '../test/manage.js';
import { brotliDecompressSync } from 'node:zlib';
import { ENCODE_FROM_CHARS, responseSerializerCompiler } from './serializer.js';

const S = API_PATHS.service;
/**
 * The kinds of zod node whose answer depends on the direction (`safeEncode` against `safeParse`),
 * a codec besides (a pipe with a transform). Not `default`: a forward parse fills an absent field
 * with its default, which the record's type already promises (the place details' `location.address`
 * and `bestTimeToVisit.note`, stored with it); encoding left the field out.
 */
const DIRECTIONAL = new Set(['transform', 'prefault', 'catch']);
const answer = envelopeSchema(z.object({ name: z.string().max(20), count: z.number().int() }));
const compile = (schema: ZodType) =>
  responseSerializerCompiler({ schema, method: 'GET', url: '/test', httpStatus: '200' });

/** Every zod node a schema reaches (objects, arrays, unions, wrappers, pipes, lazies). */
const nodesOf = (root: unknown): { type: string }[] => {
  const seen = new Set<unknown>();
  const defs: { type: string }[] = [];
  const visit = (schema: unknown) => {
    if (!schema || typeof schema !== 'object' || seen.has(schema) || !('_zod' in schema)) return;
    seen.add(schema);
    const def = (schema as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
    defs.push(def);
    const shape = def.shape as Record<string, unknown> | undefined;
    for (const child of Object.values(shape ?? {})) visit(child);
    for (const key of [
      'element',
      'innerType',
      'in',
      'out',
      'keyType',
      'valueType',
      'left',
      'right',
      'catchall',
    ])
      visit(def[key]);
    for (const key of ['options', 'items'])
      for (const child of (def[key] as unknown[]) ?? []) visit(child);
    if (def.type === 'lazy') visit((def.getter as () => unknown)());
  };
  visit(root);
  return defs;
};

describe('the answer serializer', () => {
  it('strips what the response schema does not declare', () => {
    const text = compile(answer)({
      status: 200,
      success: true,
      message: 'OK',
      data: { name: 'Goa', count: 3, passwordHash: '$argon2id$secret', totpSecretEnc: 'x' },
    });
    expect(typeof text).toBe('string');
    expect(JSON.parse(String(text))).toEqual({
      status: 200,
      success: true,
      message: 'OK',
      data: { name: 'Goa', count: 3 },
    });
    expect(text).not.toContain('secret');
  });

  it('sends a long answer as its UTF-8 bytes, a short one as text', () => {
    const texts = envelopeSchema(z.object({ text: z.string() }));
    const of = (text: string) => ({ status: 200, success: true, message: 'OK', data: { text } });
    const short = compile(texts)(of('₹1,25,000 – Kerala’s backwaters'));
    expect(typeof short).toBe('string');
    // Past the threshold, with characters past U+00FF (a two-byte string in V8).
    const long = 'Houseboat – ₹1,25,000 per person, नमस्ते. '.repeat(ENCODE_FROM_CHARS / 40 + 1);
    const sent = compile(texts)(of(long));
    expect(Buffer.isBuffer(sent)).toBe(true);
    expect(sent).toEqual(Buffer.from(JSON.stringify(of(long)), 'utf8'));
  });

  it('answers a long answer with its byte length, plain and compressed', async () => {
    const long = 'Day plan – ₹1,25,000 ’til दिल्ली. '.repeat(ENCODE_FROM_CHARS / 30 + 1);
    const t = await createTestApp({
      routes: [
        async (app: FastifyInstance) => {
          app.get(
            '/api/test/long',
            {
              config: { access: 'public' },
              schema: { response: { 200: envelopeSchema(z.object({ text: z.string() })) } },
            },
            async () => ({ status: 200, success: true, message: 'OK', data: { text: long } }),
          );
        },
      ],
    });
    try {
      const plain = await t.app.inject({ method: 'GET', url: '/api/test/long' });
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-type']).toMatch(/^application\/json/);
      expect(Number(plain.headers['content-length'])).toBe(plain.rawPayload.length);
      expect(body<{ data: { text: string } }>(plain).data.text).toBe(long);
      const br = await t.app.inject({
        method: 'GET',
        url: '/api/test/long',
        headers: { 'accept-encoding': 'br' },
      });
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    } finally {
      await t.close();
    }
  });

  it('refuses an answer its schema does not match (a logged 500, nothing of it sent)', async () => {
    const t = await createTestApp({
      routes: [
        async (app: FastifyInstance) => {
          app.get(
            '/api/test/mismatch',
            { config: { access: 'public' }, schema: { response: { 200: answer } } },
            async () => ({
              status: 200,
              success: true,
              message: 'OK',
              data: { name: 'a name far longer than twenty', count: 1.5, secret: 'hidden' },
            }),
          );
        },
      ],
    });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/test/mismatch' });
      expect(res.statusCode).toBe(500);
      expect(body(res)).toMatchObject({ success: false, message: 'Internal server error' });
      expect(res.body).not.toContain('hidden');
      expect(res.body).not.toContain('twenty');
      expect(res.body).not.toMatch(/at .*\.ts:\d+/);
    } finally {
      await t.close();
    }
  });

  describe('on the real routes', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t.close());

    it('no response schema has a part that parses differently forward (transform, codec, catch)', () => {
      const directional = (schema: unknown) =>
        nodesOf(schema)
          .filter((def) => DIRECTIONAL.has(def.type) || (def.type === 'pipe' && 'transform' in def))
          .map((def) => def.type);
      const found = t.app.routeTable.flatMap((route) => {
        const response = (route.options.schema?.response ?? {}) as Record<string, unknown>;
        return Object.entries(response)
          .filter(([, schema]) => directional(schema).length > 0)
          .map(([status]) => `${route.method} ${route.url} ${status}`);
      });
      expect(found).toEqual([]);
      // The walk does see each kind where there is one, however deep.
      const codec = z.codec(z.string(), z.number(), { decode: Number, encode: String });
      expect(
        directional(
          z.object({
            a: z.array(z.string().transform(Number)),
            b: z.string().optional().default('x'),
            c: z.union([z.number().catch(0), z.null()]),
            d: z.object({ e: codec }).nullable(),
          }),
        ),
      ).toEqual(['transform', 'catch', 'pipe']);
    });

    it("writes the itinerary list exactly as the type provider's own serializer did", async () => {
      const { headers } = await signedInWith(t.database.db, t.hasher, 'super');
      const { country, state, place } = await makeGeography(t.database.db);
      for (const title of ['Kerala backwaters', 'Ladakh high passes']) {
        const res = await t.app.inject({
          method: 'POST',
          url: S.createItinerary,
          headers,
          payload: {
            data: {
              title,
              duration: '5 Days / 4 Nights',
              languages: ['English', 'Hindi'],
              countryId: country.id,
              stateId: state.id,
              placeId: place.id,
              months: ['OCT', 'NOV'],
              highlights: ['Houseboat night'],
              dailyItinerary: [{ title: 'Arrive', description: 'Check in', meals: ['dinner'] }],
              faqs: [{ question: 'Is it safe?', answer: 'Yes' }],
              priceBands: [
                { months: ['OCT'], minGroupSize: 1, maxGroupSize: 4, pricePerPerson: 125000 },
              ],
            },
          },
        });
        expect(res.statusCode, res.body).toBe(201);
      }
      const res = await t.app.inject({
        method: 'GET',
        url: `${S.listItineraries}?page=1`,
        headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      const data: unknown = JSON.parse(res.body);
      const schema = envelopeSchema(itineraryListSchema);
      const theirs = providerSerializerCompiler({ schema, method: 'GET', url: S.listItineraries });
      // Two itineraries are a short answer: text, as the provider's.
      expect(compile(schema)(data)).toBe(theirs(data));
      expect(compile(schema)(data)).toBe(res.body);
    });
  });
});
