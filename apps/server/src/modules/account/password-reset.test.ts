import { dataOf } from '../../test/api.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, API_PATHS, PASSWORD_POLICY } from '@safarnama/contract';
import { passwordTokens, sessions } from '../../db/schema/index.js';
import type { Mailer, MailMessage } from '../../messaging/mail.js';
import { hashToken } from '../../lib/tokens.js';
import { insertAdmin } from '../admins/admins.repo.js';
import { captureLogs, enableTwoFactor, postJson, testClock, totpAt } from '../../test/account.js';
import { freshIp, login, loginAs, makeAdmin, makeUserType } from '../../test/factories.js';
import { body, createTestApp, type TestApp } from '../../test/harness.js';
import { startSmtp, testMailer, type TestSmtp } from '../../test/smtp.js';
import { issueLinkToken } from '../identity/link-tokens.js';
import { FORGOT_THROTTLE } from '../identity/throttles.js';

const PUBLIC_URL = 'https://admin.safarnama.test';
const NEW_PASSWORD = 'river-lantern-autumn-42';

describe('password reset and set-password links', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  const clock = testClock();

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({
      mailer: testMailer(smtp),
      now: clock.now,
      config: { publicUrl: PUBLIC_URL },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const forgot = (email: unknown, headers: Record<string, string> = {}, ip = freshIp()) =>
    postJson(t.app, API_PATHS.auth.forgotPassword, { email }, headers, ip);
  const validate = (token: unknown) =>
    postJson(t.app, API_PATHS.auth.validateForgotPasswordToken, { token });
  const setPassword = (token: unknown, password: unknown) =>
    postJson(t.app, API_PATHS.auth.forgotSetPassword, { token, password });
  /** Sends forgot-password and waits until its background mail work is done. */
  const forgotAndSettle = async (email: string, ip = freshIp()) => {
    const res = await forgot(email, {}, ip);
    await t.app.services.account.settle();
    return res;
  };
  const linkToken = (link: string | null) => new URL(link ?? 'http://x/').searchParams.get('token');
  const issue = async (adminId: string, purpose: 'reset' | 'invite' = 'reset') =>
    (await issueLinkToken(t.database.db, adminId, purpose, clock.now())).token;

  describe('forgot-password', () => {
    it('mails a link built from PUBLIC_URL (never the Host header); the database holds only its hash', async () => {
      const admin = await makeAdmin(t.database.db, t.hasher);
      const res = await forgot(admin.email.toUpperCase(), { host: 'evil.example' });
      expect(body(res)).toEqual({
        status: 200,
        success: true,
        message: ACCOUNT_MESSAGES.forgotPassword,
        data: null,
      });
      const mail = await smtp.waitFor((m) => m.to.includes(admin.email));
      expect(mail.from).toBe('no-reply@safarnama.test');
      expect(mail.subject).toBe('Reset your Safarnama password');
      expect(mail.text).toContain(`Hello ${admin.admin.name},`);
      expect(mail.text).toContain('valid for 30 minutes and works once');
      expect(mail.link).toMatch(
        new RegExp(`^${PUBLIC_URL}/set-password\\?token=[A-Za-z0-9_-]{43}$`),
      );
      expect(mail.html).toContain(`href="${mail.link ?? ''}"`);
      expect(mail.raw).not.toContain('evil.example');

      const token = linkToken(mail.link) ?? '';
      const rows = await t.database.db
        .select()
        .from(passwordTokens)
        .where(eq(passwordTokens.adminId, admin.admin.id));
      expect(rows).toHaveLength(1);
      expect(rows[0]?.tokenHash).toBe(hashToken(token));
      expect(rows[0]?.purpose).toBe('reset');
      expect(rows[0]?.expiresAt.getTime()).toBe(clock.now().getTime() + 30 * 60_000);
      expect(JSON.stringify(rows)).not.toContain(token);

      // The mailed link opens the set-password screen's check…
      expect(dataOf(await validate(token))).toEqual({ purpose: 'reset', email: admin.email });
      // …and sets the password, after which the new one signs in.
      expect(body(await setPassword(token, NEW_PASSWORD))).toEqual({
        status: 200,
        success: true,
        message: ACCOUNT_MESSAGES.passwordSet,
        data: null,
      });
      expect(
        (await login(t.app, { email: admin.email, password: NEW_PASSWORD }, freshIp())).statusCode,
      ).toBe(200);
    });

    it('SECURITY 3: answers a known, an unknown and an inactive address with the same status and body', async () => {
      const known = await makeAdmin(t.database.db, t.hasher);
      const inactive = await makeAdmin(t.database.db, t.hasher, { isActive: false });
      const before = smtp.messages.length;
      const answers = [
        await forgot(known.email),
        await forgot('nobody-at-all@example.com'),
        await forgot(inactive.email),
      ];
      await t.app.services.account.settle();
      for (const res of answers) {
        expect(res.statusCode).toBe(200);
        expect(res.body).toBe(answers[0]?.body);
      }
      const sent = smtp.messages.slice(before);
      expect(sent.map((m) => m.to)).toEqual([[known.email]]);
    });

    it('answers before the mail is sent, and a failing mail server is logged, never shown', async () => {
      let release: () => void = () => undefined;
      const sent: MailMessage[] = [];
      const slow: Mailer = {
        send: (message) =>
          new Promise((resolve) => {
            sent.push(message);
            release = () => resolve({ via: 'smtp', messageId: 'slow' });
          }),
      };
      const { lines, logger } = captureLogs();
      const failing: Mailer = {
        send: () => Promise.reject(new Error('connect ECONNREFUSED 10.9.9.9:25')),
      };
      const slowApp = await createTestApp({ mailer: slow });
      const failingApp = await createTestApp({ mailer: failing, logger });
      try {
        const a = await makeAdmin(slowApp.database.db, slowApp.hasher);
        // The mail never goes out until released, yet the answer is already here.
        const res = await postJson(slowApp.app, API_PATHS.auth.forgotPassword, { email: a.email });
        expect(res.statusCode).toBe(200);
        await expect.poll(() => sent.length).toBe(1);
        release();
        await slowApp.app.services.account.settle();

        const b = await makeAdmin(failingApp.database.db, failingApp.hasher);
        const failed = await postJson(failingApp.app, API_PATHS.auth.forgotPassword, {
          email: b.email,
        });
        await failingApp.app.services.account.settle();
        expect(failed.statusCode).toBe(200);
        expect(failed.body).toBe(res.body);
        expect(failed.body).not.toContain('ECONNREFUSED');
        const logged = lines.find((l) => l.msg === 'could not send the password reset mail');
        expect(logged?.level).toBe(50);
        expect(JSON.stringify(logged)).toContain('ECONNREFUSED');
      } finally {
        await slowApp.close();
        await failingApp.close();
      }
    });

    it('past the per-account limit the answer stays the same and no mail goes out, from any IP', async () => {
      const admin = await makeAdmin(t.database.db, t.hasher);
      const answers = [];
      for (let i = 0; i < FORGOT_THROTTLE.accountLimit + 2; i++) {
        answers.push(
          await forgot(admin.email, { 'x-forwarded-for': `198.51.100.${i}` }, freshIp()),
        );
      }
      await t.app.services.account.settle();
      for (const res of answers) expect(res.body).toBe(answers[0]?.body);
      expect(smtp.to(admin.email)).toHaveLength(FORGOT_THROTTLE.accountLimit);
    });

    it('SECURITY 2: limits one IP address across accounts, quietly', async () => {
      const ip = freshIp();
      const admins = [];
      for (let i = 0; i < FORGOT_THROTTLE.ipLimit + 1; i++) {
        admins.push(await makeAdmin(t.database.db, t.hasher));
      }
      for (const [i, admin] of admins.entries()) {
        // A forged X-Forwarded-For does not make the same client look like many.
        const res = await forgot(admin.email, { 'x-forwarded-for': `203.0.113.${i}` }, ip);
        expect(res.statusCode).toBe(200);
      }
      await t.app.services.account.settle();
      const last = admins.at(-1);
      expect(smtp.to(last?.email ?? '')).toHaveLength(0);
      expect(smtp.to(admins[0]?.email ?? '')).toHaveLength(1);
    });

    it('a newer request voids the older link', async () => {
      const admin = await makeAdmin(t.database.db, t.hasher);
      await forgotAndSettle(admin.email);
      await forgotAndSettle(admin.email);
      const [first, second] = smtp.to(admin.email).map((m) => linkToken(m.link));
      expect(first).toBeTruthy();
      expect(second).not.toBe(first);
      expect((await validate(first)).statusCode).toBe(400);
      expect((await validate(second)).statusCode).toBe(200);
    });
  });

  describe('validate-forgot-password-token and forgot-set-password', () => {
    it('SECURITY 6: a token of the wrong type or size is a 400 on both routes', async () => {
      for (const token of [{}, [], null, 12345, 'x'.repeat(10_000), '', 'short']) {
        for (const res of [await validate(token), await setPassword(token, NEW_PASSWORD)]) {
          expect(res.statusCode).toBe(400);
          expect(body(res)).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
          expect(res.body).not.toMatch(/stack|select |at .+:\d+:\d+/i);
        }
      }
      // Well-formed but unknown: the spec's invalid-link answer.
      const unknown = await validate('A'.repeat(43));
      expect(body(unknown)).toEqual({
        status: 400,
        success: false,
        code: 'BAD_REQUEST',
        message: ACCOUNT_MESSAGES.linkInvalid,
      });
    });

    it('SECURITY 6: an expired link and a used link answer 400', async () => {
      const admin = await makeAdmin(t.database.db, t.hasher);
      const expiring = await issue(admin.admin.id);
      clock.advance(30 * 60_000);
      expect((await validate(expiring)).statusCode).toBe(400);
      expect((await setPassword(expiring, NEW_PASSWORD)).statusCode).toBe(400);

      const token = await issue(admin.admin.id);
      expect((await setPassword(token, NEW_PASSWORD)).statusCode).toBe(200);
      expect((await validate(token)).statusCode).toBe(400);
      const reused = await setPassword(token, 'another-fine-password-7');
      expect(body(reused)).toMatchObject({ status: 400, message: ACCOUNT_MESSAGES.linkInvalid });
      // The first use holds.
      expect(
        (await login(t.app, { email: admin.email, password: NEW_PASSWORD }, freshIp())).statusCode,
      ).toBe(200);
    });

    it('setting the password ends every session, voids other links and signs nobody in', async () => {
      const admin = await makeAdmin(t.database.db, t.hasher);
      const one = await loginAs(t.app, admin);
      const two = await loginAs(t.app, admin);
      const token = await issue(admin.admin.id);
      const res = await setPassword(token, NEW_PASSWORD);
      expect(res.statusCode).toBe(200);
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(res.body).not.toMatch(/token/i);
      for (const { headers } of [one, two]) {
        const me = await t.app.inject({ method: 'GET', url: API_PATHS.auth.profile, headers });
        expect(me.statusCode).toBe(401);
      }
      const open = await t.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.adminId, admin.admin.id));
      expect(open.every((s) => s.revokedReason === 'password-reset')).toBe(true);
      expect(
        (await login(t.app, { email: admin.email, password: admin.password }, freshIp()))
          .statusCode,
      ).toBe(401);
    });

    it('SECURITY 4: the password policy, with field errors; 64 characters with emoji work whole', async () => {
      const admin = await makeAdmin(t.database.db, t.hasher);
      const token = await issue(admin.admin.id);
      const refused: [string, string][] = [
        ['eleven-char', PASSWORD_POLICY.messages.tooShort],
        ['a'.repeat(40) + 'b'.repeat(89), PASSWORD_POLICY.messages.tooLong],
        ['Password1234', PASSWORD_POLICY.messages.common],
        [`${admin.email}-2024`, ACCOUNT_MESSAGES.passwordPersonal],
        [
          `my-${admin.admin.name.split(' ')[1] ?? 'x'}-secret-pass`,
          ACCOUNT_MESSAGES.passwordPersonal,
        ],
      ];
      for (const [password, message] of refused) {
        const res = await setPassword(token, password);
        expect(res.statusCode, password).toBe(400);
        expect(body<{ details: unknown }>(res).details).toEqual([{ path: 'password', message }]);
      }
      // The link is still good after refusals.
      expect((await validate(token)).statusCode).toBe(200);

      const emoji = `${'🐘🌊🏔️'.repeat(4)}${'k'.repeat(64 - [...'🐘🌊🏔️'.repeat(4)].length)}`;
      expect([...emoji]).toHaveLength(64);
      expect((await setPassword(token, emoji)).statusCode).toBe(200);
      expect(
        (await login(t.app, { email: admin.email, password: emoji }, freshIp())).statusCode,
      ).toBe(200);
      // Not truncated: one character less is another password.
      expect(
        (await login(t.app, { email: admin.email, password: emoji.slice(0, -1) }, freshIp()))
          .statusCode,
      ).toBe(401);
      // 128 emoji (256 UTF-16 units) are 128 characters: allowed, and they sign in.
      const long = '🐘🌊'.repeat(64);
      const again = await issue(admin.admin.id);
      expect((await setPassword(again, long)).statusCode).toBe(200);
      expect(
        (await login(t.app, { email: admin.email, password: long }, freshIp())).statusCode,
      ).toBe(200);
    });

    it('SECURITY 6: an account with two-factor still needs its code after a reset', async () => {
      const admin = await makeAdmin(t.database.db, t.hasher);
      const { headers } = await loginAs(t.app, admin);
      const { secret } = await enableTwoFactor(t.app, headers, clock);
      await forgotAndSettle(admin.email);
      const token = linkToken(smtp.to(admin.email).at(-1)?.link ?? null);
      expect((await setPassword(token, NEW_PASSWORD)).statusCode).toBe(200);

      const res = await login(t.app, { email: admin.email, password: NEW_PASSWORD }, freshIp());
      const answer = dataOf<{ twoFactorRequired: boolean; loginToken: string; token?: string }>(
        res,
      );
      expect(answer.twoFactorRequired).toBe(true);
      expect(answer.token).toBeUndefined();
      const signedIn = await postJson(t.app, API_PATHS.auth.validateLoginToken, {
        loginToken: answer.loginToken,
        otp: totpAt(secret, clock.now()),
      });
      expect(dataOf<{ tokenType: string }>(signedIn).tokenType).toBe('Session');
    });

    it('invitation links: valid for 72 hours, purpose invite, and they set the first password', async () => {
      const userType = await makeUserType(t.database.db);
      const invited = await insertAdmin(t.database.db, {
        name: 'Invited Person',
        email: 'invited-someone@example.com',
        passwordHash: null,
        userTypeId: userType.id,
      });
      const token = await issue(invited.id, 'invite');
      clock.advance(71 * 60 * 60_000);
      expect(dataOf(await validate(token))).toEqual({
        purpose: 'invite',
        email: 'invited-someone@example.com',
      });
      // Without a password nobody can sign in yet.
      expect(
        (await login(t.app, { email: invited.email, password: 'anything-at-all-1' }, freshIp()))
          .statusCode,
      ).toBe(401);
      expect((await setPassword(token, NEW_PASSWORD)).statusCode).toBe(200);
      expect(
        (await login(t.app, { email: invited.email, password: NEW_PASSWORD }, freshIp()))
          .statusCode,
      ).toBe(200);

      const late = await issue(invited.id, 'invite');
      clock.advance(72 * 60 * 60_000);
      expect((await validate(late)).statusCode).toBe(400);
    });
  });
});
