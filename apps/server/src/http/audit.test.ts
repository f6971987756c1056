import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, type AdminActivityList, type Itinerary } from '@safarnama/contract';
import type { DatabaseHandle } from '../db/client.js';
import { adminActivities, countries, userTypes } from '../db/schema/index.js';
import { changeContext, noteEntity, transaction } from '../db/transaction.js';
import { insertUserType, updateUserType } from '../modules/roles/roles.repo.js';
import { ROLES_AUDIT } from '../modules/roles/roles.audit.js';
import { errorOf, imagePart, record, sendForm, storedFiles, textParts } from '../test/api.js';
import { makeAdmin, makeGeography, makeUserType } from '../test/factories.js';
import { body, createTestApp, openTestDatabase, type TestApp } from '../test/harness.js';
import { makeJpeg, multipart } from '../test/images.js';
import { fakeMailer, fakeRealtime, postData, sessionFor, signedInWith } from '../test/manage.js';
import { routeAccess } from './access.js';
import { Conflict } from './errors.js';
import {
  MASKED,
  auditOf,
  diffChanges,
  isExemption,
  payloadChanges,
  routesWithoutAudit,
  sanitize,
} from './audit.js';

const S = API_PATHS.service;
const M = API_PATHS.manage;
const REAL_IP = '203.0.113.7';
const FORGED = { 'x-forwarded-for': '198.51.100.99' };
const GOOD_PASSWORD = 'Correct horse battery staple 42';

const latest = async (t: TestApp) => {
  const [row] = await t.database.db
    .select()
    .from(adminActivities)
    .orderBy(desc(adminActivities.createdAt), desc(adminActivities.id))
    .limit(1);
  return row;
};
const entriesCount = async (t: TestApp) =>
  (await t.database.db.select({ id: adminActivities.id }).from(adminActivities)).length;

describe('audit rules', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('cover every state-changing route of the route table; only public routes are exempt', () => {
    expect(routesWithoutAudit(t.app.routeTable)).toEqual([]);
    const changing = t.app.routeTable.filter((r) =>
      ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method),
    );
    expect(changing.length).toBeGreaterThan(30);
    for (const route of changing) {
      const entry = auditOf(route);
      if (entry && isExemption(entry)) {
        expect(routeAccess(route), route.url).toBe('public');
        expect(entry.exempt.length).toBeGreaterThan(10);
      }
    }
  });

  it('reports a new state-changing route that has no rule', async () => {
    const probe = await createTestApp({
      routes: [
        async (app: FastifyInstance) => {
          app.post('/api/test/forgotten', { config: { access: 'self' } }, async () => ({}));
          app.delete('/api/test/public', { config: { access: 'public' } }, async () => ({}));
          app.get('/api/test/read', { config: { access: 'self' } }, async () => ({}));
        },
      ],
    });
    try {
      expect(routesWithoutAudit(probe.app.routeTable)).toEqual([
        'POST /api/test/forgotten',
        'DELETE /api/test/public',
      ]);
    } finally {
      await probe.close();
    }
  });

  it('has no route that edits or deletes the log', () => {
    // Every route of the activity log (login activity is another thing: the sign-in attempts).
    const logRoutes = t.app.routeTable.filter((r) => /admins?-activit/i.test(r.url));
    expect(logRoutes.map((r) => `${r.method} ${r.url}`).sort()).toEqual([
      `GET ${M.activities}`,
      `HEAD ${M.activities}`,
    ]);
  });

  it('masks secrets at any depth, cuts long text and diffs only what changed', () => {
    expect(
      sanitize({
        name: 'A',
        passwordHash: '$argon2id$…',
        nested: { apiKey: 'k', smtp: { password: 'p' }, list: [{ otp: '123456' }] },
        totpSecretEnc: null,
        long: 'x'.repeat(600),
        at: new Date('2025-01-01T00:00:00Z'),
      }),
    ).toEqual({
      name: 'A',
      passwordHash: MASKED,
      nested: { apiKey: MASKED, smtp: { password: MASKED }, list: [{ otp: MASKED }] },
      totpSecretEnc: null,
      long: `${'x'.repeat(500)}…`,
      at: '2025-01-01T00:00:00.000Z',
    });
    expect(payloadChanges({ email: 'a@b.c', newPassword: 'hunter2hunter2' })).toEqual({
      email: { from: null, to: 'a@b.c' },
      newPassword: { from: null, to: MASKED },
    });
    expect(
      diffChanges(
        { id: '1', name: 'Old', isActive: true, updatedAt: 1, passwordHash: 'a' },
        { id: '1', name: 'New', isActive: true, updatedAt: 2, passwordHash: 'b' },
      ),
    ).toEqual({ name: { from: 'Old', to: 'New' }, passwordHash: { from: MASKED, to: MASKED } });
    expect(diffChanges({ name: 'Same' }, { name: 'Same' })).toBeNull();
  });
});

describe('audit entries (SECURITY 19)', () => {
  let t: TestApp;
  let su: Awaited<ReturnType<typeof signedInWith>>;
  const mail = fakeMailer();

  beforeAll(async () => {
    t = await createTestApp({
      mailer: mail.mailer,
      realtime: fakeRealtime().realtime,
      config: { trustProxy: 0 },
    });
    su = await signedInWith(t.database.db, t.hasher, 'super');
  });
  afterAll(() => t.close());

  const headers = () => ({ ...su.headers, ...FORGED });
  const json = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, data?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: headers(),
      remoteAddress: REAL_IP,
      ...(data === undefined ? {} : { payload: { data } }),
    });
  const form = async (
    url: string,
    fields: Record<string, string>,
    method: 'POST' | 'PATCH' = 'POST',
  ) => {
    const built = await multipart(textParts(fields));
    return t.app.inject({
      method,
      url,
      payload: built.payload,
      headers: { ...headers(), ...built.headers },
      remoteAddress: REAL_IP,
    });
  };

  const expectEntry = async (
    res: { statusCode: number; body: string },
    status: number,
    expected: Record<string, unknown>,
  ) => {
    expect(res.statusCode, res.body).toBe(status);
    const entry = await latest(t);
    expect(entry).toMatchObject({
      adminId: su.admin.id,
      adminName: su.admin.name,
      ip: REAL_IP,
      ...expected,
    });
    return entry;
  };

  it('writes one entry per change in every module, with the real IP despite X-Forwarded-For', async () => {
    const { country, state, place } = await makeGeography(t.database.db);

    const role = await json('POST', M.addUserType, { name: 'Audited type' });
    const roleId = record<{ _id: string }>(role, 201)._id;
    const roleEntry = await expectEntry(role, 201, {
      action: 'create',
      entityType: 'user-type',
      entityId: roleId,
      summary: "Created user type 'Audited type'",
      method: 'POST',
      path: M.addUserType,
    });
    expect(roleEntry?.changes).toMatchObject({ name: { from: null, to: 'Audited type' } });

    const perms = await json('POST', M.saveUserTypePermissions, {
      type: roleId,
      permissions: ['blogs.view'],
    });
    const permEntry = await expectEntry(perms, 200, {
      action: 'permissions',
      entityType: 'user-type',
      entityId: roleId,
      summary: "Changed the permissions of user type 'Audited type'",
    });
    expect(permEntry?.changes).toEqual({ permissions: { from: [], to: ['blogs.view'] } });

    const invited = await json('POST', M.addUser, {
      name: 'Audited Admin',
      email: 'audited@example.com',
      userTypeId: roleId,
    });
    await expectEntry(invited, 201, {
      action: 'invite',
      entityType: 'admin-user',
      entityId: record<{ _id: string }>(invited, 201)._id,
      summary: "Invited admin user 'Audited Admin'",
    });

    const countryRes = await form(S.addCountry, { name: 'Auditland', shortName: 'AU' });
    await expectEntry(countryRes, 201, {
      action: 'create',
      entityType: 'country',
      entityId: record<{ _id: string }>(countryRes, 201)._id,
      summary: "Created country 'Auditland'",
    });

    const details = await form(S.addPlaceDetails, {
      countryId: country.id,
      stateId: state.id,
      placeId: place.id,
      month: 'JAN',
    });
    await expectEntry(details, 201, {
      action: 'create',
      entityType: 'place-details',
      entityId: record<{ _id: string }>(details, 201)._id,
    });

    const blog = await form(S.addBlog, {
      title: 'Audited blog',
      countryId: country.id,
      stateId: state.id,
      placeId: place.id,
    });
    await expectEntry(blog, 201, {
      action: 'create',
      entityType: 'blog',
      summary: "Created blog 'Audited blog'",
    });

    const trip = await json('POST', S.createItinerary, {
      title: 'Audited trip',
      duration: '3 days',
      languages: ['English'],
      countryId: country.id,
      stateId: state.id,
      placeId: place.id,
    });
    const tripId = record<Itinerary>(trip, 201)._id;
    await expectEntry(trip, 201, {
      action: 'create',
      entityType: 'itinerary',
      entityId: tripId,
      summary: "Created itinerary 'Audited trip'",
    });

    const library = await form(API_PATHS.imageLibraries.base, { title: 'Audited library' });
    await expectEntry(library, 201, {
      action: 'create',
      entityType: 'image-library',
      summary: "Created image library 'Audited library'",
    });

    const homepage = await json('PUT', S.homepageSettings, {
      trendingDestinations: [place.id],
      trendingActivities: [],
      tourPackages: [{ _id: tripId, displayOrder: 1 }],
      blogs: [],
      isActive: true,
    });
    const homeEntry = await expectEntry(homepage, 200, {
      action: 'update',
      entityType: 'homepage-settings',
      entityId: null,
    });
    expect(homeEntry?.changes).toMatchObject({
      trendingDestinations: { from: [], to: [place.id] },
      tourPackages: { from: [], to: [{ _id: tripId, displayOrder: 1 }] },
    });

    // The admin's own account: a password change (nothing secret stored) and a sign-out.
    const me = await makeAdmin(t.database.db, t.hasher, { permissions: ['dashboard.view'] });
    const meHeaders = await sessionFor(t.database.db, me.admin.id);
    const change = await t.app.inject({
      method: 'POST',
      url: API_PATHS.auth.changePassword,
      headers: { ...meHeaders, ...FORGED },
      remoteAddress: REAL_IP,
      payload: { data: { currentPassword: me.password, newPassword: GOOD_PASSWORD } },
    });
    expect(change.statusCode, change.body).toBe(200);
    const changeEntry = await latest(t);
    expect(changeEntry).toMatchObject({
      adminId: me.admin.id,
      action: 'password-change',
      entityType: 'admin-user',
      entityId: me.admin.id,
      ip: REAL_IP,
    });
    expect(JSON.stringify(changeEntry)).not.toContain(GOOD_PASSWORD);
    expect(JSON.stringify(changeEntry)).not.toContain(me.password);

    const out = await t.app.inject({
      method: 'POST',
      url: API_PATHS.auth.logout,
      headers: { ...meHeaders, ...FORGED },
      remoteAddress: REAL_IP,
    });
    expect(out.statusCode, out.body).toBe(200);
    expect(await latest(t)).toMatchObject({
      adminId: me.admin.id,
      action: 'logout',
      entityType: 'session',
      summary: 'Signed out',
      ip: REAL_IP,
    });

    // And the log reads them back through its route, newest first.
    const log = await t.app.inject({
      method: 'GET',
      url: `${M.activities}?limit=100`,
      headers: su.headers,
    });
    const { activities } = body<{ data: AdminActivityList }>(log).data;
    expect(activities.map((a) => a.entityType)).toEqual(
      expect.arrayContaining([
        'user-type',
        'admin-user',
        'country',
        'place-details',
        'blog',
        'itinerary',
        'image-library',
        'homepage-settings',
        'session',
      ]),
    );
    expect(new Set(activities.map((a) => a.ip))).toEqual(new Set([REAL_IP]));
  });

  it('records a sign-in with its real IP, and nothing for a failed one', async () => {
    const who = await makeAdmin(t.database.db, t.hasher);
    const before = await entriesCount(t);
    const wrong = await t.app.inject({
      method: 'POST',
      url: API_PATHS.auth.login,
      remoteAddress: '192.0.2.50',
      headers: FORGED,
      payload: { data: { email: who.email, password: 'not the password' } },
    });
    expect(wrong.statusCode).toBe(401);
    expect(await entriesCount(t)).toBe(before);
    const res = await t.app.inject({
      method: 'POST',
      url: API_PATHS.auth.login,
      remoteAddress: '192.0.2.51',
      headers: FORGED,
      payload: { data: { email: who.email.toUpperCase(), password: who.password } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const entry = await latest(t);
    expect(entry).toMatchObject({
      adminId: who.admin.id,
      action: 'login',
      entityType: 'admin-user',
      entityId: who.admin.id,
      summary: 'Signed in',
      ip: '192.0.2.51',
      changes: null,
    });
    expect(JSON.stringify(entry)).not.toContain(who.password);
  });

  it('diffs an update against the state before it, also when the id comes in a multipart form', async () => {
    const { country, state, place } = await makeGeography(t.database.db);
    const trip = await json('POST', S.createItinerary, {
      title: 'Before title',
      duration: '2 days',
      languages: ['English'],
      countryId: country.id,
      stateId: state.id,
      placeId: place.id,
    });
    const id = record<Itinerary>(trip, 201)._id;
    const updated = await json('PUT', `${S.updateItinerary(id)}`, {
      title: 'After title',
      duration: '2 days',
      languages: ['English'],
      countryId: country.id,
      stateId: state.id,
      placeId: place.id,
    });
    const entry = await expectEntry(updated, 200, {
      action: 'update',
      entityType: 'itinerary',
      entityId: id,
      summary: "Updated itinerary 'After title'",
    });
    expect(entry?.changes).toEqual({ title: { from: 'Before title', to: 'After title' } });

    const toggled = await json('PATCH', S.toggleItinerary(id));
    const toggleEntry = await expectEntry(toggled, 200, {
      action: 'status',
      summary: "Deactivated itinerary 'After title'",
    });
    expect(toggleEntry?.changes).toEqual({ isActive: { from: true, to: false } });

    const renamed = await form(S.updateCountry, { id: country.id, name: 'Renamed land' });
    const countryEntry = await expectEntry(renamed, 200, {
      action: 'update',
      entityType: 'country',
      entityId: country.id,
    });
    expect(countryEntry?.changes).toEqual({ name: { from: country.name, to: 'Renamed land' } });

    const removed = await json('DELETE', S.deleteItinerary(id));
    const deleted = await expectEntry(removed, 200, {
      action: 'delete',
      entityType: 'itinerary',
      entityId: id,
      summary: "Deleted itinerary 'After title'",
    });
    expect(deleted?.changes).toMatchObject({ title: { from: 'After title', to: null } });

    const type = await makeUserType(t.database.db);
    const target = await makeAdmin(t.database.db, t.hasher, { userType: type });
    const disabled = await json('POST', M.updateUserStatus, {
      id: target.admin.id,
      isActive: false,
    });
    const statusEntry = await expectEntry(disabled, 200, {
      action: 'status',
      entityType: 'admin-user',
      entityId: target.admin.id,
      summary: `Deactivated admin user '${target.admin.name}'`,
    });
    expect(statusEntry?.changes).toEqual({ isActive: { from: true, to: false } });
  });

  it('writes nothing for a refused or failed change', async () => {
    const before = await entriesCount(t);
    const bad = await json('POST', M.addUserType, { name: '' });
    expect(bad.statusCode).toBe(400);
    const viewer = await signedInWith(t.database.db, t.hasher, ['roles.view']);
    const forbidden = await postData(t.app, M.addUserType, { name: 'Nope' }, viewer.headers);
    expect(forbidden.statusCode).toBe(403);
    const missing = await json('DELETE', S.deleteItinerary('0190a0a0-0000-7000-8000-000000000000'));
    expect(missing.statusCode).toBe(404);
    // Entries of the set-up (none here) aside, the count stands still.
    expect(await entriesCount(t)).toBe(before);
    const rows = await t.database.db
      .select()
      .from(adminActivities)
      .where(eq(adminActivities.adminId, viewer.admin.id));
    expect(rows).toEqual([]);
  });
});

describe('audit IP behind a trusted proxy', () => {
  it('records the forwarded address only for the configured hops', async () => {
    const t = await createTestApp({ config: { trustProxy: 1 } });
    try {
      const su = await signedInWith(t.database.db, t.hasher, 'super');
      const res = await t.app.inject({
        method: 'POST',
        url: M.addUserType,
        remoteAddress: '10.0.0.2',
        headers: { ...su.headers, 'x-forwarded-for': '192.0.2.1, 198.51.100.20' },
        payload: { data: { name: 'Proxied' } },
      });
      expect(res.statusCode).toBe(201);
      expect((await latest(t))?.ip).toBe('198.51.100.20');
    } finally {
      await t.close();
    }
  });
});

describe('audit entries in the transaction of the change', () => {
  let t: TestApp;
  let su: Awaited<ReturnType<typeof signedInWith>>;
  let database: DatabaseHandle;

  /** Probe routes with the user types' create rule, each changing through transaction(). */
  const probes = async (app: FastifyInstance) => {
    const audit = ROLES_AUDIT.add;
    const db = () => database.db;
    // A service calling another one inside its transaction: both join the outer one.
    app.post('/api/test/nested', { config: { access: 'self', audit } }, async () => {
      const created = await transaction(db(), async (tx) => {
        const row = await insertUserType(tx, { name: 'Nested type', permissions: [] });
        noteEntity(row.id);
        await transaction(db(), (inner) =>
          updateUserType(inner, row.id, { description: 'Set by the inner call' }),
        );
        return { row, context: changeContext() };
      });
      return { data: { _id: created.row.id, context: created.context } };
    });
    // A change that writes, then fails: all of it rolls back.
    app.post('/api/test/fails', { config: { access: 'self', audit } }, async () => {
      await transaction(db(), async (tx) => {
        const row = await insertUserType(tx, { name: 'Rolled back type', permissions: [] });
        noteEntity(row.id);
        throw new Conflict('Refused after the write');
      });
    });
    // A change written past transaction(): it could commit without its entry, so it answers 500.
    app.post('/api/test/outside', { config: { access: 'self', audit } }, async () => {
      await insertUserType(db(), { name: 'Unaudited type', permissions: [] });
      return { data: null };
    });
  };

  beforeAll(async () => {
    database = await openTestDatabase();
    t = await createTestApp({ database, routes: [probes] });
    su = await signedInWith(t.database.db, t.hasher, 'super');
  });
  afterAll(() => t.close());

  const typesNamed = (name: string) =>
    t.database.db.select().from(userTypes).where(eq(userTypes.name, name));

  it('rolls the change back when its entry cannot be written, and answers the error envelope', async () => {
    // The log refuses entries about 'Doomed …' (a trigger in this test's database).
    await t.database.db.execute(sql`
      create function refuse_doomed_entry() returns trigger language plpgsql as $$
      begin raise exception 'audit entry refused'; end $$`);
    await t.database.db.execute(sql`
      create trigger refuse_doomed_entry before insert on admin_activities for each row
      when (new.summary like '%Doomed%') execute function refuse_doomed_entry()`);
    try {
      const before = await entriesCount(t);
      const res = await postData(t.app, M.addUserType, { name: 'Doomed type' }, su.headers);
      const envelope = errorOf(res, 500);
      expect(envelope).toMatchObject({ success: false, code: 'INTERNAL_ERROR' });
      expect(res.body).not.toMatch(/stack|refused|admin_activities|insert/i);
      expect(await typesNamed('Doomed type')).toEqual([]);

      // A multipart create: no row, and the image it had stored is deleted again.
      const filesBefore = await storedFiles(t.uploadsDir);
      const form = await sendForm(
        t.app,
        'POST',
        S.addCountry,
        [
          ...textParts({ name: 'Doomed land', shortName: 'DL' }),
          imagePart('image', await makeJpeg()),
        ],
        su.headers,
      );
      expect(errorOf(form, 500).code).toBe('INTERNAL_ERROR');
      expect(
        await t.database.db.select().from(countries).where(eq(countries.name, 'Doomed land')),
      ).toEqual([]);
      expect(await storedFiles(t.uploadsDir)).toEqual(filesBefore);
      expect(await entriesCount(t)).toBe(before);

      // The same calls go through once the log takes their entries again.
      await t.database.db.execute(sql`drop trigger refuse_doomed_entry on admin_activities`);
      const again = await postData(t.app, M.addUserType, { name: 'Doomed type' }, su.headers);
      expect(again.statusCode, again.body).toBe(201);
      expect(await latest(t)).toMatchObject({
        action: 'create',
        entityId: record<{ _id: string }>(again, 201)._id,
        summary: "Created user type 'Doomed type'",
      });
    } finally {
      await t.database.db.execute(
        sql`drop trigger if exists refuse_doomed_entry on admin_activities`,
      );
      await t.database.db.execute(sql`drop function refuse_doomed_entry()`);
    }
  });

  it('writes no entry for a change that rolled back', async () => {
    const before = await entriesCount(t);
    const failed = await t.app.inject({
      method: 'POST',
      url: '/api/test/fails',
      headers: su.headers,
    });
    expect(errorOf(failed, 409).message).toBe('Refused after the write');
    expect(await typesNamed('Rolled back type')).toEqual([]);

    // A real one: a rename to a taken name fails at the UPDATE, inside the transaction.
    const taken = await makeUserType(t.database.db);
    const other = await makeUserType(t.database.db);
    const clash = await postData(
      t.app,
      M.updateUserType,
      { id: other.id, name: taken.name },
      su.headers,
    );
    expect(clash.statusCode, clash.body).toBe(409);
    expect(await entriesCount(t)).toBe(before);
  });

  it('writes one entry for a change made through nested service calls, with the request context', async () => {
    const before = await entriesCount(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/nested?probe=1',
      headers: { ...su.headers, 'user-agent': 'audit-probe/1.0' },
      remoteAddress: REAL_IP,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { _id: id, context } = body<{ data: { _id: string; context: unknown } }>(res).data;
    expect(context).toEqual({
      actor: { id: su.admin.id, name: su.admin.name, email: su.admin.email },
      ip: REAL_IP,
      userAgent: 'audit-probe/1.0',
      method: 'POST',
      path: '/api/test/nested',
    });
    expect(await entriesCount(t)).toBe(before + 1);
    expect(await latest(t)).toMatchObject({
      adminId: su.admin.id,
      action: 'create',
      entityType: 'user-type',
      entityId: id,
      summary: "Created user type 'Nested type'",
      path: '/api/test/nested',
      userAgent: 'audit-probe/1.0',
    });
    const [saved] = await t.database.db.select().from(userTypes).where(eq(userTypes.id, id));
    expect(saved?.description).toBe('Set by the inner call');
  });

  it('answers 500 for an audited change made outside transaction()', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/outside',
      headers: su.headers,
    });
    expect(errorOf(res, 500).code).toBe('INTERNAL_ERROR');
  });
});
