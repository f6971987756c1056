import type { Executor } from '../../db/client.js';
import { adminActivities } from '../../db/schema/index.js';

export type NewActivity = typeof adminActivities.$inferInsert;

/**
 * Appends one entry to the admin activity (audit) log. The log is append-only: nothing in the
 * code base updates or deletes its rows, and no route does.
 */
export const recordActivity = async (db: Executor, entry: NewActivity) => {
  await db.insert(adminActivities).values(entry);
};
