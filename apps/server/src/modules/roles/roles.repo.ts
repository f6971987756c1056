import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { PERMISSION_KEYS, SUPER_ADMIN_ROLE } from '@safarnama/contract';
import type { Executor } from '../../db/client.js';
import { countRows, pageWithCount, type ListPage } from '../../db/counting.js';
import { isUniqueViolation } from '../../db/errors.js';
import { adminUsers, userTypes } from '../../db/schema/index.js';
import { containsText, lowered } from '../../db/search.js';

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

/** The searched text of the user-type list (a small table: no index needed). */
export const userTypeSearch = (term: string) =>
  containsText(lowered(sql`(${userTypes.name} || ' ' || ${userTypes.description})`), term);

/**
 * How many admins hold each type, as a correlated count (one index probe per listed type). Written
 * with qualified names: Drizzle renders a column of a single-table query without its table.
 */
const adminCount = sql<number>`(select count(*)::int from admin_users au where au.user_type_id = user_types.id)`;

export interface UserTypeWithCount {
  userType: UserTypeRow;
  adminCount: number;
}

/** A page of user types, Super Admin first, then by name; search over name and description. */
export const listUserTypes = async (
  db: Executor,
  { page, limit, search }: { page: number; limit: number; search: string },
): Promise<ListPage<UserTypeWithCount>> => {
  const where = search ? userTypeSearch(search) : undefined;
  return pageWithCount(
    { page, limit },
    (window) =>
      db
        .select({ userType: userTypes, adminCount })
        .from(userTypes)
        .where(where)
        .orderBy(
          desc(userTypes.isSuperAdmin),
          asc(sql`lower(${userTypes.name})`),
          asc(userTypes.id),
        )
        .limit(window.limit)
        .offset(window.offset)
        .then((rows) =>
          rows.map((r) => ({ userType: r.userType, adminCount: Number(r.adminCount) })),
        ),
    countRows(db, userTypes, where),
  );
};

export const findUserTypeWithCount = async (
  db: Executor,
  id: string,
): Promise<UserTypeWithCount | undefined> => {
  const [row] = await db
    .select({ userType: userTypes, adminCount })
    .from(userTypes)
    .where(eq(userTypes.id, id))
    .limit(1);
  return row ? { userType: row.userType, adminCount: Number(row.adminCount) } : undefined;
};

/** Active user types by name, for selects. */
export const listActiveUserTypes = (db: Executor) =>
  db
    .select()
    .from(userTypes)
    .where(eq(userTypes.isActive, true))
    .orderBy(desc(userTypes.isSuperAdmin), asc(sql`lower(${userTypes.name})`), asc(userTypes.id));

/** Locks a user type for the rest of the transaction (status and permission changes queue up). */
export const lockUserType = async (db: Executor, id: string) => {
  const [row] = await db
    .select()
    .from(userTypes)
    .where(eq(userTypes.id, id))
    .for('update')
    .limit(1);
  return row;
};

/**
 * Takes a share lock on a user type (an admin being assigned to it): a concurrent disable waits,
 * then sees the admin and refuses.
 */
export const shareLockUserType = async (db: Executor, id: string) => {
  const [row] = await db.select().from(userTypes).where(eq(userTypes.id, id)).for('share').limit(1);
  return row;
};

export const updateUserType = async (
  db: Executor,
  id: string,
  values: Partial<Pick<NewUserType, 'name' | 'description' | 'isActive' | 'permissions'>>,
) => {
  const [row] = await db
    .update(userTypes)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(userTypes.id, id))
    .returning();
  return row;
};

export const countAdminsOfType = async (db: Executor, userTypeId: string): Promise<number> => {
  const [row] = await db
    .select({ n: count() })
    .from(adminUsers)
    .where(eq(adminUsers.userTypeId, userTypeId));
  return Number(row?.n ?? 0);
};

export const adminIdsOfType = async (db: Executor, userTypeId: string): Promise<string[]> => {
  const rows = await db
    .select({ id: adminUsers.id })
    .from(adminUsers)
    .where(eq(adminUsers.userTypeId, userTypeId));
  return rows.map((r) => r.id);
};
