import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_PATHS, errorEnvelopeSchema } from '@safarnama/contract';
import { openPostgres } from '../../db/client.js';
import { body, createTestApp, openTestDatabase, type TestApp } from '../../test/harness.js';

describe('health and readiness', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('GET /api/health answers ok with the uptime', async () => {
    const res = await t.app.inject({ method: 'GET', url: API_PATHS.health });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({
      status: 200,
      success: true,
      data: { status: 'ok', uptime: expect.any(Number) },
    });
  });

  it('GET /api/ready checks the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: API_PATHS.ready });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({ success: true, data: { status: 'ready' } });
  });

  it('gives every answer a server-made request id and ignores the client one', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: API_PATHS.health,
      headers: { 'x-request-id': 'client-chosen' },
    });
    const id = res.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const other = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(other.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(other.headers['x-request-id']).not.toBe(id);
  });

  it('sends the strict CSP and the other helmet headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: API_PATHS.health });
    const csp = String(res.headers['content-security-policy']);
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "connect-src 'self'",
      "font-src 'self' data:",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers an unknown /api path with the 404 envelope', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/v1/admin/nothing-here' });
      expect(res.statusCode).toBe(404);
      const envelope = errorEnvelopeSchema.parse(body(res));
      expect(envelope).toEqual({
        status: 404,
        success: false,
        code: 'NOT_FOUND',
        message: 'Route not found',
      });
    }
  });
});

describe('when the database is gone', () => {
  it('/api/ready answers 503 and a query-backed route answers 503, without leaking details', async () => {
    const database = await openTestDatabase();
    const t = await createTestApp({ database });
    await database.close();

    const ready = await t.app.inject({ method: 'GET', url: API_PATHS.ready });
    expect(ready.statusCode).toBe(503);
    expect(body(ready)).toEqual({
      status: 503,
      success: false,
      code: 'SERVICE_UNAVAILABLE',
      message: 'Database is not reachable',
    });

    const login = await t.app.inject({
      method: 'POST',
      url: API_PATHS.auth.login,
      payload: { data: { email: 'a@example.com', password: 'whatever-password' } },
    });
    expect(login.statusCode).toBe(503);
    expect(body(login)).toEqual({
      status: 503,
      success: false,
      code: 'SERVICE_UNAVAILABLE',
      message: 'Service temporarily unavailable. Please try again shortly.',
    });
    await t.app.close();
  });
});

describe('when PostgreSQL cannot be reached', () => {
  it('answers 503 quickly instead of hanging or leaking the driver error', async () => {
    const database = openPostgres('postgres://postgres@127.0.0.1:1/nowhere', { max: 1 });
    const t = await createTestApp({ database });
    try {
      const started = Date.now();
      const ready = await t.app.inject({ method: 'GET', url: API_PATHS.ready });
      expect(ready.statusCode).toBe(503);
      const login = await t.app.inject({
        method: 'POST',
        url: API_PATHS.auth.login,
        payload: { data: { email: 'a@example.com', password: 'whatever-password' } },
      });
      expect(login.statusCode).toBe(503);
      expect(login.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|postgres/i);
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      await t.close();
    }
  });
});

describe('global API rate limit', () => {
  it('answers 429 with Retry-After and the envelope past the limit, never to the probes', async () => {
    const t = await createTestApp({ rateLimitMax: 3 });
    const status = API_PATHS.common.serviceStatus;
    try {
      for (let i = 0; i < 3; i++) {
        expect((await t.app.inject({ method: 'GET', url: status })).statusCode).toBe(200);
      }
      const res = await t.app.inject({ method: 'GET', url: status });
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(body(res)).toMatchObject({ status: 429, success: false, code: 'RATE_LIMITED' });
      // Health and readiness answer whatever the count (a query string changes nothing).
      for (const url of [API_PATHS.health, API_PATHS.ready, `${API_PATHS.health}?probe=1`]) {
        for (let i = 0; i < 5; i++) {
          expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
        }
      }
      // Another client address has its own budget.
      const other = await t.app.inject({
        method: 'GET',
        url: status,
        remoteAddress: '10.9.9.9',
      });
      expect(other.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('graceful shutdown', () => {
  it('lets in-flight requests finish and answers new ones with the 503 envelope', async () => {
    let releaseSlow!: () => void;
    const slowGate = new Promise<void>((resolve) => (releaseSlow = resolve));
    let slowStarted!: () => void;
    const started = new Promise<void>((resolve) => (slowStarted = resolve));
    const t = await createTestApp({
      routes: [
        async (app) => {
          app.get('/api/test/slow', { config: { access: 'public' } }, async () => {
            slowStarted();
            await slowGate;
            return { done: true };
          });
        },
      ],
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;

    // One keep-alive connection: the slow request is in flight when close() begins and a second
    // request arrives on the same connection while it is still busy.
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString()));
    const request = (path: string) =>
      socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n`);
    request('/api/test/slow');
    await started;
    const closing = t.app.close();
    // Pipelined on the busy connection (an idle one would already be closed by now).
    request(API_PATHS.health);
    await new Promise((resolve) => setTimeout(resolve, 50));
    releaseSlow();
    await vi.waitFor(() => expect(received).toContain('SERVICE_UNAVAILABLE'));
    await closing;
    socket.destroy();
    await t.database.close();

    expect(received).toMatch(/^HTTP\/1\.1 200/);
    const second = received.slice(received.indexOf('HTTP/1.1 503'));
    expect(second).toMatch(/^HTTP\/1\.1 503/);
    expect(JSON.parse(second.slice(second.indexOf('{')))).toEqual({
      status: 503,
      success: false,
      code: 'SERVICE_UNAVAILABLE',
      message: 'The server is restarting. Please try again shortly.',
    });
  });
});
