import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, errorEnvelopeSchema, listQuerySchema } from '@safarnama/contract';
import { freshIp, loginAs, makeAdmin } from '../test/factories.js';
import { body, createTestApp, type TestApp } from '../test/harness.js';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

const LIST_PROBE = '/api/test/list-probe';
const BOOM = '/api/test/boom';

/** A failure must be the error envelope: no stack, no SQL, no driver text. */
const expectCleanError = (res: LightMyRequestResponse, status?: number) => {
  if (status) expect(res.statusCode).toBe(status);
  expect(res.statusCode).toBeGreaterThanOrEqual(400);
  expect(res.statusCode).toBeLessThan(500);
  expect(res.headers['content-type']).toContain('application/json');
  const envelope = errorEnvelopeSchema.parse(body(res));
  expect(envelope.status).toBe(res.statusCode);
  expect(res.body).not.toMatch(/\bat .+:\d+:\d+|stack|select |insert |node_modules|FST_/i);
  return envelope;
};

describe('bad input', () => {
  let t: TestApp;
  let auth: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp({
      routes: [
        async (app) => {
          // Test-only: a list-like query with the contract's list schema, and a route that fails.
          app.withTypeProvider<ZodTypeProvider>().get(
            LIST_PROBE,
            {
              config: { access: 'self' },
              schema: {
                querystring: listQuerySchema,
                response: { 200: z.object({ data: listQuerySchema }) },
              },
            },
            async (request) => ({ data: request.query }),
          );
          app.get(BOOM, { config: { access: 'public' } }, async () => {
            throw Object.assign(
              new Error('relation "secret_table" does not exist: select * from x'),
              {
                code: '42P01',
              },
            );
          });
        },
      ],
    });
    const admin = await makeAdmin(t.database.db, t.hasher);
    auth = (await loginAs(t.app, admin)).headers;
  });
  afterAll(() => t.close());

  const postLogin = (payload: string | Buffer, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: API_PATHS.auth.login,
      remoteAddress: freshIp(),
      headers: { 'content-type': 'application/json', ...headers },
      payload,
    });

  it('malformed JSON → 400 Malformed JSON body', async () => {
    for (const payload of ['{"data":', '{data: 1}', "{'a':1}", '\u0000']) {
      const envelope = expectCleanError(await postLogin(payload), 400);
      expect(envelope).toEqual({
        status: 400,
        success: false,
        code: 'BAD_REQUEST',
        message: 'Malformed JSON body',
      });
    }
  });

  it('prototype poisoning is refused', async () => {
    expectCleanError(await postLogin('{"__proto__":{"isSuperAdmin":true},"data":{}}'), 400);
    expectCleanError(await postLogin('{"data":{"constructor":{"prototype":{"x":1}}}}'), 400);
  });

  it('a body without the data wrapper → 400 with field errors', async () => {
    const envelope = expectCleanError(
      await postLogin(JSON.stringify({ email: 'a@example.com', password: 'secret-password' })),
      400,
    );
    expect(envelope.code).toBe('VALIDATION_ERROR');
    expect(envelope.details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'data' }),
        { path: 'email', message: 'Unknown field' },
        { path: 'password', message: 'Unknown field' },
      ]),
    );
  });

  it('no body at all → 400 naming the data field', async () => {
    for (const res of [
      await postLogin(''),
      await t.app.inject({ method: 'POST', url: API_PATHS.auth.login, remoteAddress: freshIp() }),
    ]) {
      const envelope = expectCleanError(res, 400);
      expect(envelope.details?.[0]?.path).toBe('data');
    }
  });

  it('unknown keys (mass assignment) → 400 naming each key', async () => {
    for (const key of ['isSuperAdmin', 'passwordHash', 'userTypeId', 'role']) {
      const res = await postLogin(
        JSON.stringify({ data: { email: 'a@example.com', password: 'x-password', [key]: true } }),
      );
      const envelope = expectCleanError(res, 400);
      expect(envelope.details).toEqual([{ path: key, message: 'Unknown field' }]);
    }
    const nested = await postLogin(
      JSON.stringify({
        data: {
          email: 'a@example.com',
          password: 'x-password',
          location: {
            ip: '1.1.1.1',
            lat: 0,
            long: 0,
            extra: 1,
            address: {
              country: '',
              state: '',
              city: '',
              pinCode: '',
              complete_display_address: '',
            },
          },
        },
      }),
    );
    expect(expectCleanError(nested, 400).details).toEqual([
      { path: 'location.extra', message: 'Unknown field' },
    ]);
  });

  it('wrong types → 400 with the field path', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ email: {}, password: 'x' }, 'email'],
      [{ email: 'a@example.com', password: ['x'] }, 'password'],
      [{ email: 'a@example.com', password: 12345 }, 'password'],
      [{ email: 'a@example.com', password: null }, 'password'],
      [{ email: 'a@example.com', password: 'x', rememberMe: 'yes' }, 'rememberMe'],
      [{ email: 'not-an-email', password: 'x' }, 'email'],
      [{ email: 'a@example.com', password: '' }, 'password'],
      [{ email: 'a@example.com', password: 'x', location: { lat: 'north' } }, 'location.ip'],
    ];
    for (const [data, path] of cases) {
      const envelope = expectCleanError(await postLogin(JSON.stringify({ data })), 400);
      expect(envelope.details?.map((d) => d.path)).toContain(path);
    }
    for (const data of [null, [], 'text', 7]) {
      expectCleanError(await postLogin(JSON.stringify({ data })), 400);
    }
    for (const whole of ['null', '[]', '"text"', '7']) {
      expectCleanError(await postLogin(whole), 400);
    }
  });

  it('10 kB strings → 400, never a 500', async () => {
    const long = 'x'.repeat(10_000);
    const cases = [
      { email: `${long}@example.com`, password: 'x' },
      { email: 'a@example.com', password: long },
      {
        email: 'a@example.com',
        password: 'x',
        location: {
          ip: long,
          lat: 0,
          long: 0,
          address: {
            country: long,
            state: '',
            city: '',
            pinCode: '',
            complete_display_address: '',
          },
        },
      },
    ];
    for (const data of cases) {
      const envelope = expectCleanError(await postLogin(JSON.stringify({ data })), 400);
      expect(envelope.code).toBe('VALIDATION_ERROR');
    }
  });

  it('an over-size body → 413', async () => {
    const big = JSON.stringify({
      data: { email: 'a@example.com', password: 'y'.repeat(1_100_000) },
    });
    const envelope = expectCleanError(await postLogin(big), 413);
    expect(envelope).toEqual({
      status: 413,
      success: false,
      code: 'PAYLOAD_TOO_LARGE',
      message: 'Request body is too large',
    });
  });

  it('an unsupported content type → 415', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
      const envelope = expectCleanError(
        await postLogin('email=a&password=b', { 'content-type': type }),
        415,
      );
      expect(envelope.message).toBe('Unsupported content type');
    }
  });

  it('list queries: bad values → 400 naming the key', async () => {
    const cases: [string, string][] = [
      ['page=0', 'page'],
      ['page=abc', 'page'],
      ['limit=101', 'limit'],
      [`search=${'s'.repeat(201)}`, 'search'],
      ['sort=passwordHash', 'sort'],
    ];
    for (const [query, key] of cases) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${LIST_PROBE}?${query}`,
        headers: auth,
      });
      expect(expectCleanError(res, 400).details?.map((d) => d.path)).toContain(key);
    }
    const good = await t.app.inject({
      method: 'GET',
      url: `${LIST_PROBE}?page=2&search=%20goa%20`,
      headers: auth,
    });
    expect(body(good)).toEqual({ data: { page: 2, limit: 10, search: 'goa' } });
  });

  it('an unexpected failure → 500 Internal server error, with nothing else', async () => {
    const res = await t.app.inject({ method: 'GET', url: BOOM });
    expect(res.statusCode).toBe(500);
    expect(body(res)).toEqual({
      status: 500,
      success: false,
      code: 'INTERNAL_ERROR',
      message: 'Internal server error',
    });
    expect(res.body).not.toContain('secret_table');
  });

  it('property: any login body answers 2xx/4xx with the envelope, never a 500 or a stack', async () => {
    const anyJson = fc.jsonValue({ maxDepth: 3 });
    const loginish = fc.record(
      {
        email: fc.oneof(fc.emailAddress(), fc.string({ maxLength: 300 }), anyJson),
        password: fc.oneof(fc.string({ maxLength: 200 }), anyJson),
        rememberMe: fc.oneof(fc.boolean(), anyJson),
        location: anyJson,
        isSuperAdmin: fc.boolean(),
      },
      { requiredKeys: [] },
    );
    const payload = fc.oneof(
      loginish.map((data) => JSON.stringify({ data })),
      anyJson.map((v) => JSON.stringify(v)),
      fc.string({ maxLength: 200 }),
    );
    await fc.assert(
      fc.asyncProperty(payload, async (raw) => {
        const res = await postLogin(raw);
        expect(res.statusCode).toBeLessThan(500);
        if (res.statusCode >= 400) expectCleanError(res);
        else expect(body(res)).toMatchObject({ success: true });
      }),
      { numRuns: 150 },
    );
  });

  it('property: any list query answers 2xx/4xx, never a 500 or a stack', async () => {
    const value = fc.oneof(
      fc.string({ maxLength: 300 }),
      fc.integer().map(String),
      fc.double().map(String),
    );
    const query = fc.dictionary(
      fc.oneof(fc.constantFrom('page', 'limit', 'search', 'sort'), fc.string({ maxLength: 10 })),
      value,
      {
        maxKeys: 5,
      },
    );
    await fc.assert(
      fc.asyncProperty(query, async (params) => {
        const qs = new URLSearchParams(params).toString();
        const res = await t.app.inject({
          method: 'GET',
          url: `${LIST_PROBE}?${qs}`,
          headers: auth,
        });
        expect(res.statusCode).toBeLessThan(500);
        if (res.statusCode >= 400) expectCleanError(res);
      }),
      { numRuns: 200 },
    );
  });
});
