import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  SETTINGS_MESSAGES as M,
  type BasicSettings,
  type ServiceStatus,
} from '@safarnama/contract';
import { adminActivities, appSettings, images, sessions } from '../../db/schema/index.js';
import {
  dataOf,
  record,
  errorOf,
  imagePart,
  sendForm,
  storedFiles,
  textParts,
} from '../../test/api.js';
import { testClock } from '../../test/account.js';
import { login, loginAs, makeAdmin } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { HTML_AS_JPG, makeJpeg, makePng } from '../../test/images.js';
import { fakeMailer, fakeRealtime, signedInWith } from '../../test/manage.js';
import { DEFAULT_BASIC_SETTINGS, LOGO_FIELD, LOGO_OWNER_ID } from './basic.service.js';

const P = API_PATHS.setting;

/** Every text field of the form, with these changes. */
const fields = (changes: Record<string, string> = {}) =>
  textParts({
    productName: 'Safarnama Travels',
    supportEmail: 'help@safarnama.test',
    supportPhone: '+91 98123 45678',
    timeZone: 'Asia/Kolkata',
    currencySymbol: '₹',
    sessionIdleMinutes: '480',
    maintenanceMode: 'false',
    maintenanceMessage: '',
    ...changes,
  });

describe('basic settings', () => {
  let t: TestApp;
  let editor: Record<string, string>;
  const realtime = fakeRealtime();
  const broadcasts: { event: string; payload: unknown }[] = [];
  // `branding-changed` goes out too when a save changes the product name (client-config tests).
  const statusBroadcasts = () => broadcasts.filter((b) => b.event === 'service-status');

  const save = (
    changes: Record<string, string> = {},
    logo?: Buffer,
    headers: Record<string, string> = editor,
  ) =>
    sendForm(
      t.app,
      'POST',
      P.updateBasic,
      [...fields(changes), ...(logo ? [imagePart(LOGO_FIELD, logo)] : [])],
      headers,
    );
  const get = (headers: Record<string, string> = editor) =>
    t.app.inject({ method: 'GET', url: P.basic, headers });

  beforeAll(async () => {
    t = await createTestApp({
      mailer: fakeMailer().mailer,
      realtime: {
        ...realtime.realtime,
        broadcast: (event, payload) => {
          broadcasts.push({ event, payload });
        },
      },
    });
    editor = (await signedInWith(t.database.db, t.hasher, ['settings.view', 'settings.update']))
      .headers;
  });
  afterAll(() => t.close());

  it('answers the defaults until first saved', async () => {
    expect(record<BasicSettings>(await get())).toEqual({
      ...DEFAULT_BASIC_SETTINGS,
      updatedAt: null,
    });
    expect(DEFAULT_BASIC_SETTINGS).toMatchObject({
      productName: 'Safarnama',
      timeZone: 'Asia/Kolkata',
      currencySymbol: '₹',
      sessionIdleMinutes: 480,
      maintenanceMode: false,
    });
    expect(
      dataOf<ServiceStatus>(await t.app.inject({ url: API_PATHS.common.serviceStatus })),
    ).toEqual({ active: true, message: '' });
  });

  it('saves the fields and a logo through the media pipeline; replacing or removing it deletes the old files', async () => {
    const before = await storedFiles(t.uploadsDir);
    const first = record<BasicSettings>(await save({}, await makeJpeg(900, 300)));
    expect(first).toMatchObject({
      productName: 'Safarnama Travels',
      supportEmail: 'help@safarnama.test',
      supportPhone: '+91 98123 45678',
      timeZone: 'Asia/Kolkata',
      currencySymbol: '₹',
      sessionIdleMinutes: 480,
      maintenanceMode: false,
    });
    expect(first.updatedAt).not.toBeNull();
    expect(first.logoUrl).toMatch(/^\/uploads\/images\/\d{4}\/\d{2}\/[0-9a-f-]+-320\.webp$/);
    const served = await t.app.inject({ method: 'GET', url: first.logoUrl ?? '' });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const firstFiles = (await storedFiles(t.uploadsDir)).filter((f) => !before.includes(f));
    expect(firstFiles).toHaveLength(6); // the original, three WebP variants and two crops
    expect(record<BasicSettings>(await get())).toEqual(first);

    // Saving without a logo keeps it.
    const renamed = record<BasicSettings>(await save({ productName: 'Safarnama India' }));
    expect(renamed).toMatchObject({ productName: 'Safarnama India', logoUrl: first.logoUrl });

    const second = record<BasicSettings>(await save({}, await makePng(200, 80)));
    expect(second.logoUrl).not.toBe(first.logoUrl);
    const afterSecond = await storedFiles(t.uploadsDir);
    for (const file of firstFiles) expect(afterSecond).not.toContain(file);
    const rows = await t.database.db.select().from(images).where(eq(images.ownerId, LOGO_OWNER_ID));
    expect(rows.map((r) => r.ownerType)).toEqual(['app-logo']);

    const removed = record<BasicSettings>(await save({ removeLogo: 'true' }));
    expect(removed.logoUrl).toBeNull();
    expect(await storedFiles(t.uploadsDir)).toEqual(before);
    expect(
      await t.database.db.select().from(images).where(eq(images.ownerId, LOGO_OWNER_ID)),
    ).toEqual([]);
  });

  it('refuses bad fields and non-images, keeping what was saved', async () => {
    const saved = record<BasicSettings>(await save({ productName: 'Kept Name' }));
    const files = await storedFiles(t.uploadsDir);
    const cases: [Record<string, string>, string][] = [
      [{ productName: '  ' }, 'productName'],
      [{ timeZone: 'Mars/Olympus_Mons' }, 'timeZone'],
      [{ sessionIdleMinutes: '2' }, 'sessionIdleMinutes'],
      [{ sessionIdleMinutes: '1441' }, 'sessionIdleMinutes'],
      [{ maintenanceMode: 'yes' }, 'maintenanceMode'],
      [{ supportEmail: 'help@' }, 'supportEmail'],
      [{ currencySymbol: 'rupees' }, 'currencySymbol'],
    ];
    for (const [change, path] of cases) {
      const error = errorOf(await save(change), 400);
      expect(
        error.details?.map((d) => d.path),
        path,
      ).toContain(path);
    }
    const unknown = await sendForm(
      t.app,
      'POST',
      P.updateBasic,
      [...fields(), { name: 'updatedById', value: 'x' }],
      editor,
    );
    expect(errorOf(unknown, 400).details).toEqual([
      { path: 'updatedById', message: 'Unknown field' },
    ]);
    errorOf(await save({ productName: 'Changed' }, HTML_AS_JPG), 415);
    expect(await storedFiles(t.uploadsDir)).toEqual(files);
    expect(record<BasicSettings>(await get())).toEqual(saved);
    const json = await t.app.inject({
      method: 'POST',
      url: P.updateBasic,
      headers: editor,
      payload: { data: { productName: 'X' } },
    });
    expect(json.statusCode).toBe(415);
  });

  it('needs settings.view to read and settings.update to save; saves are audited', async () => {
    const viewer = await signedInWith(t.database.db, t.hasher, ['settings.view']);
    expect((await get(viewer.headers)).statusCode).toBe(200);
    expect((await save({}, undefined, viewer.headers)).statusCode).toBe(403);
    expect((await get({})).statusCode).toBe(401);
    dataOf(await save({ productName: 'Audited Name' }));
    const [entry] = await t.database.db
      .select()
      .from(adminActivities)
      .where(eq(adminActivities.entityType, 'basic-settings'))
      .orderBy(desc(adminActivities.createdAt), desc(adminActivities.id))
      .limit(1);
    expect(entry).toMatchObject({
      action: 'update',
      entityId: 'basic',
      summary: 'Updated basic settings',
    });
    expect(entry?.changes).toMatchObject({ productName: { to: 'Audited Name' } });
  });

  describe('maintenance mode', () => {
    it('answers 503 to admins without settings.update, not to those with it, and tells the sockets', async () => {
      broadcasts.length = 0;
      const reader = await signedInWith(t.database.db, t.hasher, ['itineraries.view']);
      const viewer = await signedInWith(t.database.db, t.hasher, ['settings.view']);
      const chief = await signedInWith(t.database.db, t.hasher, 'super');
      const itineraries = (headers: Record<string, string>) =>
        t.app.inject({ method: 'GET', url: API_PATHS.service.listItineraries, headers });
      expect((await itineraries(reader.headers)).statusCode).toBe(200);

      const on = record<BasicSettings>(
        await save({ maintenanceMode: 'true', maintenanceMessage: 'Back at 18:00 IST' }),
      );
      expect(on.maintenanceMode).toBe(true);
      expect(statusBroadcasts()).toEqual([{ event: 'service-status', payload: { active: false } }]);

      for (const res of [
        await itineraries(reader.headers),
        await t.app.inject({ url: API_PATHS.auth.profile, headers: reader.headers }),
        await get(viewer.headers),
      ]) {
        expect(errorOf(res, 503)).toMatchObject({
          code: 'SERVICE_UNAVAILABLE',
          message: M.maintenance,
        });
      }
      // Those who can end it keep working.
      expect((await itineraries(chief.headers)).statusCode).toBe(200);
      expect((await get()).statusCode).toBe(200);
      // The public status says so; signing in and signing out still work.
      expect(
        dataOf<ServiceStatus>(await t.app.inject({ url: API_PATHS.common.serviceStatus })),
      ).toEqual({ active: false, message: 'Back at 18:00 IST' });
      const admin = await makeAdmin(t.database.db, t.hasher);
      const signIn = await login(
        t.app,
        { email: admin.email, password: admin.password },
        '192.0.2.77',
      );
      expect(signIn.statusCode).toBe(200);
      const out = await t.app.inject({
        method: 'POST',
        url: API_PATHS.auth.logout,
        headers: reader.headers,
      });
      expect(out.statusCode).toBe(200);
      // Anonymous callers still get 401 for a guarded route.
      expect((await t.app.inject({ url: API_PATHS.auth.profile })).statusCode).toBe(401);

      // Saving again with maintenance still on sends nothing; turning it off sends active: true.
      dataOf(await save({ maintenanceMode: 'true' }));
      dataOf(await save({ maintenanceMode: 'false' }));
      expect(statusBroadcasts()).toEqual([
        { event: 'service-status', payload: { active: false } },
        { event: 'service-status', payload: { active: true } },
      ]);
      expect((await itineraries(viewer.headers)).statusCode).toBe(403);
      expect((await get(viewer.headers)).statusCode).toBe(200);
      expect(
        dataOf<ServiceStatus>(await t.app.inject({ url: API_PATHS.common.serviceStatus })),
      ).toEqual({ active: true, message: '' });
      const [row] = await t.database.db
        .select()
        .from(appSettings)
        .where(eq(appSettings.key, 'basic'));
      expect(row?.value).toMatchObject({ maintenanceMode: false });
    });
  });
});

describe('session idle timeout from the basic settings', () => {
  const clock = testClock();
  let t: TestApp;
  let editor: Record<string, string>;
  const MINUTE = 60_000;

  const profile = (headers: Record<string, string>) =>
    t.app.inject({ url: API_PATHS.auth.profile, headers });
  const setIdle = async (minutes: number) =>
    dataOf(
      await sendForm(
        t.app,
        'POST',
        P.updateBasic,
        fields({ sessionIdleMinutes: String(minutes) }),
        editor,
      ),
    );

  beforeAll(async () => {
    t = await createTestApp({
      now: clock.now,
      mailer: fakeMailer().mailer,
      realtime: fakeRealtime().realtime,
    });
    const chief = await makeAdmin(t.database.db, t.hasher, {
      permissions: ['settings.view', 'settings.update'],
    });
    editor = (await loginAs(t.app, chief)).headers;
  });
  afterAll(() => t.close());

  it('ends Session sign-ins after the configured idle minutes, open ones included; remember-me keeps its own', async () => {
    const admin = await makeAdmin(t.database.db, t.hasher);
    const openBefore = (await loginAs(t.app, admin)).headers;
    await setIdle(10);
    // Used within the window: the idle expiry moves on with each use.
    const active = (await loginAs(t.app, admin)).headers;
    clock.advance(9 * MINUTE);
    expect((await profile(active)).statusCode).toBe(200);
    expect((await profile(editor)).statusCode).toBe(200);
    clock.advance(9 * MINUTE);
    expect((await profile(active)).statusCode).toBe(200);
    expect((await profile(editor)).statusCode).toBe(200);
    // Idle for longer than 10 minutes: over, also for the session opened under the old 480.
    clock.advance(11 * MINUTE);
    expect((await profile(active)).statusCode).toBe(401);
    expect((await profile(openBefore)).statusCode).toBe(401);

    const remembered = await login(
      t.app,
      { email: admin.email, password: admin.password, rememberMe: true },
      '192.0.2.90',
    );
    const cookie = /^(authToken=[^;]+)/.exec(String(remembered.headers['set-cookie']))?.[1] ?? '';
    expect(cookie).not.toBe('');
    clock.advance(11 * MINUTE);
    expect((await profile({ cookie })).statusCode).toBe(200);
  });

  it('stamps new sessions with the configured idle expiry', async () => {
    editor = (
      await loginAs(
        t.app,
        await makeAdmin(t.database.db, t.hasher, {
          permissions: ['settings.view', 'settings.update'],
        }),
      )
    ).headers;
    await setIdle(30);
    const admin = await makeAdmin(t.database.db, t.hasher);
    await loginAs(t.app, admin);
    const [session] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.adminId, admin.admin.id));
    expect((session?.idleExpiresAt.getTime() ?? 0) - (session?.createdAt.getTime() ?? 0)).toBe(
      30 * MINUTE,
    );
  });
});
