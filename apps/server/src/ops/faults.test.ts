import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { API_PATHS } from '@safarnama/contract';
import { openPostgres } from '../db/client.js';
import { loginAs, makeAdmin } from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { expectGracefulStop } from '../test/graceful-stop.js';
import { dropDatabase } from '../test/pg.js';
import {
  signInOver,
  startServerProcess,
  startSlowUpload,
  until,
  type ServerProcess,
} from '../test/server-process.js';
import { proxiedDatabase, type TcpProxy } from '../test/tcp-proxy.js';

/**
 * SECURITY 22 and 23 on PostgreSQL (`npm run test:pg`): the database going away while the server
 * runs and at its start, and a graceful stop under load. The start and stop cases run the real
 * server entry (src/main.ts) as a child process.
 */
const pgTemplate = inject('pgTemplate');

describe.skipIf(!pgTemplate)('the database going away while the server runs', () => {
  let t: TestApp;
  let proxy: TcpProxy;
  let name: string;
  let headers: Record<string, string>;

  beforeAll(async () => {
    if (!pgTemplate) return;
    const db = await proxiedDatabase(pgTemplate);
    ({ name, proxy } = db);
    const database = openPostgres(db.url, {
      max: 4,
      connectTimeoutMs: 1000,
      queryTimeoutMs: 1000,
    });
    t = await createTestApp({ database });
    const admin = await makeAdmin(t.database.db, t.hasher, { superAdmin: true });
    headers = (await loginAs(t.app, admin)).headers;
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.close();
    if (pgTemplate) await dropDatabase(pgTemplate.url, name);
  });

  const list = () => t.app.inject({ method: 'GET', url: API_PATHS.service.listCountries, headers });

  it.each(['refuse', 'blackhole'] as const)(
    'answers 503 within the connect time-out (%s) and recovers without a restart',
    async (how) => {
      expect((await list()).statusCode).toBe(200);
      await proxy.down(how);
      const started = Date.now();
      const res = await list();
      expect(res.statusCode, res.body).toBe(503);
      expect(JSON.parse(res.body)).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' });
      expect(res.body).not.toMatch(/ECONN|stack|at /);
      expect(Date.now() - started).toBeLessThan(1000 + 1500);
      expect((await t.app.inject({ method: 'GET', url: API_PATHS.ready })).statusCode).toBe(503);

      await proxy.up();
      await until(async () => ((await list()).statusCode === 200 ? true : undefined), 10_000);
      expect((await t.app.inject({ method: 'GET', url: API_PATHS.ready })).statusCode).toBe(200);
    },
    30_000,
  );

  it('answers 503 within the query time limit when open connections stop answering, then recovers', async () => {
    // The pool's connections are open (the list above ran); now nothing comes back on them.
    expect((await list()).statusCode).toBe(200);
    await proxy.stall();
    const started = Date.now();
    const res = await list();
    const took = Date.now() - started;
    expect(res.statusCode, res.body).toBe(503);
    expect(JSON.parse(res.body)).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' });
    // queryTimeoutMs 1000: the server-side limit cannot arrive, the client-side one (+1 s) ends it.
    expect(took).toBeLessThan(1000 + 1000 + 1500);
    await proxy.up();
    await until(async () => ((await list()).statusCode === 200 ? true : undefined), 10_000);
  }, 30_000);
});

describe.skipIf(!pgTemplate)('the real server: start without the database, SIGTERM', () => {
  let server: ServerProcess | undefined;
  let proxy: TcpProxy;
  let name: string;

  beforeAll(async () => {
    if (!pgTemplate) return;
    const db = await proxiedDatabase(pgTemplate);
    ({ name, proxy } = db);
    await proxy.down('refuse'); // the database is away when the server starts
    server = await startServerProcess({
      DATABASE_URL: db.url,
      SCHEDULER_INTERVAL_MS: '1000',
    });
  }, 30_000);
  afterAll(async () => {
    await server?.dispose();
    await proxy?.close();
    if (pgTemplate) await dropDatabase(pgTemplate.url, name);
  });

  it('waits for the database with a clear message, live but not ready, then starts', async () => {
    if (!server) throw new Error('no server');
    const { base } = server;
    const health = await until(async () => {
      const res = await fetch(`${base}/api/health`);
      return res.status === 200 ? res : undefined;
    }, 20_000);
    expect(health.status).toBe(200);
    const ready = await fetch(`${base}/api/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' });
    expect(server.output()).toContain('The database cannot be reached');
    expect(server.output()).toMatch(/Retrying in \d+ s/);

    await proxy.up();
    await server.ready(20_000);
    expect(server.output()).toContain('Safarnama back-office is running');
  }, 45_000);

  it('on SIGTERM finishes the running upload, turns new calls away, tells sockets, exits 0 fast', async () => {
    if (!server) throw new Error('no server');
    await expectGracefulStop(server, 10_000);
  }, 30_000);
});

describe('SIGTERM while an upload outlives the drain (issue 18)', () => {
  it('cuts it after SHUTDOWN_DRAIN_MS, says so, and exits 0', async () => {
    const server = await startServerProcess({ SHUTDOWN_DRAIN_MS: '500' });
    try {
      await server.ready(60_000);
      const token = await signInOver(server.base);
      // The body never finishes arriving.
      const upload = await startSlowUpload(server.base, token, { name: 'Nepal', shortName: 'NP' });
      await new Promise((r) => setTimeout(r, 300));
      const signalled = Date.now();
      server.signal('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(Date.now() - signalled).toBeLessThan(5000);
      expect(await upload.answer).toMatchObject({ error: expect.any(String) as unknown });
      expect(server.output()).toContain(
        'requests still running after the drain period were cut; shutting down',
      );
    } finally {
      await server.dispose();
    }
  }, 90_000);
});
