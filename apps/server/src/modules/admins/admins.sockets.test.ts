import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, SOCKET_EVENTS } from '@safarnama/contract';
import { makeAdmin, makeUserType } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { fakeMailer, postData, sessionFor, signedInWith } from '../../test/manage.js';
import { connectSocket, listenOnFreePort, type TestSocket } from '../../test/socket.js';

/** The real hub: open pages hear about permission changes, a disabled admin's sockets close. */
describe('manage events on real sockets', () => {
  let t: TestApp;
  let baseUrl: string;
  let su: Record<string, string>;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    t = await createTestApp({ mailer: fakeMailer().mailer });
    baseUrl = await listenOnFreePort(t.app);
    su = (await signedInWith(t.database.db, t.hasher, 'super')).headers;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await t.close();
  });

  const open = async (adminId: string) => {
    const headers = await sessionFor(t.database.db, adminId);
    const socket = await connectSocket(baseUrl, { token: headers.authorization.slice(7) });
    sockets.push(socket);
    return { socket, headers };
  };

  it('tells every open page of the type when its permissions change, and nobody else', async () => {
    const type = await makeUserType(t.database.db, { permissions: ['blogs.view'] });
    const member = await makeAdmin(t.database.db, t.hasher, { userType: type });
    const outsider = await makeAdmin(t.database.db, t.hasher, { permissions: ['blogs.view'] });
    const mine = await open(member.admin.id);
    const theirs = await open(outsider.admin.id);

    const res = await postData(
      t.app,
      API_PATHS.manage.saveUserTypePermissions,
      { type: type.id, permissions: ['blogs.view', 'itineraries.view'] },
      su,
    );
    expect(res.statusCode, res.body).toBe(200);
    await expect(mine.socket.next(SOCKET_EVENTS.permissionsChanged)).resolves.toEqual({});
    expect(theirs.socket.events.map((e) => e.name)).not.toContain(SOCKET_EVENTS.permissionsChanged);
  });

  it('disconnects every socket of an admin the moment they are disabled', async () => {
    const target = await makeAdmin(t.database.db, t.hasher, { permissions: ['dashboard.view'] });
    const first = await open(target.admin.id);
    const second = await open(target.admin.id);

    const res = await postData(
      t.app,
      API_PATHS.manage.updateUserStatus,
      { id: target.admin.id, isActive: false },
      su,
    );
    expect(res.statusCode, res.body).toBe(200);
    await expect(first.socket.next(SOCKET_EVENTS.sessionRevoked)).resolves.toEqual({
      reason: 'disabled',
    });
    await expect(first.socket.disconnected).resolves.toBe('io server disconnect');
    await expect(second.socket.disconnected).resolves.toBe('io server disconnect');
    // And the same token cannot connect again.
    await expect(
      connectSocket(baseUrl, { token: first.headers.authorization.slice(7) }),
    ).rejects.toThrow();
  });
});
