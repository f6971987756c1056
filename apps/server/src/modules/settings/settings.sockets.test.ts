import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  SOCKET_EVENTS,
  type AllowedIp,
  type BrandingChangedEvent,
  type ServiceStatusEvent,
} from '@safarnama/contract';
import { sendForm, textParts } from '../../test/api.js';
import { makeAdmin } from '../../test/factories.js';
import { body, createTestApp, type TestApp } from '../../test/harness.js';
import { fakeMailer, sessionFor, signedInWith } from '../../test/manage.js';
import { connectSocket, listenOnFreePort, refusal, type TestSocket } from '../../test/socket.js';

/**
 * Real socket.io clients against a listening app: the allowed-IP list refuses and drops sockets
 * (DESIGN §4, SECURITY 2), and maintenance mode reaches every open page (DESIGN §7).
 */
const P = API_PATHS.setting;
const OFFICE = '203.0.113.7';

const tokenOf = (headers: Record<string, string>) =>
  (headers.authorization ?? '').replace(/^Bearer /, '');

describe('sockets and the allowed-IP list (TRUST_PROXY=0)', () => {
  let t: TestApp;
  let baseUrl: string;
  let editor: Record<string, string>;
  const open: TestSocket[] = [];

  const addIp = async (ip: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: P.addIp,
      headers: editor,
      remoteAddress: OFFICE,
      payload: { data: { ip, label: 'Office' } },
    });
    expect(res.statusCode, res.body).toBe(201);
    return body<{ data: { data: AllowedIp } }>(res).data.data;
  };
  const deleteIp = async (id: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: P.deleteIp,
      headers: editor,
      remoteAddress: OFFICE,
      payload: { data: { id } },
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  beforeAll(async () => {
    t = await createTestApp({ mailer: fakeMailer().mailer });
    baseUrl = await listenOnFreePort(t.app);
    editor = (await signedInWith(t.database.db, t.hasher, ['settings.view', 'settings.update']))
      .headers;
  });
  afterEach(() => {
    for (const socket of open.splice(0)) socket.close();
  });
  afterAll(() => t.close());

  it('refuses sockets from outside the list, forged header or not, and drops open ones when the list changes', async () => {
    const admin = await makeAdmin(t.database.db, t.hasher);
    const token = tokenOf(await sessionFor(t.database.db, admin.admin.id));
    // Empty list: everyone may connect.
    const before = await connectSocket(baseUrl, { token });
    open.push(before);

    const entry = await addIp('203.0.113.0/24');
    // The open socket from 127.0.0.1 is now outside: it is disconnected by the server.
    expect(await before.disconnected).toBe('io server disconnect');
    expect(await refusal(baseUrl, { token })).toBe('forbidden');
    expect(await refusal(baseUrl, { token, headers: { 'x-forwarded-for': OFFICE } })).toBe(
      'forbidden',
    );

    // A list that covers the socket's address lets it in again.
    const local = await addIp('127.0.0.0/8');
    const inside = await connectSocket(baseUrl, { token });
    open.push(inside);
    expect(inside.socket.connected).toBe(true);
    await deleteIp(local._id);
    expect(await inside.disconnected).toBe('io server disconnect');

    // Emptied: open to everyone again.
    await deleteIp(entry._id);
    const after = await connectSocket(baseUrl, { token });
    open.push(after);
    expect(after.socket.connected).toBe(true);
  });

  it('maintenance mode tells every open page, on and off', async () => {
    const reader = await signedInWith(t.database.db, t.hasher, ['itineraries.view']);
    const readerSocket = await connectSocket(baseUrl, { token: tokenOf(reader.headers) });
    const editorSocket = await connectSocket(baseUrl, { token: tokenOf(editor) });
    open.push(readerSocket, editorSocket);

    const save = async (maintenanceMode: 'true' | 'false') => {
      const res = await sendForm(
        t.app,
        'POST',
        P.updateBasic,
        textParts({
          productName: 'Safarnama',
          timeZone: 'Asia/Kolkata',
          sessionIdleMinutes: '480',
          maintenanceMode,
        }),
        editor,
      );
      expect(res.statusCode, res.body).toBe(200);
    };

    await save('true');
    for (const socket of [readerSocket, editorSocket]) {
      expect(await socket.next<ServiceStatusEvent>(SOCKET_EVENTS.serviceStatus)).toEqual({
        active: false,
      });
    }
    // The socket stays open during maintenance (it is how the page learns it is over).
    expect(readerSocket.socket.connected).toBe(true);
    await save('true'); // no change, no event
    await save('false');
    for (const socket of [readerSocket, editorSocket]) {
      expect(await socket.next<ServiceStatusEvent>(SOCKET_EVENTS.serviceStatus)).toEqual({
        active: true,
      });
      expect(
        socket.events.filter((e) => e.name === SOCKET_EVENTS.serviceStatus).map((e) => e.payload),
      ).toEqual([{ active: false }, { active: true }]);
    }
  });

  it('a branding change in the basic settings reaches every open page with the new branding (issue 20)', async () => {
    const reader = await signedInWith(t.database.db, t.hasher, ['itineraries.view']);
    const readerSocket = await connectSocket(baseUrl, { token: tokenOf(reader.headers) });
    const editorSocket = await connectSocket(baseUrl, { token: tokenOf(editor) });
    open.push(readerSocket, editorSocket);

    const save = async (productName: string, currencySymbol: string, timeZone = 'Asia/Kolkata') => {
      const res = await sendForm(
        t.app,
        'POST',
        P.updateBasic,
        textParts({
          productName,
          currencySymbol,
          timeZone,
          sessionIdleMinutes: '480',
          maintenanceMode: 'false',
        }),
        editor,
      );
      expect(res.statusCode, res.body).toBe(200);
    };
    const brandingEvents = (socket: TestSocket) =>
      socket.events.filter((e) => e.name === SOCKET_EVENTS.brandingChanged).map((e) => e.payload);

    await save('Yatra Desk', '$', 'Asia/Dubai');
    for (const socket of [readerSocket, editorSocket]) {
      expect(await socket.next<BrandingChangedEvent>(SOCKET_EVENTS.brandingChanged)).toEqual({
        branding: {
          productName: 'Yatra Desk',
          logoUrl: null,
          currencySymbol: '$',
          timeZone: 'Asia/Dubai',
        },
      });
    }
    // A save that changes none of them (only the idle time here) sends nothing.
    const res = await sendForm(
      t.app,
      'POST',
      P.updateBasic,
      textParts({
        productName: 'Yatra Desk',
        currencySymbol: '$',
        timeZone: 'Asia/Dubai',
        sessionIdleMinutes: '60',
        maintenanceMode: 'false',
      }),
      editor,
    );
    expect(res.statusCode, res.body).toBe(200);
    await save('Safarnama', '₹');
    for (const socket of [readerSocket, editorSocket]) {
      expect(
        (await socket.next<BrandingChangedEvent>(SOCKET_EVENTS.brandingChanged)).branding,
      ).toMatchObject({ productName: 'Safarnama', currencySymbol: '₹' });
      expect(brandingEvents(socket)).toHaveLength(2);
    }
  });
});

describe('sockets and the allowed-IP list behind one trusted proxy (TRUST_PROXY=1)', () => {
  let t: TestApp;
  let baseUrl: string;
  const open: TestSocket[] = [];

  beforeAll(async () => {
    t = await createTestApp({ config: { trustProxy: 1 }, mailer: fakeMailer().mailer });
    baseUrl = await listenOnFreePort(t.app);
  });
  afterAll(async () => {
    for (const socket of open.splice(0)) socket.close();
    await t.close();
  });

  it('SECURITY 2: admits by the last hop only', async () => {
    const editor = (await signedInWith(t.database.db, t.hasher, ['settings.update'])).headers;
    const res = await t.app.inject({
      method: 'POST',
      url: P.addIp,
      headers: { ...editor, 'x-forwarded-for': OFFICE },
      payload: { data: { ip: '203.0.113.0/24', label: 'Office' } },
    });
    expect(res.statusCode, res.body).toBe(201);
    const token = tokenOf(editor);

    const viaOffice = await connectSocket(baseUrl, {
      token,
      headers: { 'x-forwarded-for': `198.51.100.1, ${OFFICE}` },
    });
    open.push(viaOffice);
    expect(viaOffice.socket.connected).toBe(true);
    expect(
      await refusal(baseUrl, { token, headers: { 'x-forwarded-for': `${OFFICE}, 198.51.100.1` } }),
    ).toBe('forbidden');
    expect(await refusal(baseUrl, { token })).toBe('forbidden');
  });
});
