import { and, desc, eq, sql, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { pageWithTotal, type CountLimits, type ListPage } from '../../db/counting.js';
import { containsText, lowered } from '../../db/search.js';
import { adminActivities } from '../../db/schema/index.js';

export type NewActivity = typeof adminActivities.$inferInsert;
export type ActivityRow = typeof adminActivities.$inferSelect;

/**
 * Appends one entry to the admin activity (audit) log. The log is append-only: nothing in the
 * code base updates or deletes its rows, and no route does. `alongside` is another insert of the
 * same change sent in the same statement, as a data-modifying CTE (the change's revision, issue
 * 21): one round trip instead of two.
 */
export const recordActivity = async (db: Executor, entry: NewActivity, alongside?: SQLWrapper) => {
  const insert = db.insert(adminActivities).values(entry);
  if (!alongside) await insert;
  else await db.execute(sql`with alongside as (${alongside.getSQL()}) ${insert.getSQL()}`);
};

/**
 * The searched text: exactly the expression of the trigram GIN index `admin_activities_search_idx`
 * (admin name, action, entity type and summary), so the search (db/search.ts) is answered from the index.
 */
const searchText = sql`(${adminActivities.adminName} || ' ' || ${adminActivities.action} || ' ' || ${adminActivities.entityType} || ' ' || ${adminActivities.summary})`;

export interface ActivityFilter {
  page: number;
  limit: number;
  search?: string;
  /** One admin's entries (the admin user info screen). */
  adminId?: string;
}

/**
 * A page of entries, newest first (the `(created_at, id)` btree, or the admin's own), and its
 * total: the log only grows, so it follows the count strategy of db/counting.ts.
 */
export const listActivities = (
  db: Executor,
  { page, limit, search, adminId }: ActivityFilter,
  limits?: CountLimits,
): Promise<ListPage<ActivityRow>> => {
  const where = and(
    adminId ? eq(adminActivities.adminId, adminId) : undefined,
    search ? containsText(lowered(searchText), search) : undefined,
  );
  return pageWithTotal(
    db,
    { table: adminActivities, where, page, limit, limits },
    ({ limit, offset }) =>
      db
        .select()
        .from(adminActivities)
        .where(where)
        .orderBy(desc(adminActivities.createdAt), desc(adminActivities.id))
        .limit(limit)
        .offset(offset),
  );
};
