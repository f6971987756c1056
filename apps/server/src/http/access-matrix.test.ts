import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, PERMISSION_KEYS, type PermissionKey } from '@safarnama/contract';
import { makeAdmin } from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { fakeMailer, fakeRealtime, makeSuperAdmin, sessionFor } from '../test/manage.js';
import { routeAccess, type RouteRecord } from './access.js';

/**
 * SECURITY case 10: every route of the real route table × {anonymous, a type without permissions,
 * a view-only type, super admin} answers as its declared access says. The requests are valid in
 * shape but harmless (no body, unknown ids): what is checked is the guard's answer, so a 400 or
 * 404 after the guard is a pass for a caller who is let through.
 */

type Role = 'anonymous' | 'no-permission' | 'view-only' | 'super-admin';
const VIEW_KEYS = PERMISSION_KEYS.filter((key) => key.endsWith('.view'));
const PROBE_ID = '0190a0a0-0000-7000-8000-00000000abcd';

const probeUrl = (url: string) =>
  url.replace(/:[A-Za-z]+/g, PROBE_ID).replace(/\*$/, 'matrix-probe');

/** What the guard must answer: 'pass' = anything but 401/403. */
const expected = (role: Role, access: string): 401 | 403 | 'pass' => {
  if (access === 'public') return 'pass';
  if (role === 'anonymous') return 401;
  if (access === 'self' || role === 'super-admin') return 'pass';
  if (role === 'view-only') return access.endsWith('.view') ? 'pass' : 403;
  return 403;
};

describe('route × role matrix (SECURITY 10)', () => {
  let t: TestApp;
  let routes: RouteRecord[];
  const who: Partial<Record<Role, string>> = {};

  beforeAll(async () => {
    t = await createTestApp({
      rateLimitMax: 100_000,
      mailer: fakeMailer().mailer,
      realtime: fakeRealtime().realtime,
    });
    routes = t.app.routeTable;
    who['no-permission'] = (await makeAdmin(t.database.db, t.hasher, { permissions: [] })).admin.id;
    who['view-only'] = (
      await makeAdmin(t.database.db, t.hasher, { permissions: VIEW_KEYS })
    ).admin.id;
    who['super-admin'] = (await makeSuperAdmin(t.database.db, t.hasher)).admin.id;
  });
  afterAll(() => t.close());

  it('walks a route table that declares an access everywhere', () => {
    expect(routes.length).toBeGreaterThan(60);
    expect(routes.filter((r) => routeAccess(r) === undefined)).toEqual([]);
  });

  for (const role of ['anonymous', 'no-permission', 'view-only', 'super-admin'] as const) {
    it(`answers ${role} as each route's access says`, async () => {
      const wrong: string[] = [];
      for (const route of routes) {
        const access = routeAccess(route) ?? 'undeclared';
        const adminId = who[role];
        // A fresh session per request: sign-out routes end only their own.
        const headers = adminId ? await sessionFor(t.database.db, adminId) : {};
        const res = await t.app.inject({
          method: route.method as InjectOptions['method'],
          url: probeUrl(route.url),
          headers,
        });
        const want = expected(role, access);
        const got = res.statusCode;
        const fine = want === 'pass' ? got !== 401 && got !== 403 : got === want;
        if (!fine) wrong.push(`${route.method} ${route.url} [${access}] → ${got}, wanted ${want}`);
      }
      expect(wrong).toEqual([]);
    });
  }

  it('guards every manage route with a roles, admins or activity key', () => {
    // The active-type select is 'self': both roles and admins screens need it.
    const manage = routes.filter(
      (r) =>
        (r.url.startsWith(API_PATHS.manage.addUser.replace(/add-user$/, '')) ||
          r.url === API_PATHS.auth.userTypePermissions) &&
        r.url !== API_PATHS.manage.userTypeOptions,
    );
    expect(manage.length).toBeGreaterThanOrEqual(20);
    expect(
      routeAccess(
        routes.find(
          (r) => r.method === 'GET' && r.url === API_PATHS.manage.userTypeOptions,
        ) as RouteRecord,
      ),
    ).toBe('self');
    for (const route of manage) {
      expect(routeAccess(route), route.url).toMatch(
        /^(roles|admins|activity)\.(view|create|update|delete)$/,
      );
    }
    const access = (method: string, url: string) =>
      routeAccess(routes.find((r) => r.method === method && r.url === url) as RouteRecord);
    const table: [string, string, PermissionKey][] = [
      ['POST', API_PATHS.manage.addUserType, 'roles.create'],
      ['GET', API_PATHS.manage.listUserTypes, 'roles.view'],
      ['POST', API_PATHS.manage.updateUserType, 'roles.update'],
      ['POST', API_PATHS.manage.updateUserTypeStatus, 'roles.update'],
      ['GET', API_PATHS.auth.userTypePermissions, 'roles.view'],
      ['POST', API_PATHS.manage.saveUserTypePermissions, 'roles.update'],
      ['GET', API_PATHS.manage.allUserTypePermissions, 'roles.view'],
      ['POST', API_PATHS.manage.addUser, 'admins.create'],
      ['GET', API_PATHS.manage.listUsers, 'admins.view'],
      ['POST', API_PATHS.manage.updateUserStatus, 'admins.update'],
      ['POST', API_PATHS.manage.updateUser, 'admins.update'],
      ['POST', API_PATHS.manage.resendInvitation, 'admins.update'],
      ['GET', API_PATHS.manage.userById, 'admins.view'],
      ['GET', API_PATHS.manage.activities, 'activity.view'],
    ];
    for (const [method, url, key] of table) expect(access(method, url), url).toBe(key);
  });
});
