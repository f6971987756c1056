import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  PRESENCE,
  PRESENCE_EVENTS,
  SOCKET_EVENTS,
  type PermissionKey,
  type PresenceEvent,
  type PresenceSyncAnswer,
} from '@safarnama/contract';
import { userTypes } from '../db/schema/index.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { signedInWith } from '../test/manage.js';
import { connectSocket, listenOnFreePort, type TestSocket } from '../test/socket.js';
import { createRealtime } from './hub.js';

/**
 * Presence on real sockets (issue 21): an editor's join, leave and disconnect reach the sockets of
 * admins who may view the entity (not the editor's own socket, not admins without the view
 * permission); `sync` answers the current editors; junk is ignored without harm.
 */
const tokenOf = (headers: Record<string, string>) =>
  (headers.authorization ?? '').replace(/^Bearer /, '');

const ITINERARY_ID = '3f1c2a9e-7b4d-4e8a-9c1f-2d3e4f5a6b7c';
const target = { entity: 'itinerary', id: ITINERARY_ID } as const;

/** Resolves when nothing named `name` arrived within `ms` (a negative check). */
const nothingFor = async (socket: TestSocket, name: string, ms = 400) => {
  const before = socket.events.filter((e) => e.name === name).length;
  await new Promise((r) => setTimeout(r, ms));
  return socket.events.filter((e) => e.name === name).length - before;
};

const sync = (socket: TestSocket) =>
  socket.socket.timeout(5000).emitWithAck(PRESENCE_EVENTS.sync) as Promise<PresenceSyncAnswer>;

describe('presence: who has which edit form open', () => {
  let t: TestApp;
  let baseUrl: string;
  const realtime = createRealtime();
  const open: TestSocket[] = [];

  beforeAll(async () => {
    t = await createTestApp({ realtime });
    baseUrl = await listenOnFreePort(t.app);
  });
  afterEach(() => {
    for (const socket of open.splice(0)) socket.close();
  });
  afterAll(() => t.close());

  const admin = async (permissions: PermissionKey[]) => {
    const made = await signedInWith(t.database.db, t.hasher, permissions);
    const socket = await connectSocket(baseUrl, { token: tokenOf(made.headers) });
    open.push(socket);
    return { ...made, socket };
  };
  /** An editor, a viewer and an admin who may not see itineraries, each with a socket. */
  const three = async () => ({
    editor: await admin(['itineraries.view', 'itineraries.update']),
    viewer: await admin(['itineraries.view']),
    outsider: await admin(['blogs.view', 'blogs.update']),
  });

  it('a join reaches viewers of the entity with the admin name; leave and disconnect say it is over', async () => {
    const { editor, viewer, outsider } = await three();
    editor.socket.socket.emit(PRESENCE_EVENTS.join, target);
    const joined = await viewer.socket.next<PresenceEvent>(PRESENCE_EVENTS.changed);
    expect(joined).toEqual({
      ...target,
      admin: { _id: editor.admin.id, name: editor.admin.name },
      socket: editor.socket.socket.id,
      editing: true,
    });
    expect(await nothingFor(outsider.socket, PRESENCE_EVENTS.changed)).toBe(0);
    expect(await nothingFor(editor.socket, PRESENCE_EVENTS.changed, 0)).toBe(0);

    editor.socket.socket.emit(PRESENCE_EVENTS.leave, target);
    expect(await viewer.socket.next<PresenceEvent>(PRESENCE_EVENTS.changed)).toMatchObject({
      ...target,
      editing: false,
    });

    // Open again, then the tab dies: the server says it is over for that socket.
    editor.socket.socket.emit(PRESENCE_EVENTS.join, target);
    expect(await viewer.socket.next<PresenceEvent>(PRESENCE_EVENTS.changed)).toMatchObject({
      editing: true,
    });
    const socketId = editor.socket.socket.id;
    editor.socket.close();
    expect(await viewer.socket.next<PresenceEvent>(PRESENCE_EVENTS.changed)).toMatchObject({
      ...target,
      socket: socketId,
      editing: false,
    });
  });

  it("the admin's other tab hears it (the web says 'You are editing this in another tab')", async () => {
    const editor = await admin(['itineraries.view', 'itineraries.update']);
    const otherTab = await connectSocket(baseUrl, { token: tokenOf(editor.headers) });
    open.push(otherTab);
    editor.socket.socket.emit(PRESENCE_EVENTS.join, target);
    expect(await otherTab.next<PresenceEvent>(PRESENCE_EVENTS.changed)).toMatchObject({
      admin: { _id: editor.admin.id },
      socket: editor.socket.socket.id,
      editing: true,
    });
  });

  it('sync answers the current editors, only of entities the asker may view', async () => {
    const { editor, viewer, outsider } = await three();
    const blogEditor = outsider;
    editor.socket.socket.emit(PRESENCE_EVENTS.join, target);
    blogEditor.socket.socket.emit(PRESENCE_EVENTS.join, { entity: 'blog', id: 'b1' });
    await viewer.socket.next(PRESENCE_EVENTS.changed);

    const seen = await sync(viewer.socket);
    const mine = seen.editors.filter((e) => e.admin._id === editor.admin.id);
    expect(mine).toEqual([
      {
        ...target,
        admin: { _id: editor.admin.id, name: editor.admin.name },
        socket: editor.socket.socket.id,
      },
    ]);
    expect(seen.editors.some((e) => e.entity === 'blog')).toBe(false);

    const outsiders = await sync(outsider.socket);
    expect(outsiders.editors.some((e) => e.entity === 'itinerary')).toBe(false);
    expect(outsiders.editors).toContainEqual(
      expect.objectContaining({ entity: 'blog', id: 'b1', admin: expect.anything() as unknown }),
    );

    editor.socket.socket.emit(PRESENCE_EVENTS.leave, target);
    await viewer.socket.next(PRESENCE_EVENTS.changed);
    const after = await sync(viewer.socket);
    expect(after.editors.filter((e) => e.admin._id === editor.admin.id)).toEqual([]);
  });

  it('ignores junk: unknown entities, bad ids, joins without update permission, too many entries', async () => {
    const { editor, viewer } = await three();
    const junk: unknown[] = [
      null,
      'itinerary',
      42,
      [],
      { entity: 'country', id: 'x' },
      { entity: 'itinerary' },
      { entity: 'itinerary', id: '' },
      { entity: 'itinerary', id: 'x'.repeat(65) },
      { entity: 'itinerary', id: 'a b' },
      { entity: 'itinerary', id: '<script>' },
      { entity: 'itinerary', id: 7 },
      { entity: { toString: 'itinerary' }, id: 'x' },
    ];
    for (const payload of junk) editor.socket.socket.emit(PRESENCE_EVENTS.join, payload);
    editor.socket.socket.emit(PRESENCE_EVENTS.leave, 'nonsense');
    editor.socket.socket.emit(PRESENCE_EVENTS.sync); // no acknowledgement: nothing to answer
    // A viewer without the update permission cannot claim to edit.
    viewer.socket.socket.emit(PRESENCE_EVENTS.join, target);
    expect(await nothingFor(viewer.socket, PRESENCE_EVENTS.changed)).toBe(0);
    expect(await nothingFor(editor.socket, PRESENCE_EVENTS.changed, 0)).toBe(0);

    // At most PRESENCE.maxEntriesPerSocket records at once.
    for (let i = 0; i < PRESENCE.maxEntriesPerSocket + 3; i += 1) {
      editor.socket.socket.emit(PRESENCE_EVENTS.join, { entity: 'itinerary', id: `r${i}` });
    }
    await new Promise((r) => setTimeout(r, 400));
    const held = (await sync(viewer.socket)).editors.filter((e) => e.admin._id === editor.admin.id);
    expect(held.map((e) => e.id)).toEqual(
      Array.from({ length: PRESENCE.maxEntriesPerSocket }, (_, i) => `r${i}`),
    );
    // Both sockets still work.
    expect(editor.socket.socket.connected && viewer.socket.socket.connected).toBe(true);
  });

  it('a flood of joins is cut off by the per-socket budget', async () => {
    const { editor, viewer } = await three();
    for (let i = 0; i < 100; i += 1) editor.socket.socket.emit(PRESENCE_EVENTS.join, target);
    await new Promise((r) => setTimeout(r, 500));
    const heard = viewer.socket.events.filter((e) => e.name === PRESENCE_EVENTS.changed).length;
    expect(heard).toBeGreaterThan(0);
    expect(heard).toBeLessThanOrEqual(30);
  });

  it('a permission change applies to presence at once: the lost view stops the events', async () => {
    const { editor, viewer } = await three();
    editor.socket.socket.emit(PRESENCE_EVENTS.join, target);
    await viewer.socket.next(PRESENCE_EVENTS.changed);

    await t.database.db
      .update(userTypes)
      .set({ permissions: ['blogs.view'] })
      .where(eq(userTypes.id, viewer.userType.id));
    realtime.emitToAdmins([viewer.admin.id], SOCKET_EVENTS.permissionsChanged, {});
    await viewer.socket.next(SOCKET_EVENTS.permissionsChanged);
    await new Promise((r) => setTimeout(r, 200));

    editor.socket.socket.emit(PRESENCE_EVENTS.leave, target);
    editor.socket.socket.emit(PRESENCE_EVENTS.join, target);
    expect(await nothingFor(viewer.socket, PRESENCE_EVENTS.changed)).toBe(0);
    expect((await sync(viewer.socket)).editors.some((e) => e.entity === 'itinerary')).toBe(false);
  });
});
