import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  PRESENCE_EVENTS,
  SOCKET_EVENTS,
  type PermissionKey,
  type PresenceEvent,
  type PresenceSyncAnswer,
} from '@safarnama/contract';
import { openPostgres } from '../db/client.js';
import { userTypes } from '../db/schema/index.js';
import { createTestApp, openTestDatabase, type TestApp } from '../test/harness.js';
import { fakeMailer, signedInWith } from '../test/manage.js';
import { until } from '../test/server-process.js';
import { connectSocket, listenOnFreePort, type TestSocket } from '../test/socket.js';
import { createRealtime, type Realtime } from './hub.js';

/**
 * Presence between two nodes in the test process (own pool, HTTP and socket.io server each, one
 * PostgreSQL database), with two different admins: A's editor is heard on B by name, and a
 * permission change caused on A reaches the viewer's socket on B (the `presence-recheck` peer
 * message). PostgreSQL suite only.
 */
const tokenOf = (headers: Record<string, string>) =>
  (headers.authorization ?? '').replace(/^Bearer /, '');
const target = { entity: 'blog', id: '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a' } as const;

describe.skipIf(!inject('pgTemplate'))('presence between two nodes', () => {
  let a: TestApp;
  let b: TestApp;
  let urlA: string;
  let urlB: string;
  let hubA: Realtime;
  const open: TestSocket[] = [];

  beforeAll(async () => {
    const database = await openTestDatabase();
    const url = database.pool?.options.connectionString;
    if (!database.pool || !url) throw new Error('no PostgreSQL pool');
    // A's hub is made here, so the test can cause a permission change on A.
    hubA = createRealtime({ pool: database.pool });
    a = await createTestApp({ mailer: fakeMailer().mailer, database, realtime: hubA });
    // Node B: the same database through its own pool; B's close must not drop the database.
    const second = openPostgres(url, { max: 5 });
    b = await createTestApp({ mailer: fakeMailer().mailer, database: second });
    urlA = await listenOnFreePort(a.app);
    urlB = await listenOnFreePort(b.app);
  });
  afterEach(() => {
    for (const socket of open.splice(0)) socket.close();
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  const adminOn = async (url: string, permissions: PermissionKey[]) => {
    const made = await signedInWith(a.database.db, a.hasher, permissions);
    const socket = await connectSocket(url, { token: tokenOf(made.headers) });
    open.push(socket);
    return { ...made, socket };
  };

  it("A's editor is heard on B by name and listed by B's sync", async () => {
    const editor = await adminOn(urlA, ['blogs.view', 'blogs.update']);
    const viewer = await adminOn(urlB, ['blogs.view']);
    const heard = await until(async () => {
      editor.socket.socket.emit(PRESENCE_EVENTS.join, target);
      return viewer.socket.next<PresenceEvent>(PRESENCE_EVENTS.changed, 1000);
    }, 10_000);
    expect(heard).toMatchObject({
      ...target,
      admin: { _id: editor.admin.id, name: editor.admin.name },
      editing: true,
    });
    const listed = (await viewer.socket.socket
      .timeout(8000)
      .emitWithAck(PRESENCE_EVENTS.sync)) as PresenceSyncAnswer;
    expect(listed.editors).toContainEqual({
      ...target,
      admin: { _id: editor.admin.id, name: editor.admin.name },
      socket: editor.socket.socket.id,
    });
  });

  it('a permission change caused on A stops the presence events of the viewer on B', async () => {
    const editor = await adminOn(urlA, ['blogs.view', 'blogs.update']);
    const viewer = await adminOn(urlB, ['blogs.view']);
    await until(async () => {
      editor.socket.socket.emit(PRESENCE_EVENTS.join, target);
      return viewer.socket.next<PresenceEvent>(PRESENCE_EVENTS.changed, 1000);
    }, 10_000);

    await a.database.db
      .update(userTypes)
      .set({ permissions: ['itineraries.view'] })
      .where(eq(userTypes.id, viewer.userType.id));
    hubA.emitToAdmins([viewer.admin.id], SOCKET_EVENTS.permissionsChanged, {});
    await viewer.socket.next(SOCKET_EVENTS.permissionsChanged);
    await new Promise((r) => setTimeout(r, 500));

    const before = viewer.socket.events.length;
    editor.socket.socket.emit(PRESENCE_EVENTS.join, target);
    await new Promise((r) => setTimeout(r, 800));
    const later = viewer.socket.events.slice(before);
    expect(later.filter((e) => e.name === PRESENCE_EVENTS.changed)).toEqual([]);
  });
});
