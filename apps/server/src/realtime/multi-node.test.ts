import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  API_PATHS,
  SOCKET_EVENTS,
  type BrandingChangedEvent,
  type ClientConfig,
  type NotificationEvent,
  type ServiceStatusEvent,
  type SessionRevokedEvent,
} from '@safarnama/contract';
import { openPostgres } from '../db/client.js';
import { sendForm, textParts } from '../test/api.js';
import { loginAs, makeAdmin } from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { fakeMailer, signedInWith } from '../test/manage.js';
import { connectSocket, listenOnFreePort, refusal, type TestSocket } from '../test/socket.js';

/**
 * Two server nodes on one PostgreSQL database (issue 10): each has its own pool, HTTP server and
 * socket.io server, and they share nothing but the database, exactly like two processes behind a
 * load balancer. What happens on node A must reach sockets and caches on node B.
 * PostgreSQL suite only (`npm run test:pg`): PGlite is one process by nature.
 */
const OFFICE = '203.0.113.7';
const tokenOf = (headers: Record<string, string>) =>
  (headers.authorization ?? '').replace(/^Bearer /, '');

/** Retries `check` until it passes (cross-node signals arrive asynchronously). */
const eventually = async (check: () => Promise<void>, timeoutMs = 5000) => {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (err) {
      if (Date.now() > until) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
};

describe.skipIf(!inject('pgTemplate'))('two nodes on one PostgreSQL', () => {
  let a: TestApp;
  let b: TestApp;
  let urlB: string;
  const open: TestSocket[] = [];

  beforeAll(async () => {
    a = await createTestApp({ mailer: fakeMailer().mailer });
    const url = a.database.pool?.options.connectionString;
    if (!url) throw new Error('node A has no PostgreSQL pool');
    // Node B: the same database through its own pool; B's close must not drop the database.
    const second = openPostgres(url, { max: 5 });
    b = await createTestApp({ mailer: fakeMailer().mailer, database: second });
    await listenOnFreePort(a.app);
    urlB = await listenOnFreePort(b.app);
  });
  afterEach(() => {
    for (const socket of open.splice(0)) socket.close();
  });

  /** A settings editor and an itineraries reader, the reader's socket connected to node B. */
  const settingsEditorAndReaderOnB = async () => {
    const editor = await signedInWith(a.database.db, a.hasher, [
      'settings.view',
      'settings.update',
    ]);
    const reader = await signedInWith(a.database.db, a.hasher, ['itineraries.view']);
    const socket = await connectSocket(urlB, { token: tokenOf(reader.headers) });
    open.push(socket);
    return { editor, reader, socket };
  };
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('an event caused on node A reaches a socket on node B', async () => {
    const admin = await makeAdmin(a.database.db, a.hasher);
    const { token } = await loginAs(b.app, admin);
    const socket = await connectSocket(urlB, { token });
    open.push(socket);
    await a.app.services.notifications.notify([admin.admin.id], {
      type: 'system',
      title: 'From node A',
      message: 'Sent by the other process',
      link: null,
    });
    const event = await socket.next<NotificationEvent>(SOCKET_EVENTS.notification);
    expect(event.notification.title).toBe('From node A');
  });

  it('a session signed out on node A is refused on both nodes, its socket on B closed', async () => {
    const admin = await makeAdmin(a.database.db, a.hasher);
    const { token, headers } = await loginAs(a.app, admin);
    const socket = await connectSocket(urlB, { token });
    open.push(socket);
    const out = await a.app.inject({ method: 'POST', url: API_PATHS.auth.logout, headers });
    expect(out.statusCode, out.body).toBe(200);

    expect(await socket.next<SessionRevokedEvent>(SOCKET_EVENTS.sessionRevoked)).toMatchObject({
      reason: expect.any(String) as unknown,
    });
    expect(await socket.disconnected).toBe('io server disconnect');
    for (const node of [a, b]) {
      const res = await node.app.inject({ method: 'GET', url: API_PATHS.auth.profile, headers });
      expect(res.statusCode).toBe(401);
    }
    expect(await refusal(urlB, { token })).toBe('unauthenticated');
  });

  it('an allowed-IP list change on node A is enforced by node B at once, sockets included', async () => {
    const { editor, reader, socket } = await settingsEditorAndReaderOnB();
    const profileOnB = (remoteAddress: string) =>
      b.app.inject({
        method: 'GET',
        url: API_PATHS.auth.profile,
        headers: reader.headers,
        remoteAddress,
      });
    expect((await profileOnB('198.51.100.9')).statusCode).toBe(200); // B has cached the empty list

    const added = await a.app.inject({
      method: 'POST',
      url: API_PATHS.setting.addIp,
      headers: editor.headers,
      remoteAddress: OFFICE,
      payload: { data: { ip: '203.0.113.0/24', label: 'Office' } },
    });
    expect(added.statusCode, added.body).toBe(201);

    await eventually(async () => {
      expect((await profileOnB('198.51.100.9')).statusCode).toBe(403);
    });
    expect((await profileOnB(OFFICE)).statusCode).toBe(200);
    // The socket on B (from 127.0.0.1) is outside the new list: B closes it.
    expect(await socket.disconnected).toBe('io server disconnect');

    const id = (JSON.parse(added.body) as { data: { data: { _id: string } } }).data.data._id;
    const removed = await a.app.inject({
      method: 'POST',
      url: API_PATHS.setting.deleteIp,
      headers: editor.headers,
      remoteAddress: OFFICE,
      payload: { data: { id } },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    await eventually(async () => {
      expect((await profileOnB('198.51.100.9')).statusCode).toBe(200);
    });
  });

  it('maintenance mode turned on at node A: node B answers 503 and tells its sockets', async () => {
    const { editor, reader, socket } = await settingsEditorAndReaderOnB();
    const readOnB = () =>
      b.app.inject({
        method: 'GET',
        url: API_PATHS.service.listItineraries,
        headers: reader.headers,
      });
    expect((await readOnB()).statusCode).toBe(200);

    const save = async (maintenanceMode: 'true' | 'false') => {
      const res = await sendForm(
        a.app,
        'POST',
        API_PATHS.setting.updateBasic,
        textParts({
          productName: 'Safarnama',
          timeZone: 'Asia/Kolkata',
          sessionIdleMinutes: '480',
          maintenanceMode,
        }),
        editor.headers,
      );
      expect(res.statusCode, res.body).toBe(200);
    };
    await save('true');
    expect(await socket.next<ServiceStatusEvent>(SOCKET_EVENTS.serviceStatus)).toEqual({
      active: false,
    });
    await eventually(async () => {
      expect((await readOnB()).statusCode).toBe(503);
    });
    await save('false');
    expect(await socket.next<ServiceStatusEvent>(SOCKET_EVENTS.serviceStatus)).toEqual({
      active: true,
    });
    await eventually(async () => {
      expect((await readOnB()).statusCode).toBe(200);
    });
  });

  it("a branding saved on node A reaches B's sockets with the new branding and B's client-config (issue 20)", async () => {
    const { editor, socket } = await settingsEditorAndReaderOnB();
    const brandingOnB = async () => {
      const res = await b.app.inject({ method: 'GET', url: API_PATHS.common.clientConfig });
      return (JSON.parse(res.body) as { data: ClientConfig }).data.branding;
    };
    expect(await brandingOnB()).toMatchObject({ productName: 'Safarnama' }); // B has cached it
    const save = async (productName: string, currencySymbol: string) => {
      const res = await sendForm(
        a.app,
        'POST',
        API_PATHS.setting.updateBasic,
        textParts({
          productName,
          currencySymbol,
          timeZone: 'Asia/Kolkata',
          sessionIdleMinutes: '480',
          maintenanceMode: 'false',
        }),
        editor.headers,
      );
      expect(res.statusCode, res.body).toBe(200);
    };
    await save('Yatra Desk', '$');
    const event = await socket.next<BrandingChangedEvent>(SOCKET_EVENTS.brandingChanged);
    expect(event.branding).toMatchObject({ productName: 'Yatra Desk', currencySymbol: '$' });
    await eventually(async () => {
      expect(await brandingOnB()).toEqual(event.branding);
    });
    await save('Safarnama', '₹');
    await eventually(async () => {
      expect(await brandingOnB()).toMatchObject({ productName: 'Safarnama', currencySymbol: '₹' });
    });
  });
});

describe.skipIf(!inject('pgTemplate'))('the API rate limit across two nodes', () => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    const limits = { rateLimitMax: 10, rateLimitSyncMs: 50 };
    a = await createTestApp({ mailer: fakeMailer().mailer, ...limits });
    const url = a.database.pool?.options.connectionString;
    if (!url) throw new Error('node A has no PostgreSQL pool');
    b = await createTestApp({
      mailer: fakeMailer().mailer,
      database: openPostgres(url, { max: 5 }),
      ...limits,
    });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('counts one client on both nodes together', async () => {
    const hit = (node: TestApp, remoteAddress = '198.51.100.20') =>
      node.app.inject({ method: 'GET', url: API_PATHS.common.serviceStatus, remoteAddress });
    // The counters are per fixed minute: a test crossing into the next one would start from 0.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 45_000) await new Promise((r) => setTimeout(r, 60_000 - intoMinute + 100));
    for (let i = 0; i < 6; i++) expect((await hit(a)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await hit(b)).statusCode).toBe(200);
    // Ten in all (B alone saw four): after a sync both nodes know, and the eleventh is refused
    // wherever it goes.
    await new Promise((r) => setTimeout(r, 300));
    const refused = await hit(b);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await hit(a)).statusCode).toBe(429);
    // Another client is not affected.
    expect((await hit(a, '198.51.100.21')).statusCode).toBe(200);
  });
});
