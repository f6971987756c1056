import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, errorEnvelopeSchema } from '@safarnama/contract';
import { createTestApp, type TestApp } from '../test/harness.js';
import { fakeMailer, fakeRealtime, makeSuperAdmin, sessionFor } from '../test/manage.js';
import type { RouteRecord } from './access.js';
import { TEXT_GUARD_MESSAGE } from './text-guard.js';

/**
 * SECURITY case 14 on the whole route table: NUL and unpaired surrogates in any query, JSON or
 * multipart text, bodies nested thousands deep and bodies over the limit, sent by a super admin
 * (so every guard lets them through) to every route. None may answer 500; forbidden text answers
 * 400 naming where it was.
 */

const PROBE_ID = '0190a0a0-0000-7000-8000-00000000abcd';
const probeUrl = (url: string) =>
  url.replace(/:[A-Za-z]+/g, PROBE_ID).replace(/\*$/, 'hostile-probe');
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** JSON text with a lone surrogate escape (JSON.stringify would not write one from a string). */
const loneSurrogateJson = '{"data":{"title":"Goa \\ud800 trip","id":"x"}}';
const nested = (depth: number) => `{"data":${'['.repeat(depth)}"x"${']'.repeat(depth)}}`;

const multipart = (fields: Record<string, string>) => {
  const boundary = '----hostile-probe';
  const parts = Object.entries(fields).map(
    ([name, value]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return {
    payload: Buffer.from(`${parts.join('')}--${boundary}--\r\n`, 'utf8'),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};

describe('hostile input on every route (SECURITY 14)', () => {
  let t: TestApp;
  let routes: RouteRecord[];
  let adminId: string;

  beforeAll(async () => {
    t = await createTestApp({
      rateLimitMax: 100_000,
      mailer: fakeMailer().mailer,
      realtime: fakeRealtime().realtime,
    });
    routes = t.app.routeTable.filter((r) => r.method !== 'HEAD' && r.url.startsWith('/api'));
    adminId = (await makeSuperAdmin(t.database.db, t.hasher)).admin.id;
  });
  afterAll(() => t.close());

  /** Every route once with `build`'s request; the answers that are not `want`. */
  const sweep = async (
    build: (route: RouteRecord) => Partial<InjectOptions> | null,
    want: (res: LightMyRequestResponse) => boolean,
  ) => {
    const wrong: string[] = [];
    let sent = 0;
    for (const route of routes) {
      const extra = build(route);
      if (!extra) continue;
      // A fresh session per request: sign-out routes end only their own.
      const headers = { ...(await sessionFor(t.database.db, adminId)), ...extra.headers };
      const res = await t.app.inject({
        method: route.method as InjectOptions['method'],
        url: probeUrl(route.url),
        ...extra,
        headers,
      });
      sent += 1;
      if (!want(res)) {
        wrong.push(`${route.method} ${route.url} → ${String(res.statusCode)} ${res.body}`);
      }
    }
    return { wrong, sent };
  };

  const refusedAt = (path: string) => (res: LightMyRequestResponse) => {
    if (res.statusCode !== 400) return false;
    const envelope = errorEnvelopeSchema.parse(res.json());
    return (
      envelope.details?.some((d) => d.path === path && d.message === TEXT_GUARD_MESSAGE) === true
    );
  };

  it('walks the API route table', () => {
    expect(routes.length).toBeGreaterThan(80);
  });

  it('refuses NUL in the query string of every route with 400 at that key', async () => {
    const { wrong, sent } = await sweep(
      (route) => ({ url: `${probeUrl(route.url)}?search=%00&page=1` }),
      refusedAt('search'),
    );
    expect(sent).toBe(routes.length);
    expect(wrong).toEqual([]);
  });

  it('refuses NUL and lone surrogates in any JSON body, at the field inside data', async () => {
    const withNul = await sweep(
      (route) =>
        WRITES.has(route.method)
          ? {
              payload: JSON.stringify({ data: { title: 'ok', nested: { note: 'a\u0000b' } } }),
              headers: { 'content-type': 'application/json' },
            }
          : null,
      refusedAt('nested.note'),
    );
    expect(withNul.sent).toBeGreaterThan(40);
    expect(withNul.wrong).toEqual([]);
    const withSurrogate = await sweep(
      (route) =>
        WRITES.has(route.method)
          ? { payload: loneSurrogateJson, headers: { 'content-type': 'application/json' } }
          : null,
      refusedAt('title'),
    );
    expect(withSurrogate.wrong).toEqual([]);
  });

  it('refuses NUL in multipart text and never answers 500 to it', async () => {
    const { wrong } = await sweep(
      (route) => (WRITES.has(route.method) ? multipart({ title: 'Goa\u0000' }) : null),
      // JSON-only routes refuse the media type (415), multipart routes the field (400), routes
      // whose record does not exist answer 404 before reading the form.
      (res) => res.statusCode >= 400 && res.statusCode < 500,
    );
    expect(wrong).toEqual([]);
    const blog = await t.app.inject({
      method: 'POST',
      url: API_PATHS.service.addBlog,
      headers: {
        ...(await sessionFor(t.database.db, adminId)),
        ...multipart({ title: 'Monsoon\u0000' }).headers,
      },
      payload: multipart({ title: 'Monsoon\u0000' }).payload,
    });
    expect(refusedAt('title')(blog)).toBe(true);
  });

  it('answers a body nested 10,000 deep and one over the size limit without a 500', async () => {
    const deep = await sweep(
      (route) =>
        WRITES.has(route.method)
          ? { payload: nested(10_000), headers: { 'content-type': 'application/json' } }
          : null,
      // Routes without a body ignore it (sign-out still signs out); none may fail on it.
      (res) => res.statusCode < 500,
    );
    expect(deep.wrong).toEqual([]);
    const hugeBody = JSON.stringify({ data: { title: 'x'.repeat(2 * 1024 * 1024) } });
    const huge = await sweep(
      (route) =>
        WRITES.has(route.method)
          ? { payload: hugeBody, headers: { 'content-type': 'application/json' } }
          : null,
      (res) => res.statusCode < 500,
    );
    expect(huge.wrong).toEqual([]);
    const create = await t.app.inject({
      method: 'POST',
      url: API_PATHS.service.createItinerary,
      headers: {
        ...(await sessionFor(t.database.db, adminId)),
        'content-type': 'application/json',
      },
      payload: hugeBody,
    });
    expect(create.statusCode).toBe(413);
  });

  it('property: any text with NUL or a lone surrogate in a list search answers 400', async () => {
    const list = API_PATHS.service.listItineraries;
    const headers = await sessionFor(t.database.db, adminId);
    const bad = fc
      .tuple(
        fc.string({ maxLength: 20 }),
        fc.constantFrom('\u0000', '\ud800', '\udfff', '\udbff'),
        fc.string({ maxLength: 20 }),
      )
      .map(([a, b, c]) => `${a}${b}${c}`);
    await fc.assert(
      fc.asyncProperty(bad, async (text) => {
        const res = await t.app.inject({
          method: 'POST',
          url: API_PATHS.service.createItinerary,
          headers: { ...headers, 'content-type': 'application/json' },
          payload: JSON.stringify({ data: { title: text } }),
        });
        expect(refusedAt('title')(res)).toBe(true);
        const search = await t.app.inject({
          method: 'GET',
          url: `${list}?search=${encodeURIComponent(text.replace(/[\ud800-\udfff]/g, ''))}%00`,
          headers,
        });
        expect(refusedAt('search')(search)).toBe(true);
      }),
      { numRuns: 40 },
    );
  });
});
