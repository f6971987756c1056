import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_MESSAGES,
  API_PATHS,
  loginActivityListSchema,
  loginAnswerSchema,
  twoFactorSecretSchema,
  type Profile,
} from '@safarnama/contract';
import {
  adminUsers,
  loginAttempts,
  notifications,
  recoveryCodes,
  sessions,
} from '../../db/schema/index.js';
import { createSecretBox } from '../../lib/secret-box.js';
import { hashToken } from '../../lib/tokens.js';
import {
  authCookieToken,
  enableTwoFactor,
  getJson,
  postJson,
  profileWithCookie,
  testClock,
  totpAt,
} from '../../test/account.js';
import { dataOf, record, errorOf } from '../../test/api.js';
import { freshIp, login, loginAs, makeAdmin, type MadeAdmin } from '../../test/factories.js';
import { body, createTestApp, type TestApp } from '../../test/harness.js';
import { CODE_THROTTLE } from '../identity/throttles.js';
import { hashRecoveryCode } from '../identity/two-factor.js';

const APP_SECRET = 'two-factor-test-app-secret-of-enough-length';

describe('two-factor authentication', () => {
  let t: TestApp;
  const clock = testClock();

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now, config: { appSecret: APP_SECRET } });
  });
  afterAll(() => t.close());

  const adminRow = async (id: string) =>
    (await t.database.db.select().from(adminUsers).where(eq(adminUsers.id, id)))[0];
  /** The results of an admin's sign-in attempts (login activity rows). */
  const loginResults = async (adminId: string) =>
    (
      await t.database.db.select().from(loginAttempts).where(eq(loginAttempts.adminId, adminId))
    ).map((attempt) => attempt.result);
  const notesOf = async (adminId: string) =>
    (
      await t.database.db
        .select()
        .from(notifications)
        .where(eq(notifications.adminId, adminId))
        .orderBy(notifications.createdAt, notifications.id)
    ).map((n) => ({ title: n.title, message: n.message }));

  /** Signs in with the password and answers the second step's loginToken. */
  const challenge = async (who: MadeAdmin, extra: Record<string, unknown> = {}) => {
    const res = await login(
      t.app,
      { email: who.email, password: who.password, ...extra },
      freshIp(),
    );
    const answer = loginAnswerSchema.parse(dataOf(res));
    expect(body<{ message: string }>(res).message).toBe(ACCOUNT_MESSAGES.twoFactorRequired);
    expect(res.headers['set-cookie']).toBeUndefined();
    if (!('loginToken' in answer)) throw new Error('expected a two-factor challenge');
    return answer.loginToken;
  };
  const secondStep = (loginToken: unknown, otp: unknown) =>
    postJson(t.app, API_PATHS.auth.validateLoginToken, { loginToken, otp });

  /** A signed-in admin with 2FA on. */
  const withTwoFactor = async () => {
    const admin = await makeAdmin(t.database.db, t.hasher);
    const { headers } = await loginAs(t.app, admin);
    const setup = await enableTwoFactor(t.app, headers, clock);
    return { admin, headers, ...setup };
  };

  describe('enabling', () => {
    it('generates a pending secret (sealed at rest) with its otpauth URL and QR code', async () => {
      const admin = await makeAdmin(t.database.db, t.hasher, { email: 'asha.rao@example.com' });
      const { headers } = await loginAs(t.app, admin);
      const res = await postJson(t.app, API_PATHS.auth.generateTwoFactorSecret, undefined, headers);
      const secret = twoFactorSecretSchema.parse(dataOf(res));
      expect(secret.secret).toMatch(/^[A-Z2-7]{32}$/);
      const url = new URL(secret.otpauthUrl);
      expect(url.protocol).toBe('otpauth:');
      expect(url.host).toBe('totp');
      expect(decodeURIComponent(url.pathname)).toBe('/Safarnama:asha.rao@example.com');
      expect(Object.fromEntries(url.searchParams)).toEqual({
        issuer: 'Safarnama',
        secret: secret.secret,
        algorithm: 'SHA1',
        digits: '6',
        period: '30',
      });
      expect(secret.qrCode).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/=]{200,}$/);

      const row = await adminRow(admin.admin.id);
      expect(row?.twoFactorEnabled).toBe(false);
      expect(row?.totpPendingSecretEnc).toMatch(/^v1\./);
      expect(JSON.stringify(row)).not.toContain(secret.secret);
      expect(createSecretBox(APP_SECRET, 'totp').open(row?.totpPendingSecretEnc ?? '')).toBe(
        secret.secret,
      );
    });

    it('turns on with a code of the pending secret and answers ten recovery codes, kept hashed', async () => {
      const admin = await makeAdmin(t.database.db, t.hasher);
      const { headers } = await loginAs(t.app, admin);
      const verify = (otp: unknown) =>
        postJson(t.app, API_PATHS.auth.verifyTwoFactor, { otp }, headers);

      expect(body(await verify('123456'))).toMatchObject({
        status: 400,
        message: ACCOUNT_MESSAGES.twoFactorNotStarted,
      });
      const { secret } = dataOf<{ secret: string }>(
        await postJson(t.app, API_PATHS.auth.generateTwoFactorSecret, undefined, headers),
      );
      const wrong = errorOf(
        await verify(totpAt(secret, new Date(clock.now().getTime() - 90_000))),
        400,
      );
      expect(wrong.details).toEqual([{ path: 'otp', message: ACCOUNT_MESSAGES.invalidCode }]);
      expect((await verify('12345')).statusCode).toBe(400);
      expect((await verify({})).statusCode).toBe(400);

      const res = await verify(totpAt(secret, clock.now()));
      expect(body<{ message: string }>(res).message).toBe(ACCOUNT_MESSAGES.twoFactorEnabled);
      const { recoveryCodes: codes } = dataOf<{ recoveryCodes: string[] }>(res);
      expect(codes).toHaveLength(10);
      expect(new Set(codes).size).toBe(10);
      for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

      const stored = await t.database.db
        .select()
        .from(recoveryCodes)
        .where(eq(recoveryCodes.adminId, admin.admin.id));
      expect(stored.map((r) => r.codeHash).sort()).toEqual(codes.map(hashRecoveryCode).sort());
      expect(JSON.stringify(stored)).not.toMatch(new RegExp(codes.join('|')));
      const row = await adminRow(admin.admin.id);
      expect(row).toMatchObject({ twoFactorEnabled: true, totpPendingSecretEnc: null });
      expect(row?.totpSecretEnc).toMatch(/^v1\./);
      expect(record<Profile>(await getJson(t.app, API_PATHS.auth.profile, headers))).toMatchObject({
        twoFactorEnabled: true,
      });
      expect(await notesOf(admin.admin.id)).toEqual([
        expect.objectContaining({ title: 'Two-factor authentication turned on' }),
      ]);
      // On already: no new secret.
      const again = await postJson(
        t.app,
        API_PATHS.auth.generateTwoFactorSecret,
        undefined,
        headers,
      );
      expect(body(again)).toMatchObject({
        status: 400,
        message: ACCOUNT_MESSAGES.twoFactorAlreadyOn,
      });
    });
  });

  describe('signing in', () => {
    it('asks for the code after a correct password, then opens the session (remember me → HttpOnly SameSite=Strict cookie)', async () => {
      const { admin, secret } = await withTwoFactor();
      // A wrong password is still just a wrong password.
      expect(
        (await login(t.app, { email: admin.email, password: 'wrong-password' }, freshIp()))
          .statusCode,
      ).toBe(401);
      const loginToken = await challenge(admin, { rememberMe: true });
      expect(loginToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

      const res = await secondStep(loginToken, totpAt(secret, clock.now()));
      expect(body(res)).toEqual({
        status: 200,
        success: true,
        message: 'Login successful',
        data: { token: null, tokenType: 'Cookie' },
      });
      const cookie = String(res.headers['set-cookie']);
      expect(cookie).toMatch(/^authToken=[A-Za-z0-9_-]{43};/);
      expect(cookie).toContain('HttpOnly');
      expect(cookie).toContain('SameSite=Strict');
      const token = authCookieToken(cookie);
      expect((await profileWithCookie(t.app, token)).statusCode).toBe(200);

      const attempts = await t.database.db
        .select()
        .from(loginAttempts)
        .where(eq(loginAttempts.adminId, admin.admin.id))
        .orderBy(loginAttempts.createdAt, loginAttempts.id);
      expect(attempts.map((a) => [a.result, a.method])).toEqual([
        ['success', 'password'], // the sign-in that enabled 2FA
        ['failed', 'password'],
        ['two_factor_required', 'password'],
        ['success', 'totp'],
      ]);
      const [session] = await t.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(token)));
      expect(attempts.at(-1)?.sessionId).toBe(session?.id);
      // The challenge is used up.
      expect((await secondStep(loginToken, totpAt(secret, clock.now()))).statusCode).toBe(400);
    });

    it('SECURITY 7: a code works once; one step old still works, two steps old is refused', async () => {
      const { admin, secret } = await withTwoFactor();
      const code = totpAt(secret, clock.now());
      expect((await secondStep(await challenge(admin), code)).statusCode).toBe(200);
      const replay = errorOf(await secondStep(await challenge(admin), code), 400);
      expect(replay.message).toBe(ACCOUNT_MESSAGES.codeAlreadyUsed);
      expect(replay.details).toEqual([{ path: 'otp', message: ACCOUNT_MESSAGES.codeAlreadyUsed }]);

      clock.advance(30_000);
      const stale = totpAt(secret, new Date(clock.now().getTime() - 60_000));
      expect((await secondStep(await challenge(admin), stale)).statusCode).toBe(400);
      const previous = totpAt(secret, new Date(clock.now().getTime() - 30_000));
      // The previous step is in the window but older than the step already used: refused too.
      expect((await secondStep(await challenge(admin), previous)).statusCode).toBe(400);
      clock.advance(30_000);
      const oneStepOld = totpAt(secret, new Date(clock.now().getTime() - 30_000));
      expect((await secondStep(await challenge(admin), oneStepOld)).statusCode).toBe(200);
      clock.advance(60_000);
    });

    it('a reused code is told so, recorded as reused (not wrong) and still counts toward the limits', async () => {
      const { admin, headers, secret } = await withTwoFactor();
      const code = totpAt(secret, clock.now());
      expect((await secondStep(await challenge(admin), code)).statusCode).toBe(200);

      const replayed = await challenge(admin);
      for (let i = 1; i <= 4; i++) {
        const res = errorOf(await secondStep(replayed, code), 400);
        expect(res.message).toBe(ACCOUNT_MESSAGES.codeAlreadyUsed);
      }
      // The fifth replay ends the challenge like a fifth wrong code would.
      expect(errorOf(await secondStep(replayed, code), 400).message).toBe(
        ACCOUNT_MESSAGES.tooManyCodes,
      );
      // A wrong code is still told it is not valid.
      const wrong = totpAt(secret, new Date(clock.now().getTime() - 5 * 60_000));
      const other = errorOf(await secondStep(await challenge(admin), wrong), 400);
      expect(other.message).toBe(ACCOUNT_MESSAGES.invalidCode);

      const results = await loginResults(admin.admin.id);
      expect(results.filter((r) => r === 'two_factor_reused')).toHaveLength(5);
      expect(results.filter((r) => r === 'two_factor_failed')).toHaveLength(1);
      // The same rows on the admin's login activity page.
      const activity = await t.app.inject({
        method: 'GET',
        url: `${API_PATHS.auth.loginActivity}?page=1&limit=20`,
        headers,
      });
      const rows = loginActivityListSchema.parse(dataOf(activity)).activities;
      expect(rows.filter((r) => r.result === 'two_factor_reused')).toHaveLength(5);

      // Turning 2FA off with the spent code is told the same.
      const off = errorOf(
        await postJson(t.app, API_PATHS.auth.disableTwoFactor, { otp: code }, headers),
        400,
      );
      expect(off.details).toEqual([{ path: 'otp', message: ACCOUNT_MESSAGES.codeAlreadyUsed }]);
      expect((await adminRow(admin.admin.id))?.twoFactorEnabled).toBe(true);
      clock.advance(60_000);
    });

    it('SECURITY 7: five wrong codes end the sign-in; ten per account in 15 minutes answer 429', async () => {
      const { admin, secret } = await withTwoFactor();
      const wrong = totpAt(secret, new Date(clock.now().getTime() - 5 * 60_000));
      const first = await challenge(admin);
      for (let i = 1; i <= 4; i++) {
        const res = errorOf(await secondStep(first, wrong), 400);
        expect(res.message).toBe(ACCOUNT_MESSAGES.invalidCode);
      }
      const fifth = errorOf(await secondStep(first, wrong), 400);
      expect(fifth.message).toBe(ACCOUNT_MESSAGES.tooManyCodes);
      // Dead: even the right code is refused now.
      const right = errorOf(await secondStep(first, totpAt(secret, clock.now())), 400);
      expect(right.message).toBe(ACCOUNT_MESSAGES.tooManyCodes);

      const second = await challenge(admin);
      for (let i = 0; i < CODE_THROTTLE.limit - 5; i++) {
        expect((await secondStep(second, 'aaaaa-bbbbb')).statusCode).toBe(400);
      }
      const third = await challenge(admin);
      const limited = await secondStep(third, totpAt(secret, clock.now()));
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(body(limited)).toMatchObject({ message: ACCOUNT_MESSAGES.tooManyCodes });

      const results = await loginResults(admin.admin.id);
      expect(results.filter((r) => r === 'two_factor_failed')).toHaveLength(10);
      expect(results).toContain('locked');
    });

    it('a sign-in challenge expires after 5 minutes; malformed input is a 400', async () => {
      const { admin, secret } = await withTwoFactor();
      const loginToken = await challenge(admin);
      clock.advance(5 * 60_000);
      const expired = await secondStep(loginToken, totpAt(secret, clock.now()));
      expect(body(expired)).toMatchObject({
        status: 400,
        code: 'BAD_REQUEST',
        message: ACCOUNT_MESSAGES.loginChallengeExpired,
      });
      for (const [token, otp] of [
        [{}, '123456'],
        [loginToken, 12345678],
        [loginToken, 'abc'],
        [null, null],
        ['x'.repeat(10_000), '123456'],
      ]) {
        expect(errorOf(await secondStep(token, otp), 400).code).toBe('VALIDATION_ERROR');
      }
      clock.advance(30_000);
    });

    it('accepts each recovery code once (any case, with or without the dash) and tells the admin', async () => {
      const { admin, headers, recoveryCodes: codes } = await withTwoFactor();
      const code = codes[3] ?? '';
      const res = await secondStep(await challenge(admin), code.toUpperCase().replace('-', ''));
      expect(dataOf<{ tokenType: string }>(res).tokenType).toBe('Session');
      expect((await secondStep(await challenge(admin), code)).statusCode).toBe(400);

      const notes = await notesOf(admin.admin.id);
      expect(notes.at(-1)?.title).toBe('Recovery code used');
      expect(notes.at(-1)?.message).toContain('9 of your recovery codes are left');
      const activity = loginActivityListSchema.parse(
        dataOf(await getJson(t.app, API_PATHS.auth.loginActivity, headers)),
      );
      expect(activity.activities.find((a) => a.result === 'success')?.method).toBe('recovery_code');
    });
  });

  describe('disabling', () => {
    it('needs a current code, a recovery code or the password; then sign-in asks for no code', async () => {
      const { admin, headers, secret, recoveryCodes: codes } = await withTwoFactor();
      const disable = (data: unknown) =>
        postJson(t.app, API_PATHS.auth.disableTwoFactor, data, headers);

      expect((await disable(undefined)).statusCode).toBe(400);
      expect((await disable({})).statusCode).toBe(400);
      expect((await disable({ otp: '123456', password: admin.password })).statusCode).toBe(400);
      const badCode = errorOf(await disable({ otp: totpAt(secret, new Date(0)) }), 400);
      expect(badCode.details).toEqual([{ path: 'otp', message: ACCOUNT_MESSAGES.invalidCode }]);
      const badPassword = errorOf(await disable({ password: 'not-my-password' }), 400);
      expect(badPassword.details).toEqual([
        { path: 'password', message: ACCOUNT_MESSAGES.currentPasswordWrong },
      ]);
      expect((await adminRow(admin.admin.id))?.twoFactorEnabled).toBe(true);

      const res = await disable({ otp: codes[0] });
      expect(body(res)).toEqual({
        status: 200,
        success: true,
        message: ACCOUNT_MESSAGES.twoFactorDisabled,
        data: null,
      });
      const row = await adminRow(admin.admin.id);
      expect(row).toMatchObject({
        twoFactorEnabled: false,
        totpSecretEnc: null,
        totpPendingSecretEnc: null,
        totpLastStep: null,
      });
      expect(
        await t.database.db
          .select()
          .from(recoveryCodes)
          .where(eq(recoveryCodes.adminId, admin.admin.id)),
      ).toEqual([]);
      expect((await notesOf(admin.admin.id)).at(-1)?.title).toBe(
        'Two-factor authentication turned off',
      );
      const plain = await login(t.app, { email: admin.email, password: admin.password }, freshIp());
      expect(dataOf<{ tokenType: string }>(plain).tokenType).toBe('Session');
      expect(body(await disable({ password: admin.password }))).toMatchObject({
        status: 400,
        message: ACCOUNT_MESSAGES.twoFactorNotOn,
      });

      // On again, off with the password and with a current code.
      await enableTwoFactor(t.app, headers, clock);
      expect((await disable({ password: admin.password })).statusCode).toBe(200);
      const again = await enableTwoFactor(t.app, headers, clock);
      expect((await disable({ otp: totpAt(again.secret, clock.now()) })).statusCode).toBe(200);
    });

    it('ends a sign-in that was waiting for its code', async () => {
      const { admin, headers, secret } = await withTwoFactor();
      const loginToken = await challenge(admin);
      expect(
        (
          await postJson(
            t.app,
            API_PATHS.auth.disableTwoFactor,
            { password: admin.password },
            headers,
          )
        ).statusCode,
      ).toBe(200);
      const res = await secondStep(loginToken, totpAt(secret, clock.now()));
      expect(body(res)).toMatchObject({ message: ACCOUNT_MESSAGES.loginChallengeExpired });
    });
  });
});
