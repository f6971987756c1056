import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client.js';
import { COUNT_LIMITS, countForList, type CountLimits } from './counting.js';
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

/** How long a badge's *estimate* is reused (exact counts are never reused). */
export const ESTIMATE_REUSE_MS = 10_000;
/** Per database and condition (each badge's condition is one of the constants above). */
const estimates = new WeakMap<Executor, Map<SQL, { n: number; until: number }>>();

/**
 * The badge's number: records of `table` needing attention over the whole list (no search), by
 * the lists' count strategy (db/counting.ts): exact up to `exactSearchCountLimit` (1,000), the
 * planner's estimate past it. An estimate is reused for {@link ESTIMATE_REUSE_MS} by this
 * process: it only moves with the table's statistics, and asking the planner again (an EXPLAIN,
 * ~0.4 ms of PostgreSQL) on every list page cost a tenth of the page. Below the limit the count
 * is exact and read every time, so fixing a record moves the badge at once.
 */
export const countNeedsAttention = async (
  db: Executor,
  table: PgTable,
  condition: SQL,
  limits: CountLimits = COUNT_LIMITS,
): Promise<number> => {
  const now = Date.now();
  const reused = estimates.get(db)?.get(condition);
  if (reused && reused.until > now) return reused.n;
  const { n, exact } = await countForList(db, table, condition, limits);
  const ofDb = estimates.get(db) ?? new Map<SQL, { n: number; until: number }>();
  estimates.set(db, ofDb);
  if (exact) ofDb.delete(condition);
  else ofDb.set(condition, { n, until: now + ESTIMATE_REUSE_MS });
  return n;
};
