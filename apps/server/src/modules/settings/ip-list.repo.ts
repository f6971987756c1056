import { desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { countRows, pageWithCount, type ListPage } from '../../db/counting.js';
import { adminUsers, allowedIps } from '../../db/schema/index.js';
import { containsText, lowered } from '../../db/search.js';

export type AllowedIpRow = typeof allowedIps.$inferSelect;

export interface AllowedIpWithAuthor {
  row: AllowedIpRow;
  createdBy: { id: string; name: string } | null;
}

/** Every entry's normalised CIDR (the enforcement cache loads this; the list is small). */
export const allCidrs = async (db: Executor): Promise<string[]> =>
  (await db.select({ cidr: allowedIps.cidr }).from(allowedIps)).map((r) => r.cidr);

/**
 * Serialises changes of the list: concurrent adds and deletes each see the list as the other left
 * it, so two admins cannot together shut everyone out. Plain reads (the guard) are not blocked.
 */
export const lockAllowedIps = async (tx: Executor): Promise<void> => {
  await tx.execute(sql`lock table allowed_ips in exclusive mode`);
};

/** The searched text: the CIDR and the label (a small table: no index needed). */
const searchText = sql`(${allowedIps.cidr} || ' ' || ${allowedIps.label})`;

/** A page of entries, newest first; search over CIDR and label. */
export const listAllowedIps = async (
  db: Executor,
  { page, limit, search }: { page: number; limit: number; search: string },
): Promise<ListPage<AllowedIpWithAuthor>> => {
  const where = search ? containsText(lowered(searchText), search) : undefined;
  const { rows, ...counted } = await pageWithCount(
    { page, limit },
    (window) =>
      db
        .select({ row: allowedIps, authorId: adminUsers.id, authorName: adminUsers.name })
        .from(allowedIps)
        .leftJoin(adminUsers, eq(adminUsers.id, allowedIps.createdById))
        .where(where)
        .orderBy(desc(allowedIps.createdAt), desc(allowedIps.id))
        .limit(window.limit)
        .offset(window.offset),
    countRows(db, allowedIps, where),
  );
  return {
    ...counted,
    rows: rows.map((r) => ({
      row: r.row,
      createdBy:
        r.authorId !== null && r.authorName !== null
          ? { id: r.authorId, name: r.authorName }
          : null,
    })),
  };
};

export const findAllowedIp = async (db: Executor, id: string) => {
  const [row] = await db.select().from(allowedIps).where(eq(allowedIps.id, id)).limit(1);
  return row;
};

export const findAllowedIpByCidr = async (db: Executor, cidr: string) => {
  const [row] = await db.select().from(allowedIps).where(eq(allowedIps.cidr, cidr)).limit(1);
  return row;
};

export const insertAllowedIp = async (
  db: Executor,
  values: { cidr: string; label: string; createdById: string; createdAt: Date },
): Promise<AllowedIpRow> => {
  const [row] = await db.insert(allowedIps).values(values).returning();
  if (!row) throw new Error('insert allowed ip returned nothing');
  return row;
};

export const deleteAllowedIp = async (db: Executor, id: string) => {
  const [row] = await db.delete(allowedIps).where(eq(allowedIps.id, id)).returning();
  return row;
};
