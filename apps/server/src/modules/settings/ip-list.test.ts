import type { InjectOptions } from 'fastify';
import { desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  SETTINGS_MESSAGES as M,
  type AllowedIp,
  type AllowedIpList,
} from '@safarnama/contract';
import { adminActivities, allowedIps } from '../../db/schema/index.js';
import { dataOf, record, errorOf } from '../../test/api.js';
import { makeAdmin } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { fakeMailer, fakeRealtime, sessionFor, signedInWith } from '../../test/manage.js';

const P = API_PATHS.setting;
/** The office range the tests allow, an address inside it and one outside. */
const OFFICE = '203.0.113.7';
const OUTSIDE = '198.51.100.1';

interface Call {
  headers?: Record<string, string>;
  data?: unknown;
  ip?: string;
  query?: Record<string, string>;
}

const call = (t: TestApp, method: InjectOptions['method'], url: string, options: Call = {}) =>
  t.app.inject({
    method,
    url,
    headers: options.headers ?? {},
    remoteAddress: options.ip ?? '127.0.0.1',
    ...(options.query ? { query: options.query } : {}),
    ...(options.data === undefined ? {} : { payload: { data: options.data } }),
  });

describe('allowed-IP list', () => {
  let t: TestApp;
  let editor: Record<string, string>;
  let editorName: string;

  const add = (ip: string, label = '', from = OFFICE) =>
    call(t, 'POST', P.addIp, { headers: editor, data: { ip, label }, ip: from });
  const list = (query: Record<string, string> = {}, from = OFFICE) =>
    call(t, 'GET', P.listIps, { headers: editor, query, ip: from });
  const remove = (id: string, from = OFFICE) =>
    call(t, 'POST', P.deleteIp, { headers: editor, data: { id }, ip: from });

  beforeAll(async () => {
    t = await createTestApp({ mailer: fakeMailer().mailer, realtime: fakeRealtime().realtime });
    const made = await signedInWith(t.database.db, t.hasher, ['settings.view', 'settings.update']);
    editor = made.headers;
    editorName = made.admin.name;
  });
  afterEach(async () => {
    await t.database.db.delete(allowedIps);
    t.app.services.settings.ipList.invalidate();
  });
  afterAll(() => t.close());

  it('adds addresses and ranges normalised and lists them newest first with the caller’s address', async () => {
    const office = record<AllowedIp>(await add(OFFICE, 'Office'), 201);
    expect(office).toMatchObject({ ip: OFFICE, label: 'Office', createdBy: { name: editorName } });
    expect(record<AllowedIp>(await add('10.1.2.3/8', 'VPN'), 201).ip).toBe('10.0.0.0/8');
    expect(record<AllowedIp>(await add('2001:DB8::1/32'), 201).ip).toBe('2001:db8::/32');
    expect(record<AllowedIp>(await add('::ffff:192.0.2.44'), 201).ip).toBe('192.0.2.44');
    const [stored] = await t.database.db
      .select()
      .from(allowedIps)
      .where(eq(allowedIps.id, office._id));
    expect(stored?.cidr).toBe(`${OFFICE}/32`);

    const page = dataOf<AllowedIpList>(await list());
    expect(page.currentIp).toBe(OFFICE);
    expect(page.ips.map((e) => e.ip)).toEqual([
      '192.0.2.44',
      '2001:db8::/32',
      '10.0.0.0/8',
      OFFICE,
    ]);
    expect(page.pagination).toMatchObject({ total: 4, page: 1, totalPages: 1 });

    const searched = dataOf<AllowedIpList>(await list({ search: 'vpn' }));
    expect(searched.ips.map((e) => e.label)).toEqual(['VPN']);
    expect(dataOf<AllowedIpList>(await list({ search: '2001:db8' })).ips).toHaveLength(1);
    const paged = dataOf<AllowedIpList>(await list({ page: '2', limit: '3' }));
    expect(paged.ips.map((e) => e.ip)).toEqual([OFFICE]);
    expect(paged.pagination).toMatchObject({ total: 4, totalPages: 2, hasPrevPage: true });
    // The caller's address as a mapped IPv6 socket address reads as IPv4.
    expect(dataOf<AllowedIpList>(await list({}, `::ffff:${OFFICE}`)).currentIp).toBe(OFFICE);
  });

  it('refuses what is not an address or range (400) and what is already listed (409)', async () => {
    for (const ip of [
      '256.1.1.1',
      '10.0.0.0/33',
      'office',
      '1.2.3.4/8/1',
      '1.2.3',
      '::g',
      '1.2.3.4/x',
    ]) {
      const error = errorOf(await add(ip, '', '127.0.0.1'), 400);
      expect(error.message, ip).toBe(M.ipInvalid);
      expect(error.details).toEqual([{ path: 'ip', message: M.ipInvalid }]);
    }
    expect(errorOf(await add('', '', '127.0.0.1'), 400).details?.[0]?.path).toBe('ip');
    expect(errorOf(await add('1'.repeat(65), '', '127.0.0.1'), 400).code).toBe('VALIDATION_ERROR');
    expect(
      errorOf(
        await call(t, 'POST', P.addIp, { headers: editor, data: { ip: OFFICE, isDefault: true } }),
        400,
      ).details,
    ).toEqual([{ path: 'isDefault', message: 'Unknown field' }]);
    expect(await t.database.db.select().from(allowedIps)).toEqual([]);

    dataOf(await add('203.0.113.0/24'), 201);
    expect(errorOf(await add('203.0.113.0/24'), 409).message).toBe(M.ipDuplicate);
    // The same range written differently is the same entry.
    expect(errorOf(await add('203.0.113.99/24'), 409).message).toBe(M.ipDuplicate);
    dataOf(await add(OFFICE), 201);
    expect(errorOf(await add(`${OFFICE}/32`), 409).message).toBe(M.ipDuplicate);
  });

  it('refuses a change that would shut the caller out, naming their address', async () => {
    // An empty list allows everyone: the first entry must cover the caller.
    expect(errorOf(await add('203.0.113.0/24', 'Office', '127.0.0.1'), 409).message).toBe(
      M.ipLockout('127.0.0.1'),
    );
    expect(errorOf(await add('203.0.113.0/24', '', `::ffff:${OUTSIDE}`), 409).message).toBe(
      M.ipLockout(OUTSIDE),
    );
    expect(await t.database.db.select().from(allowedIps)).toEqual([]);

    const office = record<AllowedIp>(await add('203.0.113.0/24', 'Office'), 201);
    const partner = record<AllowedIp>(await add('198.51.100.0/24', 'Partner'), 201);
    // Deleting the entry that covers the caller while another stays: refused.
    expect(errorOf(await remove(office._id), 409).message).toBe(M.ipLockout(OFFICE));
    // The partner may go; then the office entry is the last one and may go too (list empty).
    expect(dataOf(await remove(partner._id))).toEqual({ _id: partner._id, id: partner._id });
    dataOf(await remove(office._id));
    expect(await t.database.db.select().from(allowedIps)).toEqual([]);
    expect(errorOf(await remove(office._id, '127.0.0.1'), 404).message).toBe(M.ipNotFound);
    expect(errorOf(await remove('not-a-uuid', '127.0.0.1'), 400).code).toBe('VALIDATION_ERROR');
  });

  it('blocks every admin API call from outside a non-empty list, sign-in included', async () => {
    dataOf(await add('203.0.113.0/24', 'Office'), 201);
    const viewer = await makeAdmin(t.database.db, t.hasher, { permissions: [] });
    const viewerHeaders = await sessionFor(t.database.db, viewer.admin.id);
    const blocked = [
      call(t, 'GET', API_PATHS.auth.profile, { headers: viewerHeaders, ip: OUTSIDE }),
      call(t, 'GET', P.listIps, { headers: editor, ip: OUTSIDE }),
      call(t, 'POST', P.deleteIp, { headers: editor, data: { id: 'x' }, ip: OUTSIDE }),
      // Anonymous: 403 for the address, not 401.
      call(t, 'GET', API_PATHS.auth.profile, { ip: OUTSIDE }),
      call(t, 'POST', API_PATHS.auth.login, {
        data: { email: viewer.email, password: viewer.password },
        ip: OUTSIDE,
      }),
      call(t, 'POST', API_PATHS.auth.forgotPassword, {
        data: { email: viewer.email },
        ip: OUTSIDE,
      }),
      call(t, 'GET', API_PATHS.service.listItineraries, { headers: editor, ip: '2001:db8::5' }),
      call(t, 'GET', API_PATHS.auth.profile, { headers: viewerHeaders, ip: '127.0.0.1' }),
    ];
    for (const res of await Promise.all(blocked)) {
      expect(errorOf(res, 403)).toMatchObject({ code: 'FORBIDDEN', message: M.ipBlocked });
    }
    // Inside the list, the same calls work.
    expect(
      (
        await call(t, 'GET', API_PATHS.auth.profile, {
          headers: viewerHeaders,
          ip: '203.0.113.200',
        })
      ).statusCode,
    ).toBe(200);
    const signIn = await call(t, 'POST', API_PATHS.auth.login, {
      data: { email: viewer.email, password: viewer.password },
      ip: '203.0.113.201',
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    // Health, readiness, the docs, the client config and the service status stay open.
    for (const url of [
      API_PATHS.health,
      API_PATHS.ready,
      `${API_PATHS.docs}/json`,
      API_PATHS.common.clientConfig,
      API_PATHS.common.serviceStatus,
    ]) {
      expect((await call(t, 'GET', url, { ip: OUTSIDE })).statusCode, url).toBe(200);
    }
  });

  it('SECURITY 2: a forged X-Forwarded-For changes nothing without trusted proxies', async () => {
    dataOf(await add('203.0.113.0/24', 'Office'), 201);
    const forged = await t.app.inject({
      method: 'GET',
      url: P.listIps,
      headers: { ...editor, 'x-forwarded-for': OFFICE },
      remoteAddress: OUTSIDE,
    });
    expect(errorOf(forged, 403).message).toBe(M.ipBlocked);
    // From inside, the header does not change the address the page shows either.
    const inside = await t.app.inject({
      method: 'GET',
      url: P.listIps,
      headers: { ...editor, 'x-forwarded-for': OUTSIDE },
      remoteAddress: OFFICE,
    });
    expect(dataOf<AllowedIpList>(inside).currentIp).toBe(OFFICE);
  });

  it('reads the list once and again only after a change through the API', async () => {
    dataOf(await add('203.0.113.0/24', 'Office'), 201);
    expect((await list()).statusCode).toBe(200); // loads the list
    // A row written behind the service's back is not seen: the cached list is enforced.
    await t.database.db.insert(allowedIps).values({ cidr: `${OUTSIDE}/32`, label: 'direct' });
    expect((await list({}, OUTSIDE)).statusCode).toBe(403);
    // Any change through the API drops the cache.
    dataOf(await add('192.0.2.0/24'), 201);
    expect((await list({}, OUTSIDE)).statusCode).toBe(200);
  });

  it('needs settings.view to list and settings.update to change', async () => {
    const viewer = await signedInWith(t.database.db, t.hasher, ['settings.view']);
    expect((await call(t, 'GET', P.listIps, { headers: viewer.headers })).statusCode).toBe(200);
    expect(
      (await call(t, 'POST', P.addIp, { headers: viewer.headers, data: { ip: '127.0.0.1' } }))
        .statusCode,
    ).toBe(403);
    const nobody = await signedInWith(t.database.db, t.hasher, []);
    expect((await call(t, 'GET', P.listIps, { headers: nobody.headers })).statusCode).toBe(403);
    expect((await call(t, 'GET', P.listIps)).statusCode).toBe(401);
  });

  it('writes the additions and removals to the audit log with the real address', async () => {
    const entry = record<AllowedIp>(await add('203.0.113.0/24', 'Office'), 201);
    const partner = record<AllowedIp>(await add('198.51.100.0/24', 'Partner'), 201);
    const forged = await t.app.inject({
      method: 'POST',
      url: P.deleteIp,
      headers: { ...editor, 'x-forwarded-for': '192.0.2.1' },
      remoteAddress: OFFICE,
      payload: { data: { id: partner._id } },
    });
    expect(forged.statusCode, forged.body).toBe(200);
    const rows = await t.database.db
      .select()
      .from(adminActivities)
      .where(eq(adminActivities.entityType, 'allowed-ip'))
      .orderBy(desc(adminActivities.createdAt), desc(adminActivities.id));
    expect(rows.map((r) => r.summary).slice(0, 3)).toEqual([
      "Deleted allowed ip '198.51.100.0/24'",
      "Created allowed ip '198.51.100.0/24'",
      "Created allowed ip '203.0.113.0/24'",
    ]);
    expect(rows[0]?.ip).toBe(OFFICE);
    expect(rows[2]?.entityId).toBe(entry._id);
  });
});

describe('allowed-IP list behind one trusted proxy (TRUST_PROXY=1)', () => {
  let t: TestApp;
  let editor: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp({
      config: { trustProxy: 1 },
      mailer: fakeMailer().mailer,
      realtime: fakeRealtime().realtime,
    });
    editor = (await signedInWith(t.database.db, t.hasher, ['settings.view', 'settings.update']))
      .headers;
  });
  afterAll(() => t.close());

  it('SECURITY 2: only the last hop counts', async () => {
    const viaProxy = (forwardedFor: string) =>
      t.app.inject({
        method: 'GET',
        url: P.listIps,
        headers: { ...editor, 'x-forwarded-for': forwardedFor },
        remoteAddress: '127.0.0.1',
      });
    const added = await t.app.inject({
      method: 'POST',
      url: P.addIp,
      headers: { ...editor, 'x-forwarded-for': OFFICE },
      payload: { data: { ip: '203.0.113.0/24', label: 'Office' } },
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(dataOf<AllowedIpList>(await viaProxy(OFFICE)).currentIp).toBe(OFFICE);
    // A client that puts an office address in front of its own gets nowhere.
    expect(errorOf(await viaProxy(`${OFFICE}, ${OUTSIDE}`), 403).message).toBe(M.ipBlocked);
    expect(dataOf<AllowedIpList>(await viaProxy(`${OUTSIDE}, ${OFFICE}`)).currentIp).toBe(OFFICE);
  });
});
