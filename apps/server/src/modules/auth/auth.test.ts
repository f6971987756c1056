import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  CLIENT_HEADER,
  CLIENT_HEADER_VALUE,
  PERMISSION_KEYS,
  loginResponseSchema,
  profileSchema,
} from '@safarnama/contract';
import {
  adminActivities,
  adminUsers,
  loginAttempts,
  loginThrottle,
  sessions,
  userTypes,
} from '../../db/schema/index.js';
import { ok } from '../../http/envelope.js';
import { createPasswordHasher } from '../../lib/password.js';
import { hashToken } from '../../lib/tokens.js';
import { freshIp, login, loginAs, makeAdmin, type MadeAdmin } from '../../test/factories.js';
import { DELHI, authCookieToken, profileWithCookie } from '../../test/account.js';
import { record } from '../../test/api.js';
import { body, createTestApp, type TestApp } from '../../test/harness.js';
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_S } from '../identity/device-cookies.js';
import { LOGIN_THROTTLE } from '../identity/throttles.js';

const PROBE = '/api/test/itineraries-probe';

describe('auth', () => {
  let t: TestApp;
  let root: MadeAdmin;

  beforeAll(async () => {
    t = await createTestApp({
      routes: [
        // Test-only route guarded by a permission key (never registered in production).
        async (app) => {
          app.get(PROBE, { config: { access: 'itineraries.create' } }, async () =>
            ok({ probe: true }),
          );
          app.post(PROBE, { config: { access: 'self' } }, async () => ok({ probe: true }));
        },
      ],
    });
    root = await makeAdmin(t.database.db, t.hasher, { superAdmin: true });
  });
  afterAll(() => t.close());

  const profile = (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: API_PATHS.auth.profile, headers });

  describe('login', () => {
    it('Session mode answers the token in the body and sets no cookie', async () => {
      const res = await login(t.app, { email: root.email, password: root.password }, freshIp());
      expect(res.statusCode).toBe(200);
      const envelope = body<{ message: string; data: unknown; status: number; success: boolean }>(
        res,
      );
      expect(envelope).toMatchObject({ status: 200, success: true, message: 'Login successful' });
      const data = loginResponseSchema.parse(envelope.data);
      expect(data.tokenType).toBe('Session');
      expect(data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      // No session cookie: only the device cookie of a browser that has signed in.
      expect(res.cookies.map((c) => c.name)).toEqual([DEVICE_COOKIE]);

      const [row] = await t.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(data.token ?? '')));
      expect(row?.tokenType).toBe('Session');
      // Only the hash is stored.
      expect(JSON.stringify(row)).not.toContain(data.token);
      const ttl = (row?.absoluteExpiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0);
      expect(ttl).toBe(24 * 3600 * 1000);
    });

    it('Cookie mode (remember me) sets an HttpOnly SameSite=Strict cookie and no body token', async () => {
      const res = await login(
        t.app,
        { email: root.email.toUpperCase(), password: root.password, rememberMe: true },
        freshIp(),
      );
      expect(res.statusCode).toBe(200);
      expect(body<{ data: unknown }>(res).data).toEqual({ token: null, tokenType: 'Cookie' });
      const cookie = String(res.headers['set-cookie']);
      expect(cookie).toMatch(/^authToken=[A-Za-z0-9_-]{43};/);
      expect(cookie).toContain('HttpOnly');
      expect(cookie).toContain('SameSite=Strict');
      expect(cookie).toContain('Path=/');
      expect(cookie).toContain(`Max-Age=${30 * 24 * 3600}`);
      expect(cookie).not.toContain('Secure');

      const me = await profileWithCookie(t.app, authCookieToken(cookie));
      expect(me.statusCode).toBe(200);
    });

    it('adds Secure to the cookie when PUBLIC_URL is https', async () => {
      const secure = await createTestApp({ config: { secureCookies: true } });
      try {
        const admin = await makeAdmin(secure.database.db, secure.hasher);
        const res = await login(secure.app, {
          email: admin.email,
          password: admin.password,
          rememberMe: true,
        });
        expect(String(res.headers['set-cookie'])).toContain('Secure');
      } finally {
        await secure.close();
      }
    });

    it('records ip, user agent, location and the last login time', async () => {
      const location = DELHI;
      const admin = await makeAdmin(t.database.db, t.hasher);
      const res = await t.app.inject({
        method: 'POST',
        url: API_PATHS.auth.login,
        remoteAddress: '10.20.30.40',
        headers: { 'user-agent': 'vitest-agent' },
        payload: { data: { email: admin.email, password: admin.password, location } },
      });
      expect(res.statusCode).toBe(200);
      const [row] = await t.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.adminId, admin.admin.id));
      expect(row).toMatchObject({ ip: '10.20.30.40', userAgent: 'vitest-agent', location });
      const [after] = await t.database.db
        .select()
        .from(adminUsers)
        .where(eq(adminUsers.id, admin.admin.id));
      expect(after?.lastLoginAt).toBeInstanceOf(Date);
    });

    it('answers a wrong password, an unknown e-mail and an inactive admin identically', async () => {
      const inactive = await makeAdmin(t.database.db, t.hasher, { isActive: false });
      const answers = await Promise.all([
        login(t.app, { email: root.email, password: 'definitely-wrong' }, freshIp()),
        login(t.app, { email: 'nobody-here@example.com', password: 'definitely-wrong' }, freshIp()),
        login(t.app, { email: inactive.email, password: inactive.password }, freshIp()),
      ]);
      for (const res of answers) {
        expect(res.statusCode).toBe(401);
        expect(res.body).toBe(answers[0]?.body);
      }
      expect(body(answers[0] as never)).toEqual({
        status: 401,
        success: false,
        code: 'UNAUTHENTICATED',
        message: 'Invalid email or password',
      });
    });

    it('re-hashes a password stored under older argon2 parameters on a correct sign-in only', async () => {
      const admin = await makeAdmin(t.database.db, t.hasher);
      const older = createPasswordHasher({ memoryCost: 4096, timeCost: 2, parallelism: 1 });
      const oldHash = await older.hash(admin.password);
      expect(t.hasher.needsRehash(oldHash)).toBe(true);
      await t.database.db
        .update(adminUsers)
        .set({ passwordHash: oldHash })
        .where(eq(adminUsers.id, admin.admin.id));
      const stored = async () =>
        (
          await t.database.db
            .select({ hash: adminUsers.passwordHash, changedAt: adminUsers.passwordChangedAt })
            .from(adminUsers)
            .where(eq(adminUsers.id, admin.admin.id))
        )[0];
      const before = await stored();

      const wrong = await login(
        t.app,
        { email: admin.email, password: 'not-the-password' },
        freshIp(),
      );
      expect(wrong.statusCode).toBe(401);
      expect((await stored())?.hash).toBe(oldHash);

      const other = await loginAs(t.app, admin);
      const after = await stored();
      expect(after?.hash).not.toBe(oldHash);
      expect(t.hasher.needsRehash(after?.hash ?? '')).toBe(false);
      expect(await t.hasher.verify(after?.hash ?? '', admin.password)).toBe(true);
      // Not a password change: the timestamp stays and the other session keeps working.
      expect(after?.changedAt).toEqual(before?.changedAt);
      expect((await profile(other.headers)).statusCode).toBe(200);

      const again = await login(t.app, { email: admin.email, password: admin.password }, freshIp());
      expect(again.statusCode).toBe(200);
      expect((await stored())?.hash).toBe(after?.hash);
    });
  });

  describe('login activity and audit', () => {
    it('writes every attempt (failed, locked, success) to the login activity; the audit log gets one entry', async () => {
      const admin = await makeAdmin(t.database.db, t.hasher);
      const ip = freshIp();
      for (let i = 0; i < LOGIN_THROTTLE.accountLimit; i++) {
        await login(t.app, { email: admin.email, password: `wrong-${i}` }, ip);
      }
      expect((await login(t.app, { email: admin.email, password: 'x' }, ip)).statusCode).toBe(429);
      await t.database.db.delete(loginThrottle).where(eq(loginThrottle.key, `acct:${admin.email}`));
      const ok = await login(
        t.app,
        { email: admin.email.toUpperCase(), password: admin.password },
        ip,
      );
      expect(ok.statusCode).toBe(200);
      await login(t.app, { email: 'ghost-user@example.com', password: 'whatever-it-is' }, ip);

      const rows = await t.database.db
        .select()
        .from(loginAttempts)
        .where(eq(loginAttempts.adminId, admin.admin.id))
        .orderBy(loginAttempts.createdAt, loginAttempts.id);
      expect(rows.map((r) => r.result)).toEqual([
        ...Array.from({ length: LOGIN_THROTTLE.accountLimit }, () => 'failed'),
        'locked',
        'success',
      ]);
      expect(rows.every((r) => r.ip === ip && r.email === admin.email)).toBe(true);
      const token = body<{ data: { token: string } }>(ok).data.token;
      const [session] = await t.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(token)));
      expect(rows.at(-1)?.sessionId).toBe(session?.id);
      // An unknown e-mail is recorded too, belonging to nobody.
      const [ghost] = await t.database.db
        .select()
        .from(loginAttempts)
        .where(eq(loginAttempts.email, 'ghost-user@example.com'));
      expect(ghost).toMatchObject({ adminId: null, result: 'failed' });

      // One audit entry per sign-in (the audit hook's), none for the failures.
      const audits = await t.database.db
        .select()
        .from(adminActivities)
        .where(eq(adminActivities.adminId, admin.admin.id));
      expect(audits.map((a) => [a.action, a.path, a.ip])).toEqual([
        ['login', API_PATHS.auth.login, ip],
      ]);
    });
  });

  describe('throttle', () => {
    it('answers 429 with Retry-After on the 6th failure, also from a new IP and with a forged X-Forwarded-For', async () => {
      const victim = await makeAdmin(t.database.db, t.hasher);
      for (let i = 0; i < LOGIN_THROTTLE.accountLimit; i++) {
        const res = await login(t.app, { email: victim.email, password: `wrong-${i}` }, freshIp());
        expect(res.statusCode).toBe(401);
      }
      const sixth = await login(t.app, { email: victim.email, password: 'wrong-6' }, freshIp());
      expect(sixth.statusCode).toBe(429);
      const retryAfter = Number(sixth.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(LOGIN_THROTTLE.windowSeconds);
      expect(body(sixth)).toEqual({
        status: 429,
        success: false,
        code: 'RATE_LIMITED',
        message: 'Too many sign-in attempts. Try again in 15 minutes.',
      });
      // Even the right password is refused while the account is locked.
      const right = await login(
        t.app,
        { email: victim.email, password: victim.password },
        freshIp(),
      );
      expect(right.statusCode).toBe(429);
      // TRUST_PROXY=0: a forged X-Forwarded-For is ignored.
      const forged = await t.app.inject({
        method: 'POST',
        url: API_PATHS.auth.login,
        remoteAddress: freshIp(),
        headers: { 'x-forwarded-for': '198.51.100.77' },
        payload: { data: { email: victim.email, password: victim.password } },
      });
      expect(forged.statusCode).toBe(429);
    });

    it('keeps a browser that signed in before its own allowance while strangers lock the account (device cookie)', async () => {
      const victim = await makeAdmin(t.database.db, t.hasher);
      const first = await login(
        t.app,
        { email: victim.email, password: victim.password },
        freshIp(),
      );
      expect(first.statusCode).toBe(200);
      const issued = first.cookies.find((c) => c.name === DEVICE_COOKIE);
      expect(issued).toMatchObject({
        httpOnly: true,
        sameSite: 'Strict',
        path: '/api/v1/admin/auth',
        maxAge: DEVICE_COOKIE_MAX_AGE_S,
      });
      const fromDevice = (password: string, cookie = issued?.value ?? '') =>
        t.app.inject({
          method: 'POST',
          url: API_PATHS.auth.login,
          remoteAddress: freshIp(),
          cookies: { [DEVICE_COOKIE]: cookie },
          payload: { data: { email: victim.email, password } },
        });

      // Someone who knows the e-mail spends the account's allowance.
      for (let i = 0; i <= LOGIN_THROTTLE.accountLimit; i++) {
        await login(t.app, { email: victim.email, password: `guess-${i}` }, freshIp());
      }
      const stranger = await login(
        t.app,
        { email: victim.email, password: victim.password },
        freshIp(),
      );
      expect(stranger.statusCode).toBe(429);
      // The admin's own browser still signs in, and gets a fresh cookie.
      const own = await fromDevice(victim.password);
      expect(own.statusCode).toBe(200);
      const renewed = own.cookies.find((c) => c.name === DEVICE_COOKIE)?.value;
      expect(renewed).toBeDefined();
      expect(renewed).not.toBe(issued?.value);

      // A forged cookie, or this cookie for another admin, counts as a stranger.
      const [nonce] = (issued?.value ?? '').split('.');
      expect((await fromDevice(victim.password, `${nonce}.AAAA`)).statusCode).toBe(429);
      const other = await makeAdmin(t.database.db, t.hasher);
      for (let i = 0; i <= LOGIN_THROTTLE.accountLimit; i++) {
        await login(t.app, { email: other.email, password: `guess-${i}` }, freshIp());
      }
      const borrowed = await t.app.inject({
        method: 'POST',
        url: API_PATHS.auth.login,
        remoteAddress: freshIp(),
        cookies: { [DEVICE_COOKIE]: renewed ?? '' },
        payload: { data: { email: other.email, password: other.password } },
      });
      expect(borrowed.statusCode).toBe(429);

      // The device's own allowance is limited like an account's.
      for (let i = 0; i < LOGIN_THROTTLE.accountLimit; i++) {
        expect((await fromDevice(`wrong-${i}`, renewed)).statusCode).toBe(401);
      }
      expect((await fromDevice(victim.password, renewed)).statusCode).toBe(429);
    });

    it('believes X-Forwarded-For only for the configured TRUST_PROXY hops', async () => {
      const proxied = await createTestApp({ config: { trustProxy: 1 } });
      try {
        const admin = await makeAdmin(proxied.database.db, proxied.hasher);
        const res = await proxied.app.inject({
          method: 'POST',
          url: API_PATHS.auth.login,
          remoteAddress: '10.0.0.1',
          // The client forged the first entry; our one proxy appended the real address.
          headers: { 'x-forwarded-for': '6.6.6.6, 203.0.113.5' },
          payload: { data: { email: admin.email, password: admin.password } },
        });
        expect(res.statusCode).toBe(200);
        const [row] = await proxied.database.db
          .select()
          .from(sessions)
          .where(eq(sessions.adminId, admin.admin.id));
        expect(row?.ip).toBe('203.0.113.5');
      } finally {
        await proxied.close();
      }
    });

    it('lets at most 5 of 50 parallel wrong attempts reach password verification', async () => {
      const target = await makeAdmin(t.database.db, t.hasher);
      const before = t.counter.verifies;
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          login(t.app, { email: target.email, password: `parallel-${i}` }, freshIp()),
        ),
      );
      const verified = t.counter.verifies - before;
      expect(verified).toBeLessThanOrEqual(LOGIN_THROTTLE.accountLimit);
      expect(answers.filter((r) => r.statusCode === 401)).toHaveLength(verified);
      expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(50 - verified);
    });

    it('limits one IP to 20 attempts across accounts', async () => {
      const ip = freshIp();
      for (let i = 0; i < LOGIN_THROTTLE.ipLimit; i++) {
        const res = await login(
          t.app,
          { email: `spray-${i}@example.com`, password: 'wrong-password' },
          ip,
        );
        expect(res.statusCode).toBe(401);
      }
      const next = await login(
        t.app,
        { email: 'spray-x@example.com', password: 'wrong-password' },
        ip,
      );
      expect(next.statusCode).toBe(429);
      expect(Number(next.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('clears the account counter after a successful sign-in', async () => {
      const admin = await makeAdmin(t.database.db, t.hasher);
      for (let i = 0; i < 4; i++)
        await login(t.app, { email: admin.email, password: 'nope-nope' }, freshIp());
      expect(
        (await login(t.app, { email: admin.email, password: admin.password }, freshIp()))
          .statusCode,
      ).toBe(200);
      const rows = await t.database.db
        .select()
        .from(loginThrottle)
        .where(eq(loginThrottle.key, `acct:${admin.email}`));
      expect(rows).toHaveLength(0);
      for (let i = 0; i < 5; i++) {
        expect(
          (await login(t.app, { email: admin.email, password: 'nope-nope' }, freshIp())).statusCode,
        ).toBe(401);
      }
    });

    it('starts a new window once the old one is over', async () => {
      const admin = await makeAdmin(t.database.db, t.hasher);
      for (let i = 0; i < 6; i++)
        await login(t.app, { email: admin.email, password: 'nope-nope' }, freshIp());
      await t.database.db
        .update(loginThrottle)
        .set({ windowStartedAt: new Date(Date.now() - 16 * 60 * 1000) })
        .where(eq(loginThrottle.key, `acct:${admin.email}`));
      expect(
        (await login(t.app, { email: admin.email, password: admin.password }, freshIp()))
          .statusCode,
      ).toBe(200);
    });
  });

  describe('sessions', () => {
    it('profile answers the contract shape with every permission for a super admin and no secrets', async () => {
      const { headers } = await loginAs(t.app, root);
      const res = await profile(headers);
      expect(res.statusCode).toBe(200);
      const envelope = body<{ data: { data: unknown } }>(res);
      const data = profileSchema.strict().parse(envelope.data.data);
      expect(data).toMatchObject({
        _id: root.admin.id,
        id: root.admin.id,
        email: root.email,
        userType: { isSuperAdmin: true },
      });
      expect([...data.permissions].sort()).toEqual([...PERMISSION_KEYS].sort());
      expect(res.body).not.toMatch(/argon2|passwordHash|password_hash|token/i);
    });

    it('logout revokes the session: the same token then gets 401', async () => {
      const { headers } = await loginAs(t.app, root);
      const out = await t.app.inject({ method: 'POST', url: API_PATHS.auth.logout, headers });
      expect(out.statusCode).toBe(200);
      expect(body(out)).toEqual({
        status: 200,
        success: true,
        message: 'Logged out successfully',
        data: null,
      });
      expect(String(out.headers['set-cookie'])).toMatch(/^authToken=;/);
      const again = await profile(headers);
      expect(again.statusCode).toBe(401);
      expect(body(again)).toEqual({
        status: 401,
        success: false,
        code: 'UNAUTHENTICATED',
        message: 'Your session has expired. Please sign in again.',
      });
    });

    it('refuses a missing, malformed or unknown token with 401', async () => {
      const cases: Record<string, string>[] = [
        {},
        { authorization: 'Bearer not-a-real-token' },
        { authorization: 'Basic YWRtaW46YWRtaW4=' },
        { authorization: `Bearer ${'x'.repeat(5000)}` },
      ];
      for (const headers of cases) {
        const res = await profile(headers);
        expect(res.statusCode).toBe(401);
        expect(body(res)).toMatchObject({ code: 'UNAUTHENTICATED' });
      }
    });

    it('refuses idle-expired, absolutely-expired and revoked sessions', async () => {
      const past = new Date(Date.now() - 1000);
      const cases = [{ idleExpiresAt: past }, { absoluteExpiresAt: past }, { revokedAt: past }];
      for (const change of cases) {
        const { token, headers } = await loginAs(t.app, root);
        expect((await profile(headers)).statusCode).toBe(200);
        await t.database.db
          .update(sessions)
          .set(change)
          .where(eq(sessions.tokenHash, hashToken(token)));
        expect((await profile(headers)).statusCode).toBe(401);
      }
    });

    it('ends the sessions of an admin who is disabled', async () => {
      const admin = await makeAdmin(t.database.db, t.hasher);
      const { headers } = await loginAs(t.app, admin);
      expect((await profile(headers)).statusCode).toBe(200);
      await t.database.db
        .update(adminUsers)
        .set({ isActive: false })
        .where(eq(adminUsers.id, admin.admin.id));
      expect((await profile(headers)).statusCode).toBe(401);
    });

    it('extends the idle expiry with use, at most once a minute, never past the absolute expiry', async () => {
      const { token, headers } = await loginAs(t.app, root);
      const where = eq(sessions.tokenHash, hashToken(token));
      const old = new Date(Date.now() - 5 * 60 * 1000);
      await t.database.db.update(sessions).set({ lastSeenAt: old }).where(where);
      await profile(headers);
      const [touched] = await t.database.db.select().from(sessions).where(where);
      expect(touched?.lastSeenAt.getTime()).toBeGreaterThan(old.getTime());
      expect(touched?.idleExpiresAt.getTime()).toBeLessThanOrEqual(
        touched?.absoluteExpiresAt.getTime() ?? 0,
      );
      await profile(headers);
      const [again] = await t.database.db.select().from(sessions).where(where);
      expect(again?.lastSeenAt.getTime()).toBe(touched?.lastSeenAt.getTime());
    });
  });

  describe('cookie sessions and cross-site requests', () => {
    let cookieToken: string;
    beforeAll(async () => {
      const res = await login(
        t.app,
        { email: root.email, password: root.password, rememberMe: true },
        freshIp(),
      );
      cookieToken = authCookieToken(res.headers['set-cookie']);
    });
    const post = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: PROBE, cookies: { authToken: cookieToken }, headers });
    const client = { [CLIENT_HEADER]: CLIENT_HEADER_VALUE };

    it('accepts a same-origin write carrying the client header', async () => {
      expect((await post({ ...client })).statusCode).toBe(200);
      expect(
        (
          await post({
            ...client,
            origin: 'http://localhost:3000',
            'sec-fetch-site': 'same-origin',
          })
        ).statusCode,
      ).toBe(200);
      // The request's own host also counts as same origin (e.g. reached by IP).
      expect(
        (await post({ ...client, origin: 'http://localhost:80', host: 'localhost:80' })).statusCode,
      ).toBe(200);
    });

    it('refuses cross-site writes with 403', async () => {
      const cases: Record<string, string>[] = [
        {},
        { [CLIENT_HEADER]: 'something-else' },
        { ...client, origin: 'https://evil.example' },
        { ...client, 'sec-fetch-site': 'cross-site' },
        { ...client, 'sec-fetch-site': 'same-site' },
        { ...client, origin: 'null' },
      ];
      for (const headers of cases) {
        const res = await post(headers);
        expect(res.statusCode).toBe(403);
        expect(body(res)).toEqual({
          status: 403,
          success: false,
          code: 'FORBIDDEN',
          message: 'Cross-site request refused',
        });
      }
      // The logout route itself is covered too.
      const out = await t.app.inject({
        method: 'POST',
        url: API_PATHS.auth.logout,
        cookies: { authToken: cookieToken },
        headers: { origin: 'https://evil.example' },
      });
      expect(out.statusCode).toBe(403);
      expect((await profile({ cookie: `authToken=${cookieToken}` })).statusCode).toBe(200);
    });

    it('leaves Bearer-authenticated writes alone (no ambient credential to abuse)', async () => {
      const { headers } = await loginAs(t.app, root);
      const res = await t.app.inject({
        method: 'POST',
        url: PROBE,
        headers: { ...headers, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      });
      expect(res.statusCode).toBe(200);
    });

    it('lets cookie-authenticated reads through without the header', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: API_PATHS.auth.profile,
        cookies: { authToken: cookieToken },
      });
      expect(res.statusCode).toBe(200);
    });
  });

  describe('permission guard', () => {
    it('answers 403 without the key, 200 with it, and applies changes on the next request', async () => {
      const admin = await makeAdmin(t.database.db, t.hasher, { permissions: ['itineraries.view'] });
      const { headers } = await loginAs(t.app, admin);
      const denied = await t.app.inject({ method: 'GET', url: PROBE, headers });
      expect(denied.statusCode).toBe(403);
      expect(body(denied)).toEqual({
        status: 403,
        success: false,
        code: 'FORBIDDEN',
        message: 'You do not have permission to perform this action.',
      });

      await t.database.db
        .update(userTypes)
        .set({ permissions: ['itineraries.view', 'itineraries.create'] })
        .where(eq(userTypes.id, admin.userType.id));
      expect((await t.app.inject({ method: 'GET', url: PROBE, headers })).statusCode).toBe(200);

      // A disabled role grants nothing.
      await t.database.db
        .update(userTypes)
        .set({ isActive: false })
        .where(eq(userTypes.id, admin.userType.id));
      expect((await t.app.inject({ method: 'GET', url: PROBE, headers })).statusCode).toBe(403);
      const me = record<{ permissions: string[] }>(await profile(headers));
      expect(me.permissions).toEqual([]);
    });

    it('lets a super admin through every key and asks anonymous callers to sign in', async () => {
      const { headers } = await loginAs(t.app, root);
      expect((await t.app.inject({ method: 'GET', url: PROBE, headers })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: PROBE })).statusCode).toBe(401);
    });
  });
});
