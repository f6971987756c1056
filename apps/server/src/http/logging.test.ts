import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
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
});
