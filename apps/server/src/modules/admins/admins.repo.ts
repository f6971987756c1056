import { and, asc, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { countRows, pageWithCount, type ListPage } from '../../db/counting.js';
import { adminUsers, userTypes } from '../../db/schema/index.js';
import { containsText, lowered } from '../../db/search.js';

/**
 * The manage screens' queries on admin rows (issue 8). The admin row as sign-in identity (by
 * e-mail, the lock, password and 2FA columns) is modules/identity's.
 */

export type AdminRow = typeof adminUsers.$inferSelect;
export type NewAdmin = typeof adminUsers.$inferInsert;

export const countAdmins = async (db: Executor): Promise<number> => {
  const [row] = await db.select({ n: count() }).from(adminUsers);
  return row?.n ?? 0;
};

export const insertAdmin = async (db: Executor, values: NewAdmin): Promise<AdminRow> => {
  const [row] = await db.insert(adminUsers).values(values).returning();
  if (!row) throw new Error('insert admin returned nothing');
  return row;
};

export interface AdminWithType {
  admin: AdminRow;
  userType: typeof userTypes.$inferSelect;
}

const withType = (db: Executor) =>
  db
    .select({ admin: adminUsers, userType: userTypes })
    .from(adminUsers)
    .innerJoin(userTypes, eq(userTypes.id, adminUsers.userTypeId));

export const findAdminWithTypeById = async (
  db: Executor,
  id: string,
): Promise<AdminWithType | undefined> => {
  const [row] = await withType(db).where(eq(adminUsers.id, id)).limit(1);
  return row;
};

/**
 * A page of admins, newest first; search over name, e-mail and user type name. The type's name
 * is matched through the ids of the types whose name matches (a handful of rows).
 */
/** The list's WHERE (also the CSV export's, issue 24). */
export const adminWhere = (db: Executor, search: string) =>
  search
    ? or(
        containsText(lowered(adminUsers.name), search),
        containsText(lowered(adminUsers.email), search),
        inArray(
          adminUsers.userTypeId,
          db
            .select({ id: userTypes.id })
            .from(userTypes)
            .where(containsText(lowered(userTypes.name), search)),
        ),
      )
    : undefined;

export const listAdmins = async (
  db: Executor,
  { page, limit, search }: { page: number; limit: number; search: string },
): Promise<ListPage<AdminWithType>> => {
  const where = adminWhere(db, search);
  return pageWithCount(
    { page, limit },
    (window) =>
      withType(db)
        .where(where)
        .orderBy(desc(adminUsers.createdAt), desc(adminUsers.id))
        .limit(window.limit)
        .offset(window.offset),
    countRows(db, adminUsers, where),
  );
};

export const updateAdmin = async (
  db: Executor,
  id: string,
  values: Partial<Pick<NewAdmin, 'name' | 'email' | 'phone' | 'userTypeId' | 'isActive'>>,
): Promise<AdminRow | undefined> => {
  const [row] = await db
    .update(adminUsers)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(adminUsers.id, id))
    .returning();
  return row;
};

/**
 * Locks the active admins of the super admin type and answers their ids. Two super admins
 * disabling (or demoting) each other at once queue on these locks, and the second one sees the
 * first one's change, so the last active super admin always stays.
 */
export const lockActiveSuperAdmins = async (db: Executor): Promise<string[]> => {
  const rows = await db
    .select({ id: adminUsers.id })
    .from(adminUsers)
    .innerJoin(userTypes, eq(userTypes.id, adminUsers.userTypeId))
    .where(and(eq(adminUsers.isActive, true), eq(userTypes.isSuperAdmin, true)))
    .orderBy(asc(adminUsers.id))
    .for('update', { of: adminUsers });
  return rows.map((r) => r.id);
};
