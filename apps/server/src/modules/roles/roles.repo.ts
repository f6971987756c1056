import { and, eq, sql } from 'drizzle-orm';
import {
  PERMISSION_KEYS,
  SUPER_ADMIN_ROLE,
  isPermissionKey,
  type PermissionKey,
} from '@safarnama/contract';
import type { Executor } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { userTypes } from '../../db/schema/index.js';

export type UserTypeRow = typeof userTypes.$inferSelect;
export type NewUserType = typeof userTypes.$inferInsert;

export const findUserTypeById = async (db: Executor, id: string) => {
  const [row] = await db.select().from(userTypes).where(eq(userTypes.id, id)).limit(1);
  return row;
};

export const insertUserType = async (db: Executor, values: NewUserType) => {
  const [row] = await db.insert(userTypes).values(values).returning();
  if (!row) throw new Error('insert user type returned nothing');
  return row;
};

/**
 * The built-in Super Admin role, created or brought up to date (every current permission key,
 * active, super admin) at each start. Idempotent, and safe when two processes start together.
 */
export const ensureSuperAdminRole = async (db: Executor): Promise<UserTypeRow> => {
  const byName = and(
    eq(userTypes.isSuperAdmin, true),
    eq(sql`lower(${userTypes.name})`, SUPER_ADMIN_ROLE.toLowerCase()),
  );
  for (let attempt = 0; attempt < 2; attempt++) {
    const [existing] = await db.select().from(userTypes).where(byName).limit(1);
    if (existing) {
      const [updated] = await db
        .update(userTypes)
        .set({ permissions: [...PERMISSION_KEYS], isActive: true, updatedAt: new Date() })
        .where(eq(userTypes.id, existing.id))
        .returning();
      return updated ?? existing;
    }
    try {
      return await insertUserType(db, {
        name: SUPER_ADMIN_ROLE,
        description: 'Built-in role holding every permission. It cannot be edited or disabled.',
        isSuperAdmin: true,
        permissions: [...PERMISSION_KEYS],
      });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
    }
  }
  throw new Error(
    `A role named '${SUPER_ADMIN_ROLE}' exists but is not the built-in super admin role`,
  );
};

/** What a role actually grants: every key for a super admin, none for a disabled role. */
export const effectivePermissions = (userType: UserTypeRow): PermissionKey[] => {
  if (userType.isSuperAdmin) return [...PERMISSION_KEYS];
  if (!userType.isActive) return [];
  return userType.permissions.filter(isPermissionKey);
};
