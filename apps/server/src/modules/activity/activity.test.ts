import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  DASHBOARD_ACTIVITY_LIMIT,
  MANAGE_MESSAGES as M,
  dashboardSchema,
  type AdminActivityList,
} from '@safarnama/contract';
import { body, createTestApp, type TestApp } from '../../test/harness.js';
import { signedInWith } from '../../test/manage.js';
import { recordActivity } from './activity.repo.js';

describe('admin activity log', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  let adminId: string;

  beforeAll(async () => {
    t = await createTestApp();
    const viewer = await signedInWith(t.database.db, t.hasher, ['activity.view']);
    headers = viewer.headers;
    adminId = viewer.admin.id;
    const base = Date.parse('2025-03-01T10:00:00Z');
    const entries = [
      {
        adminName: 'Meera Iyer',
        action: 'create',
        entityType: 'itinerary',
        summary: "Created itinerary 'Goa Beaches'",
      },
      {
        adminName: 'Meera Iyer',
        action: 'delete',
        entityType: 'blog',
        summary: "Deleted blog 'Old news'",
      },
      {
        adminName: 'Kabir Khan',
        action: 'permissions',
        entityType: 'user-type',
        summary: "Changed the permissions of user type '50%_off'",
      },
      { adminName: 'Kabir Khan', action: 'login', entityType: 'admin-user', summary: 'Signed in' },
    ];
    for (const [i, entry] of entries.entries()) {
      await recordActivity(t.database.db, {
        ...entry,
        adminId,
        adminEmail: 'log@example.com',
        entityId: null,
        changes: i === 0 ? { title: { from: null, to: 'Goa Beaches' } } : null,
        method: 'POST',
        path: '/api/v1/example',
        ip: '192.0.2.9',
        userAgent: 'test',
        createdAt: new Date(base + i * 60_000),
      });
    }
  });
  afterAll(() => t.close());

  const list = async (query: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${API_PATHS.manage.activities}?${query}`,
      headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res)).toMatchObject({ message: M.activities });
    return body<{ data: AdminActivityList }>(res).data;
  };

  it('pages newest first with the entry as written', async () => {
    const page = await list('page=1&limit=3');
    expect(page.activities.map((a) => a.action)).toEqual(['login', 'permissions', 'delete']);
    expect(page.pagination).toMatchObject({
      total: 4,
      page: 1,
      limit: 3,
      totalPages: 2,
      hasNextPage: true,
    });
    const last = (await list('page=2&limit=3')).activities[0];
    expect(last).toEqual({
      _id: expect.any(String) as string,
      admin: { _id: adminId, name: 'Meera Iyer', email: 'log@example.com' },
      action: 'create',
      entityType: 'itinerary',
      entityId: null,
      summary: "Created itinerary 'Goa Beaches'",
      changes: { title: { from: null, to: 'Goa Beaches' } },
      method: 'POST',
      path: '/api/v1/example',
      ip: '192.0.2.9',
      userAgent: 'test',
      createdAt: '2025-03-01T10:00:00.000Z',
    });
  });

  it('searches admin name, action, entity type and summary; the term is literal', async () => {
    const names = async (search: string) =>
      (await list(`search=${encodeURIComponent(search)}`)).activities.map((a) => a.summary);
    expect(await names('meera')).toHaveLength(2);
    expect(await names('PERMISSIONS')).toEqual(["Changed the permissions of user type '50%_off'"]);
    expect(await names('user-type')).toHaveLength(1);
    expect(await names('goa beach')).toEqual(["Created itinerary 'Goa Beaches'"]);
    expect(await names('50%_')).toHaveLength(1);
    expect(await names('%')).toHaveLength(1);
    expect(await names('nothing like this')).toEqual([]);
  });

  it('shows on the dashboard the newest five entries, only to whom may read the log', async () => {
    const dashboard = async (h: Record<string, string>) => {
      const res = await t.app.inject({
        method: 'GET',
        url: API_PATHS.service.dashboard,
        headers: h,
      });
      expect(res.statusCode, res.body).toBe(200);
      return dashboardSchema.parse(body<{ data: { data: unknown } }>(res).data.data);
    };
    for (let i = 0; i < 3; i++) {
      await recordActivity(t.database.db, {
        adminId,
        adminName: 'Newer',
        action: 'update',
        entityType: 'blog',
        summary: `Newer ${i}`,
        method: 'POST',
        path: '/x',
        createdAt: new Date(Date.parse('2025-04-01T00:00:00Z') + i * 1000),
      });
    }
    const reader = await signedInWith(t.database.db, t.hasher, ['dashboard.view', 'activity.view']);
    const latest = (await dashboard(reader.headers)).latestActivity ?? [];
    expect(latest.map((a) => a.summary)).toEqual([
      'Newer 2',
      'Newer 1',
      'Newer 0',
      'Signed in',
      "Changed the permissions of user type '50%_off'",
    ]);
    expect(DASHBOARD_ACTIVITY_LIMIT).toBe(5);
    const plain = await signedInWith(t.database.db, t.hasher, ['dashboard.view']);
    expect((await dashboard(plain.headers)).latestActivity).toBeUndefined();
  });

  it('needs activity.view', async () => {
    const other = await signedInWith(t.database.db, t.hasher, ['admins.view']);
    const res = await t.app.inject({
      method: 'GET',
      url: API_PATHS.manage.activities,
      headers: other.headers,
    });
    expect(res.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: API_PATHS.manage.activities });
    expect(anonymous.statusCode).toBe(401);
  });
});
