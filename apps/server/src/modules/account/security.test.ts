import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, CLIENT_HEADER, CLIENT_HEADER_VALUE } from '@safarnama/contract';
import {
  adminUsers,
  loginChallenges,
  passwordTokens,
  recoveryCodes,
  sessions,
} from '../../db/schema/index.js';
import { authCookieToken, getJson, postJson, testClock, totpAt } from '../../test/account.js';
import { dataOf, imagePart, sendForm, textParts } from '../../test/api.js';
import { freshIp, login, loginAs, makeAdmin } from '../../test/factories.js';
import { body, createTestApp, type TestApp } from '../../test/harness.js';
import { makeJpeg } from '../../test/images.js';
import { startSmtp, testMailer, type TestSmtp } from '../../test/smtp.js';

/**
 * SECURITY 9 (cookie sessions on the account routes) and 13 (no response carries a password
 * hash, TOTP secret, reset token or any stored secret). Cases 1–8 live beside the code they test:
 * auth.test.ts (1, 2, 3 for login, 9 for login), password-reset.test.ts (2, 3, 4, 6),
 * account.test.ts (4, 5, 11), two-factor.test.ts (7), sockets.test.ts (2, 8).
 */
describe('account security', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  const clock = testClock();

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ now: clock.now, mailer: testMailer(smtp) });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('declares public access for the sign-in and link routes and self for the account routes', () => {
    const access = (method: string, url: string) =>
      t.app.routeTable.find((r) => r.method === method && r.url === url)?.options.config?.access;
    const A = API_PATHS.auth;
    for (const url of [
      A.forgotPassword,
      A.validateForgotPasswordToken,
      A.forgotSetPassword,
      A.validateLoginToken,
    ]) {
      expect(access('POST', url), url).toBe('public');
    }
    expect(access('GET', API_PATHS.common.clientConfig)).toBe('public');
    for (const url of [
      A.updateProfile,
      A.changePassword,
      A.logoutOthers,
      A.generateTwoFactorSecret,
      A.verifyTwoFactor,
      A.disableTwoFactor,
      A.markNotificationsRead,
      A.markAllNotificationsRead,
    ]) {
      expect(access('POST', url), url).toBe('self');
    }
    for (const url of [A.loginActivity, A.notifications])
      expect(access('GET', url), url).toBe('self');
  });

  describe('SECURITY 9: cookie sessions on the account routes', () => {
    let cookieToken: string;
    let admin: Awaited<ReturnType<typeof makeAdmin>>;
    const client = { [CLIENT_HEADER]: CLIENT_HEADER_VALUE };
    const evil = { ...client, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };

    beforeAll(async () => {
      admin = await makeAdmin(t.database.db, t.hasher);
      const res = await login(
        t.app,
        { email: admin.email, password: admin.password, rememberMe: true },
        freshIp(),
      );
      const cookie = String(res.headers['set-cookie']);
      expect(cookie).toContain('HttpOnly');
      expect(cookie).toContain('SameSite=Strict');
      expect(cookie).toContain('Path=/');
      cookieToken = authCookieToken(cookie);
    });

    const withCookie = (headers: Record<string, string>) => ({
      ...headers,
      cookie: `authToken=${cookieToken}`,
    });

    it('refuses every cross-site state-changing account call with 403 and changes nothing', async () => {
      const before = (
        await t.database.db.select().from(adminUsers).where(eq(adminUsers.id, admin.admin.id))
      )[0];
      const writes: [string, unknown][] = [
        [
          API_PATHS.auth.changePassword,
          { currentPassword: admin.password, newPassword: 'lotus-harbour-violet-9' },
        ],
        [API_PATHS.auth.logoutOthers, undefined],
        [API_PATHS.auth.generateTwoFactorSecret, undefined],
        [API_PATHS.auth.verifyTwoFactor, { otp: '123456' }],
        [API_PATHS.auth.disableTwoFactor, { password: admin.password }],
        [API_PATHS.auth.markAllNotificationsRead, undefined],
        [API_PATHS.auth.markNotificationsRead, { ids: [admin.admin.id] }],
        [API_PATHS.auth.logout, undefined],
      ];
      for (const headers of [{}, evil, { ...client, 'sec-fetch-site': 'same-site' }]) {
        for (const [url, data] of writes) {
          const res = await postJson(t.app, url, data, withCookie(headers));
          expect(res.statusCode, url).toBe(403);
          expect(body(res)).toMatchObject({
            code: 'FORBIDDEN',
            message: 'Cross-site request refused',
          });
        }
        const form = await sendForm(
          t.app,
          'POST',
          API_PATHS.auth.updateProfile,
          [...textParts({ name: 'Hijacked' }), imagePart('avatar', await makeJpeg(64, 64))],
          withCookie(headers),
        );
        expect(form.statusCode).toBe(403);
      }
      const after = (
        await t.database.db.select().from(adminUsers).where(eq(adminUsers.id, admin.admin.id))
      )[0];
      expect(after).toEqual(before);
      expect((await getJson(t.app, API_PATHS.auth.profile, withCookie({}))).statusCode).toBe(200);
    });

    it('lets the same calls through from our own page (client header, same origin)', async () => {
      const own = withCookie({
        ...client,
        origin: 'http://localhost:3000',
        'sec-fetch-site': 'same-origin',
      });
      const form = await sendForm(
        t.app,
        'POST',
        API_PATHS.auth.updateProfile,
        textParts({ name: 'Own Page' }),
        own,
      );
      expect(form.statusCode).toBe(200);
      expect(
        (await postJson(t.app, API_PATHS.auth.markAllNotificationsRead, undefined, own)).statusCode,
      ).toBe(200);
      expect((await getJson(t.app, API_PATHS.auth.loginActivity, withCookie({}))).statusCode).toBe(
        200,
      );
    });
  });

  it('SECURITY 13: no answer of the account routes carries a hash, a secret or a token it should not', async () => {
    const admin = await makeAdmin(t.database.db, t.hasher);
    const answers: { name: string; res: LightMyRequestResponse; shows: string[] }[] = [];
    /** Keeps an answer for the check; `shows` names what this one answer exists to show. */
    const keep = (name: string, res: LightMyRequestResponse, shows: string[] = []) => {
      answers.push({ name, res, shows });
      return res;
    };
    const { headers } = await loginAs(t.app, admin);

    keep('profile', await getJson(t.app, API_PATHS.auth.profile, headers));
    keep(
      'update profile',
      await sendForm(
        t.app,
        'POST',
        API_PATHS.auth.updateProfile,
        [...textParts({ name: 'Full Lifecycle' }), imagePart('avatar', await makeJpeg(120, 90))],
        headers,
      ),
    );
    // The one answer that must show the secret: the setup screen. Checked separately.
    const generated = await postJson(
      t.app,
      API_PATHS.auth.generateTwoFactorSecret,
      undefined,
      headers,
    );
    const { secret } = dataOf<{ secret: string }>(generated);
    expect(generated.body).not.toMatch(/argon2|v1\.[A-Za-z0-9_-]+\./);
    const enabled = await postJson(
      t.app,
      API_PATHS.auth.verifyTwoFactor,
      { otp: totpAt(secret, clock.now()) },
      headers,
    );
    const { recoveryCodes: codes } = dataOf<{ recoveryCodes: string[] }>(enabled);
    keep('verify 2fa', enabled, codes);
    const codeHashes = (
      await t.database.db
        .select()
        .from(recoveryCodes)
        .where(eq(recoveryCodes.adminId, admin.admin.id))
    ).map((c) => c.codeHash);
    clock.advance(30_000);
    const challenge = await login(
      t.app,
      { email: admin.email, password: admin.password },
      freshIp(),
    );
    const { loginToken } = dataOf<{ loginToken: string }>(challenge);
    keep('login (2fa)', challenge, [loginToken]);
    keep(
      'validate login token',
      await postJson(t.app, API_PATHS.auth.validateLoginToken, {
        loginToken,
        otp: totpAt(secret, clock.now()),
      }),
    );
    keep('login activity', await getJson(t.app, API_PATHS.auth.loginActivity, headers));
    keep('notifications', await getJson(t.app, API_PATHS.auth.notifications, headers));
    keep(
      'forgot password',
      await postJson(t.app, API_PATHS.auth.forgotPassword, { email: admin.email }),
    );
    await t.app.services.account.settle();
    const mailed = new URL(smtp.to(admin.email).at(-1)?.link ?? 'http://x/').searchParams.get(
      'token',
    );
    keep(
      'validate link',
      await postJson(t.app, API_PATHS.auth.validateForgotPasswordToken, { token: mailed }),
    );
    keep(
      'change password',
      await postJson(
        t.app,
        API_PATHS.auth.changePassword,
        { currentPassword: admin.password, newPassword: 'saffron-glacier-tide-3' },
        headers,
      ),
    );
    keep('logout others', await postJson(t.app, API_PATHS.auth.logoutOthers, undefined, headers));
    keep(
      'disable 2fa',
      await postJson(t.app, API_PATHS.auth.disableTwoFactor, { otp: codes[0] }, headers),
    );
    keep('client config', await getJson(t.app, API_PATHS.common.clientConfig, {}));
    keep('docs', await getJson(t.app, `${API_PATHS.docs}/json`, {}));

    // Everything secret the database holds about this admin, and the raw secrets we know.
    const [row] = await t.database.db
      .select()
      .from(adminUsers)
      .where(eq(adminUsers.id, admin.admin.id));
    const stored = [
      ...(
        await t.database.db.select().from(sessions).where(eq(sessions.adminId, admin.admin.id))
      ).map((s) => s.tokenHash),
      ...(
        await t.database.db
          .select()
          .from(passwordTokens)
          .where(eq(passwordTokens.adminId, admin.admin.id))
      ).map((p) => p.tokenHash),
      ...(
        await t.database.db
          .select()
          .from(loginChallenges)
          .where(eq(loginChallenges.adminId, admin.admin.id))
      ).map((c) => c.tokenHash),
      ...codeHashes,
    ];
    const forbidden = [
      row?.passwordHash ?? 'missing',
      admin.admin.passwordHash ?? 'missing',
      secret,
      mailed ?? 'missing',
      loginToken,
      ...stored,
      ...codes.slice(1),
    ];
    expect(stored.length).toBe(2 + 1 + 1 + 10); // sessions, link, challenge, recovery codes
    for (const { name, res, shows } of answers) {
      const text = `${JSON.stringify(res.headers)}\n${res.body}`;
      for (const value of forbidden.filter((v) => !shows.includes(v))) {
        expect(text.includes(value), `${name} leaks ${value}`).toBe(false);
      }
      expect(text, name).not.toMatch(
        /\$argon2|passwordHash|password_hash|totpSecret|totp_secret|tokenHash|codeHash|"v1\.[A-Za-z0-9_-]+\./,
      );
    }
  });
});
