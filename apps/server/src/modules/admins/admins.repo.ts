import { count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { adminUsers, userTypes } from '../../db/schema/index.js';

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

/** The admin with this e-mail (case-insensitive) and their role. */
export const findAdminWithTypeByEmail = async (db: Executor, email: string) => {
  const [row] = await db
    .select({ admin: adminUsers, userType: userTypes })
    .from(adminUsers)
    .innerJoin(userTypes, eq(userTypes.id, adminUsers.userTypeId))
    .where(eq(sql`lower(${adminUsers.email})`, email.toLowerCase()))
    .limit(1);
  return row;
};

export const setLastLogin = async (db: Executor, adminId: string, at: Date) => {
  await db.update(adminUsers).set({ lastLoginAt: at }).where(eq(adminUsers.id, adminId));
};
