import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { API_PATHS } from '@safarnama/contract';
import { REDACT_PATHS } from '../app.js';
import { captureLogs } from '../test/account.js';
import { makeAdmin } from '../test/factories.js';
import { createTestApp } from '../test/harness.js';

describe('logs', () => {
  it('carry the request id and never a password, token or cookie', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    const t = await createTestApp({
      logger: { level: 'trace', stream, redact: { paths: REDACT_PATHS, censor: '[redacted]' } },
      routes: [
        async (app) => {
          app.get('/api/test/explode', { config: { access: 'public' } }, async (request) => {
            // A careless log line: the redaction still holds.
            request.log.info({ headers: request.headers }, 'headers seen');
            throw new Error('boom from the database layer');
          });
        },
      ],
    });
    try {
      const admin = await makeAdmin(t.database.db, t.hasher, { password: 'Sup3r-Secret-Passw0rd' });
      const login = await t.app.inject({
        method: 'POST',
        url: API_PATHS.auth.login,
        payload: { data: { email: admin.email, password: admin.password, rememberMe: true } },
      });
      const cookie = String(login.headers['set-cookie']);
      const token = /^authToken=([^;]+)/.exec(cookie)?.[1] ?? 'missing';
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/test/explode',
        headers: { authorization: 'Bearer abc.secret.bearer', cookie: `authToken=${token}` },
      });
      expect(res.statusCode).toBe(500);
      const requestId = String(res.headers['x-request-id']);

      const all = lines.join('\n');
      expect(all).not.toContain('Sup3r-Secret-Passw0rd');
      expect(all).not.toContain(token);
      expect(all).not.toContain('abc.secret.bearer');
      const failure = lines
        .map((l) => JSON.parse(l) as { reqId?: string; msg?: string; err?: { message?: string } })
        .find((l) => l.msg === 'unhandled error');
      expect(failure?.reqId).toBe(requestId);
      expect(failure?.err?.message).toBe('boom from the database layer');
    } finally {
      await t.close();
    }
  });

  it('never carry the parameters of a failed query, at any level', async () => {
    const { lines, logger } = captureLogs();
    const t = await createTestApp({
      logger: { ...logger, level: 'trace' },
      routes: [
        async (app) => {
          app.get('/api/test/bad-query', { config: { access: 'public' } }, async () => {
            // A statement that fails in the database, with something private as its parameter.
            await t.database.db.execute(sql`select ${'private-guest@example.com'}::int as broken`);
            return { ok: true };
          });
        },
      ],
    });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/test/bad-query' });
      expect(res.statusCode).toBe(500);
      const failure = lines.find((l) => l.msg === 'unhandled error') as
        { err?: { message?: string } } | undefined;
      expect(failure?.err?.message).toContain('Failed query: select $1::int as broken');
      expect(JSON.stringify(lines)).not.toContain('private-guest@example.com');
    } finally {
      await t.close();
    }
  });

  it('at info: nothing for a normal request, one summary line for a failed or slow one', async () => {
    const { lines, logger } = captureLogs();
    const t = await createTestApp({
      logger,
      slowRequestMs: 200,
      routes: [
        async (app) => {
          app.get('/api/test/fast', { config: { access: 'public' } }, async () => ({ ok: true }));
          app.get('/api/test/slow', { config: { access: 'public' } }, async () => {
            await delay(250);
            return { ok: true };
          });
          app.get('/api/test/fails', { config: { access: 'public' } }, async () => {
            throw new Error('boom');
          });
        },
      ],
    });
    try {
      lines.length = 0; // start-up lines (no web build here)
      const fast = await t.app.inject({ method: 'GET', url: '/api/test/fast' });
      expect(fast.statusCode).toBe(200);
      const missing = await t.app.inject({ method: 'GET', url: '/api/test/nothing-here' });
      expect(missing.statusCode).toBe(404);
      // A normal answer and a client error leave nothing at info.
      expect(lines).toEqual([]);

      const slow = await t.app.inject({ method: 'GET', url: '/api/test/slow' });
      expect(slow.statusCode).toBe(200);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({
        level: 30,
        msg: 'slow request',
        reqId: slow.headers['x-request-id'],
        req: { method: 'GET', url: '/api/test/slow' },
        res: { statusCode: 200 },
      });
      expect(lines[0]?.responseTime).toBeGreaterThanOrEqual(200);

      lines.length = 0;
      const failed = await t.app.inject({ method: 'GET', url: '/api/test/fails' });
      expect(failed.statusCode).toBe(500);
      const summaries = lines.filter((l) => l.msg === 'request failed');
      expect(summaries).toHaveLength(1);
      expect(summaries[0]).toMatchObject({ level: 30, res: { statusCode: 500 } });
      // Besides the summary only the error itself (level error, with its stack).
      expect(lines.map((l) => l.msg).sort()).toEqual(['request failed', 'unhandled error']);
    } finally {
      await t.close();
    }
  });

  it('at debug: every request is logged coming in and going out', async () => {
    const { lines, logger } = captureLogs();
    const t = await createTestApp({ logger: { ...logger, level: 'debug' } });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      const mine = lines.filter((l) => l.reqId === res.headers['x-request-id']);
      expect(mine.map((l) => [l.level, l.msg])).toEqual([
        [20, 'incoming request'],
        [20, 'request completed'],
      ]);
    } finally {
      await t.close();
    }
  });
});
