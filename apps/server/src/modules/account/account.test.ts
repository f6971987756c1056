import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_MESSAGES,
  API_PATHS,
  PASSWORD_POLICY,
  loginActivityListSchema,
  profileSchema,
  type LoginActivityList,
  type Profile,
} from '@safarnama/contract';
import { adminUsers, images, notifications, userTypes } from '../../db/schema/index.js';
import { DELHI, getJson, postJson, testClock } from '../../test/account.js';
import {
  dataOf,
  record,
  errorOf,
  imagePart,
  sendForm,
  storedFiles,
  textParts,
} from '../../test/api.js';
import { freshIp, login, loginAs, makeAdmin } from '../../test/factories.js';
import { body, createTestApp, type TestApp } from '../../test/harness.js';
import { HTML_AS_JPG, makeJpeg, makePng } from '../../test/images.js';
import { issueLinkToken } from '../identity/link-tokens.js';
import { PASSWORD_CHECK_THROTTLE } from '../identity/throttles.js';

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
describe('account: profile, password, sessions', () => {
  let t: TestApp;
  const clock = testClock();

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
  });
  afterAll(() => t.close());

  const updateProfile = (
    headers: Record<string, string>,
    fields: Record<string, string | undefined>,
    avatar?: Buffer,
  ) =>
    sendForm(
      t.app,
      'POST',
      API_PATHS.auth.updateProfile,
      [...textParts(fields), ...(avatar ? [imagePart('avatar', avatar)] : [])],
      headers,
    );
  const profile = async (headers: Record<string, string>) =>
    record<Profile>(await getJson(t.app, API_PATHS.auth.profile, headers));
  const adminRow = async (id: string) =>
    (await t.database.db.select().from(adminUsers).where(eq(adminUsers.id, id)))[0];
  const changePassword = (headers: Record<string, string>, data: unknown) =>
    postJson(t.app, API_PATHS.auth.changePassword, data, headers);

  describe('update-profile-details', () => {
    it('updates name and phone and answers the profile', async () => {
      const admin = await makeAdmin(t.database.db, t.hasher);
      const { headers } = await loginAs(t.app, admin);
      const res = await updateProfile(headers, { name: '  Meera Nair ', phone: '+91 98765 43210' });
      const updated = profileSchema.strict().parse(record(res));
      expect(body<{ message: string }>(res).message).toBe(ACCOUNT_MESSAGES.profileUpdated);
      expect(updated).toMatchObject({ name: 'Meera Nair', phone: '+91 98765 43210' });
      expect(await profile(headers)).toMatchObject({
        name: 'Meera Nair',
        phone: '+91 98765 43210',
      });
      // An empty phone clears it; a bad one is a field error.
      expect(
        record<Profile>(await updateProfile(headers, { name: 'Meera', phone: '' })).phone,
      ).toBe(null);
      const bad = errorOf(await updateProfile(headers, { name: '', phone: 'call me' }), 400);
      expect(bad.details).toEqual([
        { path: 'name', message: 'Name is required' },
        { path: 'phone', message: 'Enter a valid phone number' },
      ]);
    });

    it('stores an avatar through the media pipeline and deletes the old files when replaced or removed', async () => {
      const admin = await makeAdmin(t.database.db, t.hasher);
      const { headers } = await loginAs(t.app, admin);
      const before = await storedFiles(t.uploadsDir);

      const first = record<Profile>(
        await updateProfile(headers, { name: 'With Picture' }, await makeJpeg(900, 600)),
      );
      expect(first.avatarUrl).toMatch(/^\/uploads\/images\/\d{4}\/\d{2}\/[0-9a-f-]+-320\.webp$/);
      const served = await t.app.inject({ method: 'GET', url: first.avatarUrl ?? '' });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      const afterFirst = await storedFiles(t.uploadsDir);
      const firstFiles = afterFirst.filter((f) => !before.includes(f));
      // The re-encoded original, its WebP variants (320, 768 and 900 = its own width) and the
      // square and card crops (issue 24).
      expect(firstFiles).toHaveLength(6);

      const second = record<Profile>(
        await updateProfile(headers, { name: 'With Picture' }, await makePng(200, 200)),
      );
      expect(second.avatarUrl).not.toBe(first.avatarUrl);
      const afterSecond = await storedFiles(t.uploadsDir);
      for (const file of firstFiles) expect(afterSecond).not.toContain(file);
      const rows = await t.database.db
        .select()
        .from(images)
        .where(eq(images.ownerId, admin.admin.id));
      expect(rows).toHaveLength(1);
      expect(rows[0]?.ownerType).toBe('admin-avatar');

      const removed = record<Profile>(
        await updateProfile(headers, { name: 'With Picture', removeAvatar: 'true' }),
      );
      expect(removed.avatarUrl).toBeNull();
      expect(await storedFiles(t.uploadsDir)).toEqual(before);
    });

    it('refuses a file that is not an image (415): nothing stored, nothing changed', async () => {
      const admin = await makeAdmin(t.database.db, t.hasher);
      const { headers } = await loginAs(t.app, admin);
      const before = await storedFiles(t.uploadsDir);
      errorOf(await updateProfile(headers, { name: 'Changed Name' }, HTML_AS_JPG), 415);
      expect(await storedFiles(t.uploadsDir)).toEqual(before);
      expect((await adminRow(admin.admin.id))?.name).toBe(admin.admin.name);
      // JSON is not the form this route reads.
      const json = await postJson(t.app, API_PATHS.auth.updateProfile, { name: 'X' }, headers);
      expect(json.statusCode).toBe(415);
    });

    it('changes the e-mail only with the current password, and never to one in use (409)', async () => {
      const admin = await makeAdmin(t.database.db, t.hasher);
      const other = await makeAdmin(t.database.db, t.hasher);
      const { headers } = await loginAs(t.app, admin);
      const open = await issueLinkToken(t.database.db, admin.admin.id, 'reset', clock.now());

      const missing = errorOf(
        await updateProfile(headers, { name: 'Mover', email: 'moved@example.com' }),
        400,
      );
      expect(missing.details).toEqual([
        { path: 'currentPassword', message: ACCOUNT_MESSAGES.emailNeedsPassword },
      ]);
      const wrong = errorOf(
        await updateProfile(headers, {
          name: 'Mover',
          email: 'moved@example.com',
          currentPassword: 'not-my-password',
        }),
        400,
      );
      expect(wrong.details).toEqual([
        { path: 'currentPassword', message: ACCOUNT_MESSAGES.currentPasswordWrong },
      ]);
      const taken = errorOf(
        await updateProfile(headers, {
          name: 'Mover',
          email: other.email.toUpperCase(),
          currentPassword: admin.password,
        }),
        409,
      );
      expect(taken.message).toBe(ACCOUNT_MESSAGES.emailTaken);
      expect((await adminRow(admin.admin.id))?.email).toBe(admin.email);

      const moved = record<Profile>(
        await updateProfile(headers, {
          name: 'Mover',
          email: 'moved@example.com',
          currentPassword: admin.password,
        }),
      );
      expect(moved.email).toBe('moved@example.com');
      // Links mailed to the old address stop working.
      const check = await postJson(t.app, API_PATHS.auth.validateForgotPasswordToken, {
        token: open.token,
      });
      expect(check.statusCode).toBe(400);
      // A change of letter case only is the same address: no password needed.
      const cased = await updateProfile(headers, { name: 'Mover', email: 'Moved@Example.com' });
      expect(record<Profile>(cased).email).toBe('Moved@Example.com');
    });

    it('SECURITY 11: mass assignment (passwordHash, userTypeId, isSuperAdmin) answers 400 and changes nothing', async () => {
      const admin = await makeAdmin(t.database.db, t.hasher);
      const { headers } = await loginAs(t.app, admin);
      const [superType] = await t.database.db
        .select()
        .from(userTypes)
        .where(eq(userTypes.isSuperAdmin, true));
      const before = await adminRow(admin.admin.id);
      const attempts: Record<string, string>[] = [
        { passwordHash: '$argon2id$v=19$m=8,t=1,p=1$AAAA$BBBB' },
        { userTypeId: superType?.id ?? '' },
        { isSuperAdmin: 'true' },
        { twoFactorEnabled: 'false' },
        { isActive: 'false' },
      ];
      for (const extra of attempts) {
        const res = errorOf(await updateProfile(headers, { name: 'Sneaky', ...extra }), 400);
        expect(res.details).toEqual([{ path: Object.keys(extra)[0], message: 'Unknown field' }]);
      }
      const json = errorOf(
        await changePassword(headers, {
          currentPassword: admin.password,
          newPassword: 'harbour-silk-meadow-88',
          passwordHash: 'x',
          isSuperAdmin: true,
        }),
        400,
      );
      expect(json.details).toEqual([
        { path: 'passwordHash', message: 'Unknown field' },
        { path: 'isSuperAdmin', message: 'Unknown field' },
      ]);
      expect(await adminRow(admin.admin.id)).toEqual(before);
      expect((await profile(headers)).userType.isSuperAdmin).toBe(false);
    });
  });

  describe('change-password', () => {
    it('SECURITY 5: needs the current password; then other sessions get 401, this one stays, open reset links die', async () => {
      const admin = await makeAdmin(t.database.db, t.hasher);
      const mine = await loginAs(t.app, admin);
      const other = await loginAs(t.app, admin);
      const link = await issueLinkToken(t.database.db, admin.admin.id, 'reset', clock.now());

      const wrong = errorOf(
        await changePassword(mine.headers, {
          currentPassword: 'not-the-password',
          newPassword: 'harbour-silk-meadow-88',
        }),
        400,
      );
      expect(wrong.details).toEqual([
        { path: 'currentPassword', message: ACCOUNT_MESSAGES.currentPasswordWrong },
      ]);
      const missing = errorOf(
        await changePassword(mine.headers, { newPassword: 'harbour-silk-meadow-88' }),
        400,
      );
      expect(missing.details?.[0]?.path).toBe('currentPassword');
      expect((await getJson(t.app, API_PATHS.auth.profile, other.headers)).statusCode).toBe(200);

      const res = await changePassword(mine.headers, {
        currentPassword: admin.password,
        newPassword: 'harbour-silk-meadow-88',
      });
      expect(body(res)).toEqual({
        status: 200,
        success: true,
        message: ACCOUNT_MESSAGES.passwordChanged,
        data: null,
      });
      expect((await getJson(t.app, API_PATHS.auth.profile, other.headers)).statusCode).toBe(401);
      expect((await getJson(t.app, API_PATHS.auth.profile, mine.headers)).statusCode).toBe(200);
      const validate = await postJson(t.app, API_PATHS.auth.validateForgotPasswordToken, {
        token: link.token,
      });
      expect(validate.statusCode).toBe(400);
      expect(
        (await login(t.app, { email: admin.email, password: admin.password }, freshIp()))
          .statusCode,
      ).toBe(401);
      expect(
        (await login(t.app, { email: admin.email, password: 'harbour-silk-meadow-88' }, freshIp()))
          .statusCode,
      ).toBe(200);
      const [note] = await t.database.db
        .select()
        .from(notifications)
        .where(eq(notifications.adminId, admin.admin.id));
      expect(note).toMatchObject({ type: 'security', title: 'Password changed' });
      expect(note?.message).toContain('your other sessions were signed out');
    });

    it('SECURITY 4: the new password follows the policy and differs from the current one', async () => {
      const admin = await makeAdmin(t.database.db, t.hasher, {
        email: 'priya.sharma@example.com',
      });
      const { headers } = await loginAs(t.app, admin);
      const cases: [string, string][] = [
        ['short-pass', PASSWORD_POLICY.messages.tooShort],
        ['z'.repeat(129), PASSWORD_POLICY.messages.tooLong],
        ['qwerty123456', PASSWORD_POLICY.messages.common],
        ['Priya.Sharma@example.com!', ACCOUNT_MESSAGES.passwordPersonal],
        ['i-am-PRIYA.SHARMA-yes', ACCOUNT_MESSAGES.passwordPersonal],
        [admin.password, ACCOUNT_MESSAGES.passwordSameAsOld],
      ];
      for (const [newPassword, message] of cases) {
        const res = errorOf(
          await changePassword(headers, { currentPassword: admin.password, newPassword }),
          400,
        );
        expect(res.details, newPassword).toEqual([{ path: 'newPassword', message }]);
      }
    });

    it('throttles wrong current passwords: 5 per 15 minutes, then 429 with Retry-After', async () => {
      const admin = await makeAdmin(t.database.db, t.hasher);
      const { headers } = await loginAs(t.app, admin);
      for (let i = 0; i < PASSWORD_CHECK_THROTTLE.limit; i++) {
        const res = await changePassword(headers, {
          currentPassword: `guess-${i}`,
          newPassword: 'harbour-silk-meadow-88',
        });
        expect(res.statusCode).toBe(400);
      }
      const locked = await changePassword(headers, {
        currentPassword: admin.password,
        newPassword: 'harbour-silk-meadow-88',
      });
      expect(locked.statusCode).toBe(429);
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    });
  });

  describe('login activity and other devices', () => {
    it('lists every attempt, newest first, with the parsed agent, location and session state', async () => {
      const admin = await makeAdmin(t.database.db, t.hasher);
      const signIn = (password: string, userAgent: string, location?: typeof DELHI) =>
        t.app.inject({
          method: 'POST',
          url: API_PATHS.auth.login,
          remoteAddress: '198.51.100.20',
          headers: { 'user-agent': userAgent },
          payload: { data: { email: admin.email, password, ...(location ? { location } : {}) } },
        });
      expect((await signIn('wrong-password-here', SAFARI_IPHONE)).statusCode).toBe(401);
      const phone = await signIn(admin.password, SAFARI_IPHONE);
      const desk = await signIn(admin.password, CHROME_WINDOWS, DELHI);
      const phoneHeaders = {
        authorization: `Bearer ${dataOf<{ token: string }>(phone).token}`,
      };
      const deskHeaders = { authorization: `Bearer ${dataOf<{ token: string }>(desk).token}` };

      const res = await getJson(
        t.app,
        `${API_PATHS.auth.loginActivity}?page=1&limit=10`,
        deskHeaders,
      );
      const list: LoginActivityList = loginActivityListSchema.parse(dataOf(res));
      expect(body<{ message: string }>(res).message).toBe(ACCOUNT_MESSAGES.loginActivity);
      expect(list.pagination).toMatchObject({ total: 3, page: 1, limit: 10, totalPages: 1 });
      expect(list.activeSessions).toBe(2);
      const [newest, middle, oldest] = list.activities;
      expect(newest).toMatchObject({
        result: 'success',
        method: 'password',
        ip: '198.51.100.20',
        userAgent: CHROME_WINDOWS,
        browser: 'Chrome 120',
        os: 'Windows 10',
        device: 'desktop',
        location: DELHI,
        session: { tokenType: 'Session', active: true, current: true },
      });
      expect(middle).toMatchObject({
        result: 'success',
        browser: 'Safari 17',
        os: 'iOS 17.0',
        device: 'mobile',
        location: null,
        session: { active: true, current: false },
      });
      expect(oldest).toMatchObject({ result: 'failed', session: null, device: 'mobile' });

      // Paging.
      const page2 = loginActivityListSchema.parse(
        dataOf(await getJson(t.app, `${API_PATHS.auth.loginActivity}?page=2&limit=2`, deskHeaders)),
      );
      expect(page2.activities.map((a) => a._id)).toEqual([oldest?._id]);
      expect(page2.pagination).toMatchObject({ hasPrevPage: true, hasNextPage: false });
      const bad = await getJson(t.app, `${API_PATHS.auth.loginActivity}?limit=1000`, deskHeaders);
      expect(bad.statusCode).toBe(400);

      // Log out of the other devices: the phone's session ends, the desk's stays.
      const out = await postJson(t.app, API_PATHS.auth.logoutOthers, undefined, deskHeaders);
      expect(body(out)).toEqual({
        status: 200,
        success: true,
        message: ACCOUNT_MESSAGES.loggedOutOthers,
        data: { revoked: 1 },
      });
      expect((await getJson(t.app, API_PATHS.auth.profile, phoneHeaders)).statusCode).toBe(401);
      expect((await getJson(t.app, API_PATHS.auth.profile, deskHeaders)).statusCode).toBe(200);
      const after = loginActivityListSchema.parse(
        dataOf(await getJson(t.app, API_PATHS.auth.loginActivity, deskHeaders)),
      );
      expect(after.activeSessions).toBe(1);
      expect(after.activities.map((a) => a.session?.active ?? null)).toEqual([true, false, null]);
    });

    it('tells the admin about a sign-in from a new device or a new place, not the first or a known one', async () => {
      const admin = await makeAdmin(t.database.db, t.hasher);
      const signIn = async (userAgent: string, location?: typeof DELHI) => {
        const res = await t.app.inject({
          method: 'POST',
          url: API_PATHS.auth.login,
          remoteAddress: freshIp(),
          headers: { 'user-agent': userAgent },
          payload: { data: { email: admin.email, password: admin.password, location } },
        });
        expect(res.statusCode).toBe(200);
      };
      const titles = async () =>
        (
          await t.database.db
            .select()
            .from(notifications)
            .where(eq(notifications.adminId, admin.admin.id))
            .orderBy(notifications.createdAt, notifications.id)
        ).map((n) => n.title);

      await signIn(CHROME_WINDOWS, DELHI); // the first sign-in: nothing to compare with
      await signIn(CHROME_WINDOWS.replace('120.0.0.0', '121.0.0.0'), DELHI); // an update
      expect(await titles()).toEqual([]);
      await signIn(SAFARI_IPHONE, DELHI);
      expect(await titles()).toEqual(['Sign-in from a new device']);
      const mumbai = { ...DELHI, address: { ...DELHI.address, city: 'Mumbai', state: 'MH' } };
      await signIn(CHROME_WINDOWS, mumbai);
      expect(await titles()).toEqual(['Sign-in from a new device', 'Sign-in from a new location']);
      // Unknown places (spec §8 fallbacks) never count as new.
      const unknown = {
        ...DELHI,
        address: { ...DELHI.address, city: 'Unknown City', country: 'Unknown Country' },
      };
      await signIn(CHROME_WINDOWS, unknown);
      expect(await titles()).toHaveLength(2);
      const [, place] = await t.database.db
        .select()
        .from(notifications)
        .where(eq(notifications.adminId, admin.admin.id))
        .orderBy(notifications.createdAt, notifications.id);
      expect(place?.message).toContain('Chrome 120 on Windows 10 in Mumbai, India');
      expect(place?.link).toBe('/login-activity');
    });
  });
});
