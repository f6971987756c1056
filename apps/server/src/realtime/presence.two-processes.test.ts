import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PRESENCE_EVENTS, type PresenceEvent, type PresenceSyncAnswer } from '@safarnama/contract';
import { createFromTemplate, dropDatabase, withDatabase } from '../test/pg.js';
import {
  signInOver,
  startServerProcess,
  until,
  type ServerProcess,
} from '../test/server-process.js';
import { connectSocket, type TestSocket } from '../test/socket.js';

/**
 * Presence across two real server processes on one PostgreSQL database (issue 21): an edit form
 * opened through a socket on A is heard by a socket on B (through socket.io's PostgreSQL adapter),
 * B's `sync` lists it (fetchSockets across processes), and it is gone on B within a few seconds
 * once A's socket disconnects — or once process A dies. The sockets are two sessions of the one
 * admin the processes create (the web tells the admin's other tabs apart by socket id).
 */
const pgTemplate = inject('pgTemplate');
const target = { entity: 'itinerary', id: '0b7e6c1d-5a4f-4e3b-8d2c-1a9f8e7d6c5b' } as const;

const sync = (socket: TestSocket) =>
  socket.socket.timeout(8000).emitWithAck(PRESENCE_EVENTS.sync) as Promise<PresenceSyncAnswer>;

describe.skipIf(!pgTemplate)('presence across two server processes', () => {
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;
  let name: string;
  const open: TestSocket[] = [];

  beforeAll(async () => {
    if (!pgTemplate) return;
    name = `test_${randomBytes(6).toString('hex')}`;
    await createFromTemplate(pgTemplate.url, name, 'template0'); // empty: both will migrate
    const env = {
      DATABASE_URL: withDatabase(pgTemplate.url, name),
      APP_SECRET: randomBytes(32).toString('base64url'),
    };
    [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    await Promise.all([a.ready(), b.ready()]);
  }, 60_000);
  afterAll(async () => {
    for (const socket of open) socket.close();
    await Promise.all([a?.dispose(), b?.dispose()]);
    if (pgTemplate) await dropDatabase(pgTemplate.url, name);
  });

  const socketOn = async (node: ServerProcess) => {
    const socket = await connectSocket(node.base, { token: await signInOver(node.base) });
    open.push(socket);
    return socket;
  };

  it('a form opened on A is heard and synced on B, and gone from B when A disconnects', async () => {
    if (!a || !b) throw new Error('not started');
    const onA = await socketOn(a);
    const onB = await socketOn(b);
    const editorSocket = onA.socket.id;

    // The adapter's LISTEN may still be settling right after start: say it until B hears.
    const joined = await until(async () => {
      onA.socket.emit(PRESENCE_EVENTS.join, target);
      return onB.next<PresenceEvent>(PRESENCE_EVENTS.changed, 1000);
    }, 15_000);
    expect(joined).toMatchObject({ ...target, socket: editorSocket, editing: true });
    expect(joined.admin.name).toEqual(expect.any(String));
    expect(joined.admin.name.length).toBeGreaterThan(0);

    const listed = await sync(onB);
    expect(listed.editors).toContainEqual({ ...target, admin: joined.admin, socket: editorSocket });

    const closedAt = Date.now();
    onA.close();
    const gone = await until(async () => {
      const event = await onB.next<PresenceEvent>(PRESENCE_EVENTS.changed, 1000);
      return event.editing === false && event.socket === editorSocket ? event : undefined;
    }, 5_000);
    expect(gone).toMatchObject({ ...target, editing: false });
    expect(Date.now() - closedAt).toBeLessThan(5_000);
    expect((await sync(onB)).editors.some((e) => e.socket === editorSocket)).toBe(false);
  }, 45_000);

  it("a process that dies takes its editors with it: B's sync no longer lists them", async () => {
    if (!a || !b) throw new Error('not started');
    const onA = await socketOn(a);
    const onB = await socketOn(b);
    const editorSocket = onA.socket.id;
    await until(async () => {
      onA.socket.emit(PRESENCE_EVENTS.join, target);
      const listed = await sync(onB);
      return listed.editors.some((e) => e.socket === editorSocket) ? true : undefined;
    }, 15_000);

    a.signal('SIGKILL');
    await a.exited;
    // A cannot say goodbye; B answers from its own sockets once A does not answer in time
    // (and forgets A after the adapter's heartbeat timeout). The web drops unrefreshed entries.
    const diedAt = Date.now();
    await until(async () => {
      const listed = await sync(onB);
      return listed.editors.some((e) => e.socket === editorSocket) ? undefined : true;
    }, 20_000);
    expect(Date.now() - diedAt).toBeLessThan(20_000);
  }, 45_000);
});
