import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client.js';
import { COUNT_LIMITS, countForList, reusingEstimate, type CountLimits } from './counting.js';
import { itineraries, placeBlogs, placeDetails } from './schema/index.js';

/**
 * Issue 23: "needs attention" = the record's last write stored at least one failed content-quality
 * rule (`quality_issues`, modules/quality). Written exactly as the partial indexes'
 * predicate (migration 0016), so the filtered page walks `<table>_needs_attention_idx` newest first
 * and its count reads that small index.
 */
export const NEEDS_ATTENTION: { itinerary: SQL; blog: SQL; placeDetails: SQL } = {
  itinerary: sql`${itineraries.qualityIssues} <> '{}'::text[]`,
  blog: sql`${placeBlogs.qualityIssues} <> '{}'::text[]`,
  placeDetails: sql`${placeDetails.qualityIssues} <> '{}'::text[]`,
};

/**
 * The badge's number: records of `table` needing attention over the whole list (no search), by
 * the lists' count strategy (db/counting.ts): exact up to `exactSearchCountLimit` (1,000), the
 * planner's estimate past it, reused a while (`reusingEstimate`: asking the planner again, an
 * EXPLAIN of ~0.4 ms of PostgreSQL, on every list page cost a tenth of the page). Below the limit
 * the count is exact and read every time, so fixing a record moves the badge at once.
 */
export const countNeedsAttention = async (
  db: Executor,
  table: PgTable,
  condition: SQL,
  limits: CountLimits = COUNT_LIMITS,
): Promise<number> =>
  (await reusingEstimate(db, condition, () => countForList(db, table, condition, limits))).n;
