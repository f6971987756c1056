import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  SOCKET_EVENTS,
  type NotificationEvent,
  type SessionRevokedEvent,
} from '@safarnama/contract';
import { adminUsers } from '../../db/schema/index.js';
import { createRealtime, type Realtime } from '../../realtime/hub.js';
import { enableTwoFactor, getJson, postJson, testClock } from '../../test/account.js';
import { freshIp, login, loginAs, makeAdmin } from '../../test/factories.js';
import { createTestApp, testConfig, type TestApp } from '../../test/harness.js';
import { connectSocket, listenOnFreePort, refusal, type TestSocket } from '../../test/socket.js';
import { issueLinkToken } from '../identity/link-tokens.js';

/**
 * SECURITY 8 with real sockets: logout, "log out other devices", a password change or reset and
 * disabling an admin answer 401 to the affected tokens at once AND disconnect their sockets
 * (after a `session-revoked` event); unaffected sessions keep theirs.
 */
describe('sessions and their sockets', () => {
  let t: TestApp;
  let baseUrl: string;
  const clock = testClock();
  const open: TestSocket[] = [];

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    baseUrl = await listenOnFreePort(t.app);
  });
  afterAll(async () => {
    for (const socket of open) socket.close();
    await t.close();
  });

  const connect = async (token: string) => {
    const socket = await connectSocket(baseUrl, { token });
    open.push(socket);
    return socket;
  };
  /** Two sessions of one admin, each with a connected socket. */
  const twoDevices = async () => {
    const admin = await makeAdmin(t.database.db, t.hasher);
    const mine = await loginAs(t.app, admin);
    const other = await loginAs(t.app, admin);
    return {
      admin,
      mine: { ...mine, socket: await connect(mine.token) },
      other: { ...other, socket: await connect(other.token) },
    };
  };
  const profileStatus = async (headers: Record<string, string>) =>
    (await getJson(t.app, API_PATHS.auth.profile, headers)).statusCode;
  const expectRevoked = async (socket: TestSocket, reason: string) => {
    expect(await socket.next<SessionRevokedEvent>(SOCKET_EVENTS.sessionRevoked)).toEqual({
      reason,
    });
    expect(await socket.disconnected).toBe('io server disconnect');
  };

  it('refuses a socket without a live session token', async () => {
    expect(await refusal(baseUrl, {})).toBe('unauthenticated');
    expect(await refusal(baseUrl, { token: 'A'.repeat(43) })).toBe('unauthenticated');
  });

  it('logout: the token gets 401 and its socket is disconnected; the other session keeps its own', async () => {
    const { mine, other } = await twoDevices();
    expect((await postJson(t.app, API_PATHS.auth.logout, undefined, mine.headers)).statusCode).toBe(
      200,
    );
    expect(await profileStatus(mine.headers)).toBe(401);
    await expectRevoked(mine.socket, 'logout');
    expect(other.socket.socket.connected).toBe(true);
    expect(await profileStatus(other.headers)).toBe(200);
    // The revoked token cannot open a new socket.
    expect(await refusal(baseUrl, { token: mine.token })).toBe('unauthenticated');
  });

  it('log out other devices: theirs get 401 and lose their sockets, mine stays', async () => {
    const { admin, mine, other } = await twoDevices();
    const third = await loginAs(t.app, admin);
    const thirdSocket = await connect(third.token);
    const res = await postJson(t.app, API_PATHS.auth.logoutOthers, undefined, mine.headers);
    expect(res.statusCode).toBe(200);
    await expectRevoked(other.socket, 'logout-others');
    await expectRevoked(thirdSocket, 'logout-others');
    expect(await profileStatus(other.headers)).toBe(401);
    expect(await profileStatus(third.headers)).toBe(401);
    expect(await profileStatus(mine.headers)).toBe(200);
    expect(mine.socket.socket.connected).toBe(true);
  });

  it('a password change signs the other devices out and pushes the notification to mine', async () => {
    const { admin, mine, other } = await twoDevices();
    const res = await postJson(
      t.app,
      API_PATHS.auth.changePassword,
      { currentPassword: admin.password, newPassword: 'copper-kettle-monsoon-5' },
      mine.headers,
    );
    expect(res.statusCode).toBe(200);
    await expectRevoked(other.socket, 'password-changed');
    const pushed = await mine.socket.next<NotificationEvent>(SOCKET_EVENTS.notification);
    expect(pushed.unreadCount).toBe(1);
    expect(pushed.notification).toMatchObject({
      type: 'security',
      title: 'Password changed',
      isRead: false,
      link: '/login-activity',
    });
    expect(mine.socket.socket.connected).toBe(true);
  });

  /** The profile's `sessionId`: what the page compares a notification's cause with. */
  const sessionIdOf = async (headers: Record<string, string>) => {
    const res = await getJson(t.app, API_PATHS.auth.profile, headers);
    expect(res.statusCode).toBe(200);
    return (JSON.parse(res.body) as { data: { data: { sessionId?: string } } }).data.data.sessionId;
  };

  it('the notification of a password change names the session that made it (issue 20)', async () => {
    const { admin, mine, other } = await twoDevices();
    const mineId = await sessionIdOf(mine.headers);
    expect(mineId).toEqual(expect.any(String));
    expect(await sessionIdOf(other.headers)).not.toBe(mineId);
    // A second tab of the same session: the same event, the same cause.
    const sameSession = await connect(mine.token);
    const res = await postJson(
      t.app,
      API_PATHS.auth.changePassword,
      { currentPassword: admin.password, newPassword: 'copper-kettle-monsoon-5' },
      mine.headers,
    );
    expect(res.statusCode).toBe(200);
    const pushed = await mine.socket.next<NotificationEvent>(SOCKET_EVENTS.notification);
    expect(pushed).toMatchObject({
      notification: { title: 'Password changed' },
      unreadCount: 1,
      causedBySessionId: mineId,
    });
    expect(await sameSession.next<NotificationEvent>(SOCKET_EVENTS.notification)).toEqual(pushed);
  });

  it('two-factor on and off: every session gets the same event, naming the session that did it', async () => {
    const { admin, mine, other } = await twoDevices();
    const [mineId, otherId] = await Promise.all([
      sessionIdOf(mine.headers),
      sessionIdOf(other.headers),
    ]);
    expect(otherId).toEqual(expect.any(String));
    expect(otherId).not.toBe(mineId);

    await enableTwoFactor(t.app, mine.headers, clock);
    const turnedOn = await mine.socket.next<NotificationEvent>(SOCKET_EVENTS.notification);
    expect(turnedOn).toMatchObject({
      notification: { title: 'Two-factor authentication turned on' },
      causedBySessionId: mineId,
    });
    expect(await other.socket.next<NotificationEvent>(SOCKET_EVENTS.notification)).toEqual(
      turnedOn,
    );

    // Turned off from the other device this time: the cause follows.
    const off = await postJson(
      t.app,
      API_PATHS.auth.disableTwoFactor,
      { password: admin.password },
      other.headers,
    );
    expect(off.statusCode).toBe(200);
    const turnedOff = await other.socket.next<NotificationEvent>(SOCKET_EVENTS.notification);
    expect(turnedOff).toMatchObject({
      notification: { title: 'Two-factor authentication turned off' },
      causedBySessionId: otherId,
    });
    expect(await mine.socket.next<NotificationEvent>(SOCKET_EVENTS.notification)).toEqual(
      turnedOff,
    );
  });

  it('a notification no session caused carries no cause', async () => {
    const { admin, mine } = await twoDevices();
    await t.app.services.notifications.notify([admin.admin.id], {
      type: 'security',
      title: 'Something happened',
      message: 'Not caused by any session.',
    });
    const pushed = await mine.socket.next<NotificationEvent>(SOCKET_EVENTS.notification);
    expect(pushed.notification.title).toBe('Something happened');
    expect(pushed).not.toHaveProperty('causedBySessionId');
  });

  it('a reset from a link disconnects every session of the account', async () => {
    const { admin, mine, other } = await twoDevices();
    const { token } = await issueLinkToken(t.database.db, admin.admin.id, 'reset', clock.now());
    const res = await postJson(t.app, API_PATHS.auth.forgotSetPassword, {
      token,
      password: 'copper-kettle-monsoon-5',
    });
    expect(res.statusCode).toBe(200);
    await expectRevoked(mine.socket, 'password-reset');
    await expectRevoked(other.socket, 'password-reset');
  });

  it('disabling an admin: tokens get 401 and the hub disconnects every socket of that admin', async () => {
    const { admin, mine, other } = await twoDevices();
    const bystander = await makeAdmin(t.database.db, t.hasher);
    const theirs = await loginAs(t.app, bystander);
    const theirSocket = await connect(theirs.token);
    // What the admin-status route of the admin users module does: flag, then revoke.
    await t.database.db
      .update(adminUsers)
      .set({ isActive: false })
      .where(eq(adminUsers.id, admin.admin.id));
    t.app.services.realtime.revokeAdmins([admin.admin.id], 'admin-disabled');
    await expectRevoked(mine.socket, 'admin-disabled');
    await expectRevoked(other.socket, 'admin-disabled');
    expect(await profileStatus(mine.headers)).toBe(401);
    expect(await refusal(baseUrl, { token: other.token })).toBe('unauthenticated');
    expect(theirSocket.socket.connected).toBe(true);
  });

  it('a remember-me session connects with its HttpOnly cookie', async () => {
    const admin = await makeAdmin(t.database.db, t.hasher);
    const res = await login(
      t.app,
      { email: admin.email, password: admin.password, rememberMe: true },
      freshIp(),
    );
    const cookie = /^(authToken=[^;]+)/.exec(String(res.headers['set-cookie']))?.[1] ?? '';
    // Refused from another site (or with no Origin at all), let in from our own page.
    expect(await refusal(baseUrl, { headers: { cookie, origin: 'https://evil.example' } })).toBe(
      'forbidden',
    );
    expect(await refusal(baseUrl, { headers: { cookie } })).toBe('forbidden');
    const socket = await connectSocket(baseUrl, {
      headers: { cookie, origin: testConfig().publicOrigin },
    });
    open.push(socket);
    expect(socket.socket.connected).toBe(true);
  });
});

describe('SECURITY 2: a forged X-Forwarded-For does not get a socket past the allowed-IP check', () => {
  let t: TestApp;
  let baseUrl: string;
  const seen: string[] = [];

  beforeAll(async () => {
    // The admission hook the allowed-IP list plugs into; only 10.9.9.9 may connect.
    const inner = createRealtime();
    const realtime: Realtime = {
      ...inner,
      attach: (server, deps) =>
        inner.attach(server, {
          ...deps,
          admit: async (ip) => {
            seen.push(ip);
            return ip === '10.9.9.9';
          },
        }),
    };
    t = await createTestApp({ realtime });
    baseUrl = await listenOnFreePort(t.app);
  });
  afterAll(() => t.close());

  it('judges the socket address, not the header (TRUST_PROXY=0)', async () => {
    const admin = await makeAdmin(t.database.db, t.hasher);
    const { token } = await loginAs(t.app, admin);
    const answer = await refusal(baseUrl, {
      token,
      headers: { 'x-forwarded-for': '10.9.9.9' },
    });
    expect(answer).toBe('forbidden');
    expect(seen).toEqual(['127.0.0.1']);
  });
});
