import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  LINK_TTL_MINUTES,
  MANAGE_MESSAGES as M,
  SOCKET_EVENTS,
  type AdminUser,
  type AdminUserDetails,
  type AdminUserInvited,
  type AdminUserList,
} from '@safarnama/contract';
import {
  adminActivities,
  adminUsers,
  loginAttempts,
  passwordTokens,
  sessions,
} from '../../db/schema/index.js';
import type { AuthContext } from '../../http/access.js';
import { hashToken } from '../../lib/tokens.js';
import { errorOf, record } from '../../test/api.js';
import { login, makeAdmin, makeUserType } from '../../test/factories.js';
import { body, createTestApp, type TestApp } from '../../test/harness.js';
import {
  fakeMailer,
  fakeRealtime,
  makeSuperAdmin,
  postData,
  sessionFor,
  signedInWith,
} from '../../test/manage.js';
import { createActivityService } from '../activity/activity.service.js';
import { ensureSuperAdminRole } from '../roles/roles.repo.js';
import { createAdminService } from './admins.service.js';

const P = API_PATHS.manage;
const PUBLIC_URL = 'https://admin.safarnama.example';
const GOOD_PASSWORD = 'Correct horse battery staple 42';

describe('admin users', () => {
  let t: TestApp;
  let rt: ReturnType<typeof fakeRealtime>;
  let mail: ReturnType<typeof fakeMailer>;
  let su: Record<string, string>;
  let superAdminId: string;
  let now: Date;

  beforeAll(async () => {
    rt = fakeRealtime();
    mail = fakeMailer();
    now = new Date();
    t = await createTestApp({
      realtime: rt.realtime,
      mailer: mail.mailer,
      config: { publicUrl: PUBLIC_URL },
    });
    const made = await signedInWith(t.database.db, t.hasher, 'super');
    su = made.headers;
    superAdminId = made.admin.id;
  });
  afterAll(() => t.close());
  beforeEach(() => {
    rt.emitted.length = 0;
    rt.revokedAdmins.length = 0;
    mail.sent.length = 0;
    mail.state.failing = false;
  });

  const db = () => t.database.db;
  const get = (url: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url, headers });
  const stored = async (id: string) => {
    const [row] = await db().select().from(adminUsers).where(eq(adminUsers.id, id));
    return row;
  };
  const tokenOf = (link: string | undefined) => new URL(link ?? '').searchParams.get('token') ?? '';
  const invite = (data: Record<string, unknown>, headers = su) =>
    postData(t.app, P.addUser, data, headers);

  describe('invitations', () => {
    it('creates the admin without a password and mails a 72-hour link built from PUBLIC_URL', async () => {
      const type = await makeUserType(db(), { permissions: ['itineraries.view'] });
      const res = await invite({
        name: ' Asha Rao ',
        email: 'Asha.Rao@Example.com',
        phone: '+91 98765 43210',
        userTypeId: type.id,
      });
      expect(res.statusCode, res.body).toBe(201);
      const answer = body<{ message: string; data: AdminUserInvited }>(res);
      expect(answer.message).toBe(M.userCreated);
      expect(answer.data.invitationSent).toBe(true);
      expect(answer.data.data).toMatchObject({
        name: 'Asha Rao',
        email: 'Asha.Rao@Example.com',
        phone: '+91 98765 43210',
        userType: { _id: type.id, name: type.name, isSuperAdmin: false },
        isActive: true,
        twoFactorEnabled: false,
        lastLoginAt: null,
        invitationPending: true,
      });
      expect(res.body).not.toMatch(/passwordHash|argon2/);

      const row = await stored(answer.data.data._id);
      expect(row?.passwordHash).toBeNull();
      expect(mail.sent).toHaveLength(1);
      const message = mail.sent[0];
      expect(message?.to).toBe('Asha.Rao@Example.com');
      expect(message?.link).toMatch(
        new RegExp(`^${PUBLIC_URL.replace(/\./g, '\\.')}/set-password\\?token=[A-Za-z0-9_-]{43}$`),
      );
      expect(message?.text).toContain(message?.link ?? '?');

      const [link] = await db()
        .select()
        .from(passwordTokens)
        .where(eq(passwordTokens.tokenHash, hashToken(tokenOf(message?.link))));
      expect(link?.purpose).toBe('invite');
      const ttl = (link?.expiresAt.getTime() ?? 0) - (link?.createdAt.getTime() ?? 0);
      expect(ttl).toBe(LINK_TTL_MINUTES.invite * 60_000);
      expect(LINK_TTL_MINUTES.invite).toBe(72 * 60);

      // No password yet: nobody can sign in as them.
      expect(
        (await login(t.app, { email: 'asha.rao@example.com', password: 'x' })).statusCode,
      ).toBe(401);
    });

    it('is accepted through the set-password link: the admin signs in and is no longer pending', async () => {
      const type = await makeUserType(db(), { permissions: ['blogs.view'] });
      const res = await invite({
        name: 'Dev Patel',
        email: 'dev.patel@example.com',
        userTypeId: type.id,
      });
      const id = record<AdminUser>(res, 201)._id;
      const token = tokenOf(mail.sent[0]?.link);

      const check = await postData(
        t.app,
        API_PATHS.auth.validateForgotPasswordToken,
        { token },
        {},
      );
      expect(check.statusCode, check.body).toBe(200);
      const set = await postData(
        t.app,
        API_PATHS.auth.forgotSetPassword,
        { token, password: GOOD_PASSWORD },
        {},
      );
      expect(set.statusCode, set.body).toBe(200);
      const signIn = await login(t.app, {
        email: 'dev.patel@example.com',
        password: GOOD_PASSWORD,
      });
      expect(signIn.statusCode, signIn.body).toBe(200);

      const list = body<{ data: AdminUserList }>(
        await get(`${P.listUsers}?search=dev.patel`, su),
      ).data;
      expect(list.users[0]).toMatchObject({ _id: id, invitationPending: false });
      expect(list.users[0]?.lastLoginAt).not.toBeNull();
      const again = await postData(t.app, P.resendInvitation, { id }, su);
      expect(errorOf(again, 409).message).toBe(M.invitationNotPending);
      // The log shows the invitation, the accepted link and the first sign-in.
      const theirs = await db()
        .select()
        .from(adminActivities)
        .where(eq(adminActivities.adminId, id));
      expect(theirs.map((a) => a.action).sort()).toEqual(['login', 'password-set']);
      const [invitedBy] = await db()
        .select()
        .from(adminActivities)
        .where(and(eq(adminActivities.entityId, id), eq(adminActivities.action, 'invite')));
      expect(invitedBy?.adminId).toBe(superAdminId);
    });

    it('keeps the admin when the mail fails, says so, and resend-invitation sends a fresh link', async () => {
      const type = await makeUserType(db());
      mail.state.failing = true;
      const res = await invite({
        name: 'Mail Less',
        email: 'mail.less@example.com',
        userTypeId: type.id,
      });
      expect(res.statusCode, res.body).toBe(201);
      const answer = body<{ message: string; data: AdminUserInvited }>(res);
      expect(answer.message).toBe(M.userCreatedMailFailed);
      expect(answer.data.invitationSent).toBe(false);
      expect(await stored(answer.data.data._id)).toBeDefined();

      const stillFailing = await postData(
        t.app,
        P.resendInvitation,
        { id: answer.data.data._id },
        su,
      );
      expect(errorOf(stillFailing, 503).message).toBe(M.invitationMailFailed);

      mail.state.failing = false;
      const first = await postData(t.app, P.resendInvitation, { id: answer.data.data._id }, su);
      expect(first.statusCode, first.body).toBe(200);
      expect(body<{ data: AdminUserInvited }>(first).data.invitationSent).toBe(true);
      const second = await postData(t.app, P.resendInvitation, { id: answer.data.data._id }, su);
      expect(second.statusCode).toBe(200);
      expect(mail.sent).toHaveLength(2);
      // Only the newest link is open.
      const open = await db()
        .select()
        .from(passwordTokens)
        .where(
          and(
            eq(passwordTokens.adminId, answer.data.data._id),
            isNull(passwordTokens.voidedAt),
            isNull(passwordTokens.usedAt),
          ),
        );
      expect(open.map((l) => l.tokenHash)).toEqual([hashToken(tokenOf(mail.sent[1]?.link))]);
    });

    it('refuses a taken e-mail (409), an unknown or disabled type (400) and a type above the ceiling (403)', async () => {
      const type = await makeUserType(db());
      const first = await invite({ name: 'One', email: 'taken@example.com', userTypeId: type.id });
      expect(first.statusCode).toBe(201);
      const dup = await invite({ name: 'Two', email: 'TAKEN@example.com', userTypeId: type.id });
      expect(errorOf(dup, 409).message).toBe(M.emailTaken);

      const unknown = await invite({
        name: 'X',
        email: 'x1@example.com',
        userTypeId: '0190a0a0-0000-7000-8000-000000000000',
      });
      expect(errorOf(unknown, 400).details).toEqual([
        { path: 'userTypeId', message: M.userTypeNotFound },
      ]);
      const off = await makeUserType(db(), { isActive: false });
      const disabled = await invite({ name: 'X', email: 'x2@example.com', userTypeId: off.id });
      expect(errorOf(disabled, 400).details).toEqual([
        { path: 'userTypeId', message: M.userTypeInactive },
      ]);

      const manager = await signedInWith(db(), t.hasher, ['admins.create', 'blogs.view']);
      const superRole = await ensureSuperAdminRole(db());
      const up = await invite(
        { name: 'Root', email: 'root@example.com', userTypeId: superRole.id },
        manager.headers,
      );
      expect(errorOf(up, 403).message).toBe(M.permissionCeiling);
      const wider = await makeUserType(db(), { permissions: ['blogs.view', 'blogs.create'] });
      const wide = await invite(
        { name: 'Wide', email: 'wide@example.com', userTypeId: wider.id },
        manager.headers,
      );
      expect(errorOf(wide, 403).message).toBe(M.permissionCeiling);
      const within = await makeUserType(db(), { permissions: ['blogs.view'] });
      const ok = await invite(
        { name: 'Fine', email: 'fine@example.com', userTypeId: within.id },
        manager.headers,
      );
      expect(ok.statusCode, ok.body).toBe(201);
      const rows = await db()
        .select()
        .from(adminUsers)
        .where(eq(adminUsers.email, 'root@example.com'));
      expect(rows).toHaveLength(0);
    });

    it('answers 400 to mass assignment (passwordHash, isSuperAdmin) and changes nothing (SECURITY 11)', async () => {
      const type = await makeUserType(db());
      for (const extra of [
        { passwordHash: '$argon2id$v=19$m=8,t=1,p=1$AAAA$BBBB' },
        { isSuperAdmin: true },
        { isActive: false },
        { twoFactorEnabled: true },
      ]) {
        const res = await invite({
          name: 'Mass',
          email: 'mass@example.com',
          userTypeId: type.id,
          ...extra,
        });
        expect(errorOf(res, 400).details).toEqual([
          { path: Object.keys(extra)[0], message: 'Unknown field' },
        ]);
      }
      expect(
        await db().select().from(adminUsers).where(eq(adminUsers.email, 'mass@example.com')),
      ).toHaveLength(0);
      expect(mail.sent).toHaveLength(0);

      const target = await makeAdmin(db(), t.hasher, { userType: type });
      const before = await stored(target.admin.id);
      for (const extra of [{ passwordHash: 'x' }, { isSuperAdmin: true }, { userType: 'super' }]) {
        const res = await postData(
          t.app,
          P.updateUser,
          {
            id: target.admin.id,
            name: 'Hacked',
            email: target.email,
            userTypeId: type.id,
            ...extra,
          },
          su,
        );
        expect(res.statusCode).toBe(400);
      }
      expect(await stored(target.admin.id)).toEqual(before);
    });
  });

  describe('list', () => {
    it('pages newest first and searches name, e-mail and user type; never a hash', async () => {
      const type = await makeUserType(db(), { name: 'Kestrel Desk' });
      const a = await makeAdmin(db(), t.hasher, {
        userType: type,
        email: 'kestrel-one@example.com',
      });
      const b = await makeAdmin(db(), t.hasher, {
        userType: type,
        email: 'kestrel-two@example.com',
      });
      await db()
        .update(adminUsers)
        .set({ twoFactorEnabled: true, lastLoginAt: now })
        .where(eq(adminUsers.id, b.admin.id));

      const byType = body<{ data: AdminUserList }>(
        await get(`${P.listUsers}?search=kestrel%20desk`, su),
      ).data;
      expect(byType.users.map((u) => u._id)).toEqual([b.admin.id, a.admin.id]);
      expect(byType.users[0]).toMatchObject({
        twoFactorEnabled: true,
        lastLoginAt: now.toISOString(),
        invitationPending: false,
        userType: { name: 'Kestrel Desk' },
      });
      const byEmail = body<{ data: AdminUserList }>(
        await get(`${P.listUsers}?search=KESTREL-ONE`, su),
      ).data;
      expect(byEmail.users.map((u) => u._id)).toEqual([a.admin.id]);
      const byName = body<{ data: AdminUserList }>(
        await get(`${P.listUsers}?search=${encodeURIComponent(a.admin.name)}`, su),
      ).data;
      expect(byName.users.map((u) => u._id)).toEqual([a.admin.id]);

      const paged = await get(`${P.listUsers}?page=1&limit=1`, su);
      expect(body<{ data: AdminUserList }>(paged).data.pagination).toMatchObject({
        page: 1,
        limit: 1,
        hasNextPage: true,
      });
      expect(paged.body).not.toMatch(/passwordHash|argon2|totp/i);
    });
  });

  describe('status', () => {
    it('disabling signs the admin out everywhere at once; enabling lets them sign in again', async () => {
      const target = await makeAdmin(db(), t.hasher, { permissions: ['dashboard.view'] });
      const one = await sessionFor(db(), target.admin.id);
      const two = await sessionFor(db(), target.admin.id);
      const dash = API_PATHS.service.dashboard;
      expect((await get(dash, one)).statusCode).toBe(200);

      const res = await postData(
        t.app,
        P.updateUserStatus,
        { id: target.admin.id, isActive: false },
        su,
      );
      expect(record<AdminUser>(res).isActive).toBe(false);
      expect((await get(dash, one)).statusCode).toBe(401);
      expect((await get(dash, two)).statusCode).toBe(401);
      const open = await db()
        .select()
        .from(sessions)
        .where(and(eq(sessions.adminId, target.admin.id), isNull(sessions.revokedAt)));
      expect(open).toEqual([]);
      expect(rt.revokedAdmins).toEqual([{ adminIds: [target.admin.id], reason: 'disabled' }]);
      expect(
        (await login(t.app, { email: target.email, password: target.password })).statusCode,
      ).toBe(401);

      const on = await postData(
        t.app,
        P.updateUserStatus,
        { id: target.admin.id, isActive: true },
        su,
      );
      expect(record<AdminUser>(on).isActive).toBe(true);
      expect(
        (await login(t.app, { email: target.email, password: target.password })).statusCode,
      ).toBe(200);
      // Old sessions stay revoked.
      expect((await get(dash, one)).statusCode).toBe(401);
    });

    it('lets nobody disable themselves, nor an admin holding more than they do (403)', async () => {
      const self = await postData(
        t.app,
        P.updateUserStatus,
        { id: superAdminId, isActive: false },
        su,
      );
      expect(errorOf(self, 403).message).toBe(M.ownStatus);

      const manager = await signedInWith(db(), t.hasher, ['admins.update', 'admins.view']);
      const root = await makeSuperAdmin(db(), t.hasher);
      const up = await postData(
        t.app,
        P.updateUserStatus,
        { id: root.admin.id, isActive: false },
        manager.headers,
      );
      expect(errorOf(up, 403).message).toBe(M.adminAboveCeiling);
      expect((await stored(root.admin.id))?.isActive).toBe(true);
      const unknown = await postData(
        t.app,
        P.updateUserStatus,
        { id: '0190a0a0-0000-7000-8000-000000000000', isActive: false },
        su,
      );
      expect(errorOf(unknown, 404).message).toBe(M.userNotFound);
    });

    it('never leaves the system without an active super admin', async () => {
      // Two super admins disabling each other at the same moment: at most one wins.
      const a = await makeSuperAdmin(db(), t.hasher);
      const b = await makeSuperAdmin(db(), t.hasher);
      const [ha, hb] = await Promise.all([
        sessionFor(db(), a.admin.id),
        sessionFor(db(), b.admin.id),
      ]);
      // Everyone else of the type steps aside, so a and b are the last two.
      const superRole = await ensureSuperAdminRole(db());
      await db()
        .update(adminUsers)
        .set({ isActive: false })
        .where(and(eq(adminUsers.userTypeId, superRole.id)));
      await db().update(adminUsers).set({ isActive: true }).where(eq(adminUsers.id, a.admin.id));
      await db().update(adminUsers).set({ isActive: true }).where(eq(adminUsers.id, b.admin.id));
      const results = await Promise.all([
        postData(t.app, P.updateUserStatus, { id: b.admin.id, isActive: false }, ha),
        postData(t.app, P.updateUserStatus, { id: a.admin.id, isActive: false }, hb),
      ]);
      expect(results.filter((r) => r.statusCode === 200).length).toBeLessThanOrEqual(1);
      const active = [await stored(a.admin.id), await stored(b.admin.id)].filter(
        (r) => r?.isActive,
      );
      expect(active.length).toBeGreaterThanOrEqual(1);

      // A caller whose own account was disabled a moment ago (its request already past the
      // guard) cannot disable the last one: the service re-checks under lock.
      const last = active[0];
      const gone = last?.id === a.admin.id ? b : a;
      const admins = createAdminService({
        db: db(),
        mailer: mail.mailer,
        realtime: rt.realtime,
        activity: createActivityService({ db: db() }),
        publicUrl: PUBLIC_URL,
        now: () => new Date(),
      });
      const staleAuth = {
        admin: gone.admin,
        userType: superRole,
        session: { id: 'stale' },
        permissions: new Set(superRole.permissions),
        via: 'bearer',
      } as unknown as AuthContext;
      await expect(
        admins.setStatus({ id: last?.id ?? '', isActive: false }, staleAuth),
      ).rejects.toMatchObject({ status: 409, message: M.lastSuperAdmin });
      const other = await makeUserType(db());
      await expect(
        admins.update(
          {
            id: last?.id ?? '',
            name: 'Last',
            email: last?.email ?? '',
            phone: null,
            userTypeId: other.id,
          },
          staleAuth,
        ),
      ).rejects.toMatchObject({ status: 409, message: M.lastSuperAdmin });
      expect((await stored(last?.id ?? ''))?.isActive).toBe(true);

      // Put the suite's super admin back.
      await db().update(adminUsers).set({ isActive: true }).where(eq(adminUsers.id, superAdminId));
    });
  });

  describe('update', () => {
    it('edits name, e-mail, phone and type; a new type refreshes their menus', async () => {
      const from = await makeUserType(db(), { permissions: ['blogs.view'] });
      const to = await makeUserType(db(), { permissions: ['itineraries.view'] });
      const target = await makeAdmin(db(), t.hasher, { userType: from });
      const res = await postData(
        t.app,
        P.updateUser,
        {
          id: target.admin.id,
          name: 'Renamed',
          email: 'renamed@example.com',
          phone: '',
          userTypeId: to.id,
        },
        su,
      );
      expect(record<AdminUser>(res)).toMatchObject({
        name: 'Renamed',
        email: 'renamed@example.com',
        phone: null,
        userType: { _id: to.id },
      });
      expect(rt.emitted).toEqual([
        { adminIds: [target.admin.id], event: SOCKET_EVENTS.permissionsChanged, payload: {} },
      ]);
      const headers = await sessionFor(db(), target.admin.id);
      expect((await get(API_PATHS.service.listItineraries, headers)).statusCode).toBe(200);
      expect((await get(API_PATHS.service.listBlogs, headers)).statusCode).toBe(403);
    });

    it('refuses a taken e-mail (409), a disabled type (400), and changing one’s own type (403)', async () => {
      const type = await makeUserType(db());
      const a = await makeAdmin(db(), t.hasher, { userType: type });
      const b = await makeAdmin(db(), t.hasher, { userType: type });
      const edit = (id: string, data: Record<string, unknown>, headers = su) =>
        postData(t.app, P.updateUser, { id, name: 'N', phone: '', ...data }, headers);

      const taken = await edit(a.admin.id, { email: b.email.toUpperCase(), userTypeId: type.id });
      expect(errorOf(taken, 409).message).toBe(M.emailTaken);
      const off = await makeUserType(db(), { isActive: false });
      const disabled = await edit(a.admin.id, { email: a.email, userTypeId: off.id });
      expect(errorOf(disabled, 400).details).toEqual([
        { path: 'userTypeId', message: M.userTypeInactive },
      ]);

      const manager = await signedInWith(db(), t.hasher, ['admins.update', 'roles.view']);
      const wider = await makeUserType(db(), {
        permissions: ['admins.update', 'roles.view', 'roles.update'],
      });
      const own = await edit(
        manager.admin.id,
        { email: manager.email, userTypeId: wider.id },
        manager.headers,
      );
      expect(errorOf(own, 403).message).toBe(M.ownUserTypeChange);
      const ownName = await edit(
        manager.admin.id,
        { name: 'My new name', email: manager.email, userTypeId: manager.userType.id },
        manager.headers,
      );
      expect(record<AdminUser>(ownName).name).toBe('My new name');
      const raise = await edit(
        a.admin.id,
        { email: a.email, userTypeId: wider.id },
        manager.headers,
      );
      expect(errorOf(raise, 403).message).toBe(M.permissionCeiling);
      const root = await makeSuperAdmin(db(), t.hasher);
      const takeOver = await edit(
        root.admin.id,
        { email: 'mine@example.com', userTypeId: root.userType.id },
        manager.headers,
      );
      expect(errorOf(takeOver, 403).message).toBe(M.adminAboveCeiling);
      expect((await stored(root.admin.id))?.email).toBe(root.email);
      expect((await stored(a.admin.id))?.userTypeId).toBe(type.id);
    });

    it('voids open invitation links when the e-mail changes', async () => {
      const type = await makeUserType(db());
      const res = await invite({
        name: 'Moving',
        email: 'old.address@example.com',
        userTypeId: type.id,
      });
      const id = record<AdminUser>(res, 201)._id;
      const token = tokenOf(mail.sent[0]?.link);
      const edit = await postData(
        t.app,
        P.updateUser,
        { id, name: 'Moving', email: 'new.address@example.com', phone: '', userTypeId: type.id },
        su,
      );
      expect(edit.statusCode, edit.body).toBe(200);
      const set = await postData(
        t.app,
        API_PATHS.auth.forgotSetPassword,
        { token, password: GOOD_PASSWORD },
        {},
      );
      expect(set.statusCode).toBe(400);
    });
  });

  describe('admin user info', () => {
    it('answers the admin with their login activity and their actions, each paged', async () => {
      const target = await makeAdmin(db(), t.hasher, { permissions: ['roles.create'] });
      const headers = await sessionFor(db(), target.admin.id);
      for (let i = 0; i < 3; i++) {
        await db()
          .insert(loginAttempts)
          .values({
            adminId: target.admin.id,
            email: target.email,
            result: i === 0 ? 'failed' : 'success',
            ip: `192.0.2.${i + 1}`,
            userAgent:
              'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
            createdAt: new Date(now.getTime() + i * 1000),
          });
      }
      for (const name of ['Type A1', 'Type A2', 'Type A3']) {
        const made = await postData(t.app, P.addUserType, { name }, headers);
        expect(made.statusCode).toBe(201);
      }

      const url = `${P.userById}?id=${target.admin.id}&loginPage=2&loginLimit=2&adminPage=1&adminLimit=2`;
      const res = await get(url, su);
      expect(res.statusCode, res.body).toBe(200);
      const data = body<{ data: AdminUserDetails }>(res).data;
      expect(data.admin).toMatchObject({ _id: target.admin.id, email: target.email });
      expect(data.loginActivity.pagination).toMatchObject({ total: 3, page: 2, limit: 2 });
      expect(data.loginActivity.activities).toHaveLength(1);
      expect(data.loginActivity.activities[0]).toMatchObject({
        result: 'failed',
        ip: '192.0.2.1',
        browser: expect.stringMatching(/^Chrome/) as string,
        device: 'desktop',
      });
      expect(data.activities.pagination).toMatchObject({ total: 3, page: 1, limit: 2 });
      expect(data.activities.activities.map((a) => a.summary)).toEqual([
        "Created user type 'Type A3'",
        "Created user type 'Type A2'",
      ]);
      expect(data.activities.activities[0]?.admin?._id).toBe(target.admin.id);
      expect(res.body).not.toMatch(/passwordHash|argon2/);

      const unknown = await get(`${P.userById}?id=0190a0a0-0000-7000-8000-000000000000`, su);
      expect(errorOf(unknown, 404).message).toBe(M.userNotFound);
      const activities = await db()
        .select()
        .from(adminActivities)
        .where(eq(adminActivities.adminId, target.admin.id));
      expect(activities).toHaveLength(3);
    });
  });
});
