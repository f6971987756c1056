import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  MANAGE_MESSAGES as M,
  PERMISSION_KEYS,
  SOCKET_EVENTS,
  SUPER_ADMIN_ROLE,
  type AllUserTypePermissions,
  type UserType,
  type UserTypeList,
  type UserTypePermissions,
} from '@safarnama/contract';
import { userTypes } from '../../db/schema/index.js';
import { errorOf, record } from '../../test/api.js';
import { makeAdmin, makeUserType } from '../../test/factories.js';
import { body, createTestApp, type TestApp } from '../../test/harness.js';
import { fakeRealtime, postData, sessionFor, signedInWith } from '../../test/manage.js';
import { ensureSuperAdminRole } from './roles.repo.js';

const P = API_PATHS.manage;

describe('user types and permissions', () => {
  let t: TestApp;
  let fake: ReturnType<typeof fakeRealtime>;
  let su: Record<string, string>;
  let superRole: Awaited<ReturnType<typeof ensureSuperAdminRole>>;

  beforeAll(async () => {
    fake = fakeRealtime();
    t = await createTestApp({ realtime: fake.realtime });
    superRole = await ensureSuperAdminRole(t.database.db);
    su = (await signedInWith(t.database.db, t.hasher, 'super')).headers;
  });
  afterAll(() => t.close());
  beforeEach(() => {
    fake.emitted.length = 0;
  });

  const get = (url: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url, headers });
  const storedType = async (id: string) => {
    const [row] = await t.database.db.select().from(userTypes).where(eq(userTypes.id, id));
    return row;
  };

  describe('user types', () => {
    it('creates a type (201, trimmed, no permissions) and refuses a taken name in any case (409)', async () => {
      const res = await postData(
        t.app,
        P.addUserType,
        { name: '  Content Editor ', description: ' Writes the blogs ' },
        su,
      );
      const created = record<UserType>(res, 201);
      expect(body(res)).toMatchObject({ message: M.userTypeCreated, status: 201 });
      expect(created).toMatchObject({
        name: 'Content Editor',
        description: 'Writes the blogs',
        isActive: true,
        isSuperAdmin: false,
        permissions: [],
        adminCount: 0,
      });
      expect(created._id).toBe(created.id);

      const again = await postData(t.app, P.addUserType, { name: 'content editor' }, su);
      expect(errorOf(again, 409).message).toBe(M.userTypeNameTaken);
      const superName = await postData(t.app, P.addUserType, { name: 'SUPER ADMIN' }, su);
      expect(errorOf(superName, 409).message).toBe(M.userTypeNameTaken);
    });

    it('refuses an empty or over-long name and unknown fields (400)', async () => {
      const empty = errorOf(await postData(t.app, P.addUserType, { name: '   ' }, su), 400);
      expect(empty.details).toEqual([{ path: 'name', message: 'Name is required' }]);
      const long = await postData(t.app, P.addUserType, { name: 'x'.repeat(61) }, su);
      expect(errorOf(long, 400).details?.[0]?.path).toBe('name');
      const extra = await postData(
        t.app,
        P.addUserType,
        { name: 'Sneaky', permissions: ['roles.update'], isSuperAdmin: true },
        su,
      );
      expect(errorOf(extra, 400).code).toBe('VALIDATION_ERROR');
      const rows = await t.database.db.select().from(userTypes).where(eq(userTypes.name, 'Sneaky'));
      expect(rows).toHaveLength(0);
    });

    it('lists types with their admin counts, Super Admin first, searchable and paged', async () => {
      const type = await makeUserType(t.database.db, { name: 'Zeta Reviewers' });
      await makeAdmin(t.database.db, t.hasher, { userType: type });
      await makeAdmin(t.database.db, t.hasher, { userType: type });

      const all = body<{ data: UserTypeList }>(await get(`${P.listUserTypes}?limit=100`, su)).data;
      expect(all.userTypes[0]?.name).toBe(SUPER_ADMIN_ROLE);
      expect(all.userTypes[0]?.permissions).toEqual([...PERMISSION_KEYS]);
      expect(all.userTypes.find((u) => u.id === type.id)?.adminCount).toBe(2);

      const found = body<{ data: UserTypeList }>(
        await get(`${P.listUserTypes}?search=zeta%20rev`, su),
      ).data;
      expect(found.userTypes.map((u) => u.name)).toEqual(['Zeta Reviewers']);
      expect(found.pagination).toMatchObject({ total: 1, page: 1, totalPages: 1 });

      const page = body<{ data: UserTypeList }>(
        await get(`${P.listUserTypes}?page=2&limit=1`, su),
      ).data;
      expect(page.userTypes).toHaveLength(1);
      expect(page.pagination).toMatchObject({ page: 2, limit: 1, hasPrevPage: true });
      const literal = body<{ data: UserTypeList }>(
        await get(`${P.listUserTypes}?search=%25`, su),
      ).data;
      expect(literal.userTypes).toEqual([]);
    });

    it('renames and describes a type; the Super Admin cannot be changed (403)', async () => {
      const type = await makeUserType(t.database.db, { name: 'Old name' });
      const res = await postData(
        t.app,
        P.updateUserType,
        { id: type.id, name: 'New name', description: 'Now described' },
        su,
      );
      expect(record<UserType>(res)).toMatchObject({
        name: 'New name',
        description: 'Now described',
      });

      const locked = await postData(
        t.app,
        P.updateUserType,
        { id: superRole.id, name: 'Root', description: '' },
        su,
      );
      expect(errorOf(locked, 403).message).toBe(M.superAdminLocked);
      expect((await storedType(superRole.id))?.name).toBe(SUPER_ADMIN_ROLE);

      const unknown = await postData(
        t.app,
        P.updateUserType,
        { id: '0190a0a0-0000-7000-8000-000000000000', name: 'Ghost', description: '' },
        su,
      );
      expect(errorOf(unknown, 404).message).toBe(M.userTypeNotFound);
      const taken = await postData(
        t.app,
        P.updateUserType,
        { id: type.id, name: 'super admin', description: '' },
        su,
      );
      expect(errorOf(taken, 409).message).toBe(M.userTypeNameTaken);
    });

    it('disables a type nobody holds; a type in use says how many admins hold it (409)', async () => {
      const free = await makeUserType(t.database.db, { name: 'Unused type' });
      const off = await postData(
        t.app,
        P.updateUserTypeStatus,
        { id: free.id, isActive: false },
        su,
      );
      expect(record<UserType>(off).isActive).toBe(false);
      const options = body<{ data: { userTypes: { _id: string }[] } }>(
        await get(P.userTypeOptions, su),
      ).data.userTypes.map((o) => o._id);
      expect(options).not.toContain(free.id);
      expect(options).toContain(superRole.id);

      const on = await postData(t.app, P.updateUserTypeStatus, { id: free.id, isActive: true }, su);
      expect(record<UserType>(on).isActive).toBe(true);

      const used = await makeUserType(t.database.db);
      await makeAdmin(t.database.db, t.hasher, { userType: used });
      const one = await postData(
        t.app,
        P.updateUserTypeStatus,
        { id: used.id, isActive: false },
        su,
      );
      expect(errorOf(one, 409).message).toBe(M.userTypeInUse(1));
      expect(M.userTypeInUse(1)).toContain('1 admin.');
      await makeAdmin(t.database.db, t.hasher, { userType: used, isActive: false });
      const two = await postData(
        t.app,
        P.updateUserTypeStatus,
        { id: used.id, isActive: false },
        su,
      );
      expect(errorOf(two, 409).message).toBe(M.userTypeInUse(2));
      expect((await storedType(used.id))?.isActive).toBe(true);

      const superOff = await postData(
        t.app,
        P.updateUserTypeStatus,
        { id: superRole.id, isActive: false },
        su,
      );
      expect(errorOf(superOff, 403).message).toBe(M.superAdminLocked);
      expect((await storedType(superRole.id))?.isActive).toBe(true);
    });
  });

  describe('permissions', () => {
    it('shows a type, what the caller may grant and whether it is editable (roles.view)', async () => {
      const editor = await signedInWith(t.database.db, t.hasher, [
        'roles.view',
        'roles.update',
        'itineraries.view',
      ]);
      const target = await makeUserType(t.database.db, { permissions: ['blogs.view'] });
      const res = await get(
        `${API_PATHS.auth.userTypePermissions}?type=${target.id}`,
        editor.headers,
      );
      expect(record<UserTypePermissions>(res)).toEqual({
        userType: { _id: target.id, name: target.name, isSuperAdmin: false, isActive: true },
        permissions: ['blogs.view'],
        grantable: ['roles.view', 'roles.update', 'itineraries.view'],
        editable: true,
      });
      const own = record<UserTypePermissions>(
        await get(
          `${API_PATHS.auth.userTypePermissions}?type=${editor.userType.id}`,
          editor.headers,
        ),
      );
      expect(own.editable).toBe(false);
      const superView = record<UserTypePermissions>(
        await get(`${API_PATHS.auth.userTypePermissions}?type=${superRole.id}`, editor.headers),
      );
      expect(superView).toMatchObject({ editable: false, permissions: [...PERMISSION_KEYS] });

      const viewer = await signedInWith(t.database.db, t.hasher, ['dashboard.view']);
      const refused = await get(
        `${API_PATHS.auth.userTypePermissions}?type=${target.id}`,
        viewer.headers,
      );
      expect(refused.statusCode).toBe(403);
      const missing = await get(`${API_PATHS.auth.userTypePermissions}?type=nope`, editor.headers);
      expect(missing.statusCode).toBe(400);
      const unknown = await get(
        `${API_PATHS.auth.userTypePermissions}?type=0190a0a0-0000-7000-8000-000000000000`,
        editor.headers,
      );
      expect(errorOf(unknown, 404).message).toBe(M.userTypeNotFound);
    });

    it('applies a save on the next request of every admin of the type and tells their pages', async () => {
      const type = await makeUserType(t.database.db, { permissions: ['itineraries.view'] });
      const a = await makeAdmin(t.database.db, t.hasher, { userType: type });
      const b = await makeAdmin(t.database.db, t.hasher, { userType: type });
      const other = await makeAdmin(t.database.db, t.hasher, { permissions: ['blogs.view'] });
      const aHeaders = await sessionFor(t.database.db, a.admin.id);
      const list = API_PATHS.service.listItineraries;
      const blogs = API_PATHS.service.listBlogs;
      expect((await get(list, aHeaders)).statusCode).toBe(200);
      expect((await get(blogs, aHeaders)).statusCode).toBe(403);

      const res = await postData(
        t.app,
        P.saveUserTypePermissions,
        { type: type.id, permissions: ['blogs.view', 'blogs.view', 'dashboard.view'] },
        su,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(record<UserTypePermissions>(res).permissions).toEqual([
        'dashboard.view',
        'blogs.view',
      ]);
      expect(body(res)).toMatchObject({ message: M.permissionsSaved });

      // The same session, the next request: the guard reads the permissions fresh.
      expect((await get(list, aHeaders)).statusCode).toBe(403);
      expect((await get(blogs, aHeaders)).statusCode).toBe(200);
      expect(fake.emitted).toEqual([
        {
          adminIds: expect.arrayContaining([a.admin.id, b.admin.id]) as string[],
          event: SOCKET_EVENTS.permissionsChanged,
          payload: {},
        },
      ]);
      expect(fake.emitted[0]?.adminIds).toHaveLength(2);
      expect(fake.emitted[0]?.adminIds).not.toContain(other.admin.id);
    });

    it('refuses to grant or withdraw a key the caller does not hold (403), changing nothing', async () => {
      const editor = await signedInWith(t.database.db, t.hasher, [
        'roles.view',
        'roles.update',
        'itineraries.view',
        'itineraries.update',
      ]);
      const target = await makeUserType(t.database.db, {
        permissions: ['itineraries.view', 'settings.update'],
      });
      const save = (permissions: string[]) =>
        postData(
          t.app,
          P.saveUserTypePermissions,
          { type: target.id, permissions },
          editor.headers,
        );

      const grant = await save(['itineraries.view', 'settings.update', 'itineraries.delete']);
      expect(errorOf(grant, 403).message).toBe(M.permissionCeiling);
      const withdraw = await save(['itineraries.view']);
      expect(errorOf(withdraw, 403).message).toBe(M.permissionCeiling);
      const everything = await save([...PERMISSION_KEYS]);
      expect(errorOf(everything, 403).message).toBe(M.permissionCeiling);
      expect((await storedType(target.id))?.permissions).toEqual([
        'itineraries.view',
        'settings.update',
      ]);
      expect(fake.emitted).toEqual([]);

      // Keys the editor does not hold may stay as they are while theirs change.
      const ok = await save(['settings.update', 'itineraries.update']);
      expect(ok.statusCode, ok.body).toBe(200);
      expect((await storedType(target.id))?.permissions).toEqual([
        'settings.update',
        'itineraries.update',
      ]);
    });

    it('lets nobody edit their own type or the Super Admin (403)', async () => {
      const editor = await signedInWith(t.database.db, t.hasher, ['roles.view', 'roles.update']);
      const own = await postData(
        t.app,
        P.saveUserTypePermissions,
        { type: editor.userType.id, permissions: ['roles.view'] },
        editor.headers,
      );
      expect(errorOf(own, 403).message).toBe(M.ownUserType);
      expect((await storedType(editor.userType.id))?.permissions).toEqual([
        'roles.view',
        'roles.update',
      ]);

      const superAdmin = await signedInWith(t.database.db, t.hasher, 'super');
      const ownSuper = await postData(
        t.app,
        P.saveUserTypePermissions,
        { type: superRole.id, permissions: [] },
        superAdmin.headers,
      );
      expect(errorOf(ownSuper, 403).message).toBe(M.superAdminLocked);
      expect((await storedType(superRole.id))?.permissions).toHaveLength(PERMISSION_KEYS.length);

      const unknownKey = await postData(
        t.app,
        P.saveUserTypePermissions,
        { type: editor.userType.id, permissions: ['roles.fly'] },
        su,
      );
      expect(errorOf(unknownKey, 400).details?.[0]?.path).toBe('permissions.0');
      const unknownType = await postData(
        t.app,
        P.saveUserTypePermissions,
        { type: '0190a0a0-0000-7000-8000-000000000000', permissions: [] },
        su,
      );
      expect(errorOf(unknownType, 404).message).toBe(M.userTypeNotFound);
    });

    it("pages every type's permissions", async () => {
      const res = await get(`${P.allUserTypePermissions}?page=1&limit=2`, su);
      const data = body<{ data: AllUserTypePermissions }>(res).data;
      expect(data.userTypes).toHaveLength(2);
      expect(data.userTypes[0]).toMatchObject({
        _id: superRole.id,
        isSuperAdmin: true,
        isActive: true,
        permissions: [...PERMISSION_KEYS],
      });
      expect(data.pagination).toMatchObject({ page: 1, limit: 2, hasNextPage: true });
    });
  });
});
