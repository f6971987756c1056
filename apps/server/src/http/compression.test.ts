import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  API_PATHS,
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_REPLAYED_HEADER,
  errorEnvelopeSchema,
} from '@safarnama/contract';
import { loginAs, makeAdmin, makeCountry, makePlace, makeState } from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { makePng } from '../test/images.js';
import { IMMUTABLE } from './web.js';
import { ValidationError } from './errors.js';

const BR = { 'accept-encoding': 'br, gzip' };
const GZIP = { 'accept-encoding': 'gzip' };
/** What Chromium sends (zstd is not offered back: br wins). */
const CHROMIUM = { 'accept-encoding': 'gzip, deflate, br, zstd' };
const HTML = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

/** Over 1 KB of each kind, so nothing is below the threshold. */
const JS = `export const app = () => ${JSON.stringify('console.log("app"); '.repeat(80))};\n`;
const CSS = `${'.card { padding: 1rem; border-radius: 0.5rem; }\n'.repeat(40)}`;
const INDEX = `<!doctype html><html><head>${'<link rel="modulepreload" href="/assets/chunk.js">'.repeat(30)}</head><body><div id="root"></div><script type="module" src="/assets/app-1a2b3c.js"></script></body></html>`;
const SW = `self.addEventListener('push', () => {});\n${'// service worker\n'.repeat(80)}`;

const STREAM_PROBE = '/api/test/stream-csv';
const PDF_PROBE = '/api/test/stream-pdf';
const PNG_PROBE = '/api/test/png';
const ERROR_PROBE = '/api/test/big-error';
const CREATE_PROBE = '/api/test/big-create';

/** The body as sent, decoded by its Content-Encoding. */
const decoded = (res: LightMyRequestResponse) => {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString();
  if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString();
  expect(encoding).toBeUndefined();
  return res.body;
};

/**
 * The build's copies (apps/web/scripts/precompress.mjs) carry a marker here, so the test sees that
 * the file on disk was sent and not a copy compressed on the fly.
 */
const precompressed = async (file: string, text: string) => {
  await writeFile(file, text);
  await writeFile(`${file}.br`, brotliCompressSync(`${text}/* br file */`));
  await writeFile(`${file}.gz`, gzipSync(`${text}/* gz file */`));
};

describe('compression on the wire', () => {
  let t: TestApp;
  let webDist: string;
  let auth: Record<string, string>;
  const csvRows = Array.from({ length: 2000 }, (_, i) => `${i},Munnar Tea Trails ${i},Kerala\n`);

  beforeAll(async () => {
    webDist = await mkdtemp(join(tmpdir(), 'safarnama-web-'));
    await mkdir(join(webDist, 'assets'));
    await precompressed(join(webDist, 'index.html'), INDEX);
    await precompressed(join(webDist, 'sw.js'), SW);
    await precompressed(join(webDist, 'assets', 'app-1a2b3c.js'), JS);
    await precompressed(join(webDist, 'assets', 'index-4d5e6f.css'), CSS);
    const png = await makePng(64, 64);
    t = await createTestApp({
      config: { webDist },
      routes: [
        async (app) => {
          // Test-only: what the real routes do not have yet (streamed exports, PDFs, binaries).
          app.get(STREAM_PROBE, { config: { access: 'public' } }, (_request, reply) =>
            reply.type('text/csv; charset=utf-8').send(Readable.from(csvRows)),
          );
          app.get(PDF_PROBE, { config: { access: 'public' } }, (_request, reply) =>
            reply
              .type('application/pdf')
              .send(Readable.from([Buffer.from(`%PDF-1.7\n${'0'.repeat(4000)}\n%%EOF\n`)])),
          );
          app.get(PNG_PROBE, { config: { access: 'public' } }, (_request, reply) =>
            reply.type('image/png').send(png),
          );
          app.get(ERROR_PROBE, { config: { access: 'public' } }, () => {
            throw new ValidationError(
              Array.from({ length: 40 }, (_, i) => ({
                path: `dailyItinerary.${i}.title`,
                message: 'Must be plain text',
              })),
            );
          });
          app.withTypeProvider<ZodTypeProvider>().post(
            CREATE_PROBE,
            {
              config: { access: 'self' },
              schema: { response: { 201: z.object({ data: z.object({ text: z.string() }) }) } },
            },
            async (_request, reply) => {
              reply.code(201);
              return { data: { text: 'Backwaters houseboat cruise. '.repeat(100) } };
            },
          );
        },
      ],
    });
    const admin = await makeAdmin(t.database.db, t.hasher, { superAdmin: true });
    auth = (await loginAs(t.app, admin)).headers;
    const country = await makeCountry(t.database.db);
    const state = await makeState(t.database.db, country.id);
    for (let i = 0; i < 12; i++) {
      await makePlace(t.database.db, { countryId: country.id, stateId: state.id });
    }
  });
  afterAll(async () => {
    await t.close();
    await rm(webDist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('sends the built files as precompressed: br, gzip, or the file itself', async () => {
    const files = [
      { url: '/assets/app-1a2b3c.js', text: JS, type: 'javascript', cache: IMMUTABLE },
      { url: '/assets/index-4d5e6f.css', text: CSS, type: 'text/css', cache: IMMUTABLE },
      { url: '/sw.js', text: SW, type: 'javascript', cache: 'no-cache' },
      { url: '/', text: INDEX, type: 'text/html', cache: 'no-cache' },
      { url: '/index.html', text: INDEX, type: 'text/html', cache: 'no-cache' },
    ];
    for (const { url, text, type, cache } of files) {
      for (const [headers, encoding, copy] of [
        [BR, 'br', '/* br file */'],
        [CHROMIUM, 'br', '/* br file */'],
        [GZIP, 'gzip', '/* gz file */'],
        [{ 'accept-encoding': 'gzip, br;q=0' }, 'gzip', '/* gz file */'],
        [{}, undefined, ''],
        [{ 'accept-encoding': 'identity' }, undefined, ''],
      ] as const) {
        const res = await get(url, headers);
        const label = `${url} ${JSON.stringify(headers)}`;
        expect(res.statusCode, label).toBe(200);
        expect(res.headers['content-encoding'], label).toBe(encoding);
        expect(res.headers.vary, label).toContain('accept-encoding');
        expect(res.headers['content-type'], label).toContain(type);
        expect(res.headers['cache-control'], label).toBe(cache);
        expect(decoded(res), label).toBe(`${text}${copy}`);
      }
    }
  });

  it('answers a revalidation of a compressed file with 304', async () => {
    const first = await get('/assets/app-1a2b3c.js', BR);
    const etag = String(first.headers.etag);
    const again = await get('/assets/app-1a2b3c.js', { ...BR, 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('sends the compressed index.html through the history fallback too', async () => {
    for (const [headers, encoding, copy] of [
      [BR, 'br', '/* br file */'],
      [CHROMIUM, 'br', '/* br file */'],
      [GZIP, 'gzip', '/* gz file */'],
      [{ 'accept-encoding': 'gzip, br;q=0' }, 'gzip', '/* gz file */'],
      [{ 'accept-encoding': 'br;q=0.5, gzip' }, 'gzip', '/* gz file */'],
      [{}, undefined, ''],
      [{ 'accept-encoding': 'identity' }, undefined, ''],
    ] as const) {
      const res = await get('/services/itineraries', { ...HTML, ...headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toContain('accept-encoding');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-type']).toContain('text/html');
      expect(decoded(res)).toBe(`${INDEX}${copy}`);
    }
  });

  it('compresses the OpenAPI document and API lists, and never small answers', async () => {
    const docs = `${API_PATHS.docs}/json`;
    const list = `${API_PATHS.service.listPlaces}?page=1&limit=10`;
    for (const [url, headers] of [
      [docs, {}],
      [list, auth],
    ] as const) {
      const plain = await get(url, headers);
      expect(plain.statusCode, url).toBe(200);
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(plain.rawPayload.length, url).toBeGreaterThan(1024);
      for (const [accept, encoding] of [
        [BR, 'br'],
        [CHROMIUM, 'br'],
        [GZIP, 'gzip'],
      ] as const) {
        const res = await get(url, { ...headers, ...accept });
        expect(res.headers['content-encoding'], url).toBe(encoding);
        expect(res.headers.vary, url).toContain('accept-encoding');
        expect(res.headers['content-type'], url).toContain('application/json');
        expect(res.rawPayload.length, url).toBeLessThan(plain.rawPayload.length / 3);
        expect(JSON.parse(decoded(res)), url).toEqual(JSON.parse(plain.body));
      }
    }
    const health = await get(API_PATHS.health, BR);
    expect(health.statusCode).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();
  });

  it('keeps error envelopes whole, compressed or not', async () => {
    const small = await get('/api/v1/no-such-route', BR);
    expect(small.statusCode).toBe(404);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(errorEnvelopeSchema.parse(JSON.parse(decoded(small))).code).toBe('NOT_FOUND');
    const big = await get(ERROR_PROBE, BR);
    expect(big.statusCode).toBe(400);
    expect(big.headers['content-encoding']).toBe('br');
    const envelope = errorEnvelopeSchema.parse(JSON.parse(decoded(big)));
    expect(envelope).toMatchObject({ code: 'VALIDATION_ERROR', status: 400 });
    expect(envelope.details).toHaveLength(40);
  });

  it('stores the plain answer of an idempotent create and replays it in any encoding', async () => {
    const headers = { ...auth, [IDEMPOTENCY_HEADER]: 'compress-create-1' };
    const first = await t.app.inject({
      method: 'POST',
      url: CREATE_PROBE,
      headers: { ...headers, ...BR },
    });
    expect(first.statusCode).toBe(201);
    expect(first.headers['content-encoding']).toBe('br');
    const plain = await t.app.inject({ method: 'POST', url: CREATE_PROBE, headers });
    expect(plain.statusCode).toBe(201);
    expect(plain.headers[IDEMPOTENCY_REPLAYED_HEADER]).toBe('true');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(decoded(first));
    const gzip = await t.app.inject({
      method: 'POST',
      url: CREATE_PROBE,
      headers: { ...headers, ...GZIP },
    });
    expect(gzip.headers[IDEMPOTENCY_REPLAYED_HEADER]).toBe('true');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decoded(gzip)).toBe(plain.body);
  });

  it('streams a text download compressed, and leaves PDFs, images and uploads alone', async () => {
    const csv = await get(STREAM_PROBE, BR);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-encoding']).toBe('br');
    expect(csv.headers['content-length']).toBeUndefined();
    expect(csv.headers['transfer-encoding']).toBe('chunked');
    expect(decoded(csv)).toBe(csvRows.join(''));

    for (const url of [PDF_PROBE, PNG_PROBE]) {
      const res = await get(url, BR);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBeUndefined();
    }
    const pdf = await get(PDF_PROBE, BR);
    expect(pdf.body.startsWith('%PDF-1.7')).toBe(true);

    // An uploaded file of a compressible type (none is, today: uploads are re-encoded images).
    await mkdir(join(t.uploadsDir, 'images'), { recursive: true });
    await writeFile(join(t.uploadsDir, 'images', 'map.svg'), `<svg>${'<g/>'.repeat(1000)}</svg>`);
    await writeFile(join(t.uploadsDir, 'images', 'photo.png'), await makePng(200, 150));
    for (const key of ['images/map.svg', 'images/photo.png']) {
      const res = await get(`${API_PATHS.uploads}/${key}`, BR);
      expect(res.statusCode, key).toBe(200);
      expect(res.headers['content-encoding'], key).toBeUndefined();
      expect(res.headers['cache-control'], key).toBe(IMMUTABLE);
    }
  });
});
