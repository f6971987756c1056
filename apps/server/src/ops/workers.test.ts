import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, SOCKET_EVENTS } from '@safarnama/contract';
import { isAlive } from '../db/embedded-postgres.js';
import {
  connectionsHeldBy,
  signInOver,
  startServerProcess,
  until,
  workerPidsOf,
  type ServerProcess,
} from '../test/server-process.js';
import { expectGracefulStop } from '../test/graceful-stop.js';
import { connectSocket, type TestSocket } from '../test/socket.js';
import { MAX_AUTO_WORKERS, workerCount } from './workers.js';

describe('workerCount (SERVER_WORKERS)', () => {
  it('runs one per core on PostgreSQL with auto, at most four', () => {
    expect(workerCount('auto', 'postgres', 1)).toBe(1);
    expect(workerCount('auto', 'postgres', 2)).toBe(2);
    expect(workerCount('auto', 'postgres', 64)).toBe(MAX_AUTO_WORKERS);
    expect(workerCount(3, 'postgres', 2)).toBe(3);
    expect(workerCount(1, 'postgres', 8)).toBe(1);
  });

  it('keeps PGlite in one process whatever is asked', () => {
    expect(workerCount('auto', 'pglite', 8)).toBe(1);
    expect(workerCount(4, 'pglite', 8)).toBe(1);
  });
});

/** `n` list calls at once, each on a connection of its own (so spread over the workers). */
const listOnNewConnections = async (base: string, token: string, n: number) =>
  Promise.all(
    Array.from({ length: n }, async () => {
      const res = await fetch(`${base}${API_PATHS.service.listItineraries}?page=1&limit=10`, {
        headers: { authorization: `Bearer ${token}`, connection: 'close' },
      });
      await res.arrayBuffer();
      return res.status;
    }),
  );

describe('the real server with two workers on its embedded PostgreSQL', () => {
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    server = await startServerProcess({ SERVER_WORKERS: '2' });
    await server.ready(90_000);
  }, 120_000);
  afterAll(async () => {
    await server?.dispose();
  }, 60_000);

  it('serves from two worker processes, a socket on each hears a sign-out made on either', async () => {
    if (!server) throw new Error('not started');
    const { base } = server;
    await until(
      async () => (server?.output().includes('is running at') ? true : undefined),
      10_000,
    );
    expect(server.output()).toContain('(2 server processes on 127.0.0.1:');
    expect(await workerPidsOf(server.pid)).toHaveLength(2);

    const token = await signInOver(base);
    expect(await listOnNewConnections(base, token, 6)).toEqual([200, 200, 200, 200, 200, 200]);

    // Four sockets (and the sign-in's kept-alive connection): each connection goes to the worker
    // holding the fewest, so the two hold 3 and 2.
    const sockets: TestSocket[] = [];
    for (let i = 0; i < 4; i++) sockets.push(await connectSocket(base, { token }));
    const held = await connectionsHeldBy(
      await workerPidsOf(server.pid),
      Number(new URL(base).port),
    );
    expect(held.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(4);
    expect(Math.max(...held) - Math.min(...held)).toBeLessThanOrEqual(1);
    const out = await fetch(`${base}${API_PATHS.auth.logout}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(out.status).toBe(200);
    for (const socket of sockets) {
      expect(await socket.next(SOCKET_EVENTS.sessionRevoked)).toMatchObject({ reason: 'logout' });
    }
    const refused = await listOnNewConnections(base, token, 4);
    expect(refused).toEqual([401, 401, 401, 401]);
  }, 60_000);

  it('replaces a worker that is killed, and keeps answering meanwhile', async () => {
    if (!server) throw new Error('not started');
    const { base, pid } = server;
    const before = await workerPidsOf(pid);
    expect(before).toHaveLength(2);
    const [victim, survivor] = before as [number, number];
    process.kill(victim, 'SIGKILL');
    await until(async () => (isAlive(victim) ? undefined : true), 10_000);

    const token = await signInOver(base);
    expect(await listOnNewConnections(base, token, 4)).toEqual([200, 200, 200, 200]);

    const after = await until(async () => {
      const pids = await workerPidsOf(pid);
      return pids.length === 2 && !pids.includes(victim) ? pids : undefined;
    }, 60_000);
    expect(after).toContain(survivor);
    await until(
      async () => (server?.output().includes('is running again') ? true : undefined),
      60_000,
    );
    expect(server.output()).toMatch(
      /Server worker \d \(pid \d+\) stopped \(SIGKILL\); starting another\./u,
    );
    expect(server.output()).toMatch(/Server worker \d is running again\./u);
    expect(await listOnNewConnections(base, token, 4)).toEqual([200, 200, 200, 200]);
  }, 90_000);

  it('on SIGTERM finishes the running upload, turns new calls away, stops every worker, exits 0', async () => {
    if (!server) throw new Error('not started');
    const workers = await workerPidsOf(server.pid);
    expect(workers).toHaveLength(2);
    // A new connection is still taken and handed to a worker, which is draining: 503 and close.
    await expectGracefulStop(server, 12_000);
    for (const pid of workers) expect(isAlive(pid)).toBe(false);
  }, 60_000);
});

describe('workers whose primary is killed', () => {
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    server = await startServerProcess({ SERVER_WORKERS: '2', SHUTDOWN_DRAIN_MS: '1000' });
    await server.ready(90_000);
  }, 120_000);
  afterAll(async () => {
    await server?.dispose();
  }, 60_000);

  it('stop by themselves: nobody would hand them connections or replace them', async () => {
    if (!server) throw new Error('not started');
    const workers = await workerPidsOf(server.pid);
    expect(workers).toHaveLength(2);
    server.signal('SIGKILL');
    await server.exited;
    for (const pid of workers) await until(async () => (isAlive(pid) ? undefined : true), 20_000);
  }, 60_000);
});
