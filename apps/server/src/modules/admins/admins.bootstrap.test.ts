import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_KEYS, SUPER_ADMIN_ROLE } from '@safarnama/contract';
import { adminUsers, userTypes } from '../../db/schema/index.js';
import { login } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { ensureFirstSuperAdmin } from './admins.bootstrap.js';

describe('first super admin', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is created once with a generated password that works, and never again', async () => {
    const first = await ensureFirstSuperAdmin(t.database.db, t.hasher, {
      email: 'owner@example.com',
      password: undefined,
    });
    expect(first.created).toBe(true);
    expect(first.generatedPassword).toMatch(/^[A-Za-z0-9_-]{20}$/);

    const [row] = await t.database.db
      .select()
      .from(adminUsers)
      .where(eq(adminUsers.email, 'owner@example.com'));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.passwordHash).not.toContain(first.generatedPassword);

    const res = await login(t.app, {
      email: 'owner@example.com',
      password: first.generatedPassword ?? '',
    });
    expect(res.statusCode).toBe(200);

    const again = await ensureFirstSuperAdmin(t.database.db, t.hasher, {
      email: 'owner@example.com',
      password: undefined,
    });
    expect(again).toEqual({ created: false, email: 'owner@example.com' });
  });

  it('keeps exactly one built-in Super Admin role holding every permission', async () => {
    await ensureFirstSuperAdmin(t.database.db, t.hasher, {
      email: 'owner@example.com',
      password: undefined,
    });
    const roles = await t.database.db
      .select()
      .from(userTypes)
      .where(eq(userTypes.isSuperAdmin, true));
    expect(roles).toHaveLength(1);
    expect(roles[0]?.name).toBe(SUPER_ADMIN_ROLE);
    expect([...(roles[0]?.permissions ?? [])].sort()).toEqual([...PERMISSION_KEYS].sort());
  });
});
