import { count, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { rowsOf, type Executor } from './client.js';
import { reuse } from './prepared.js';

/**
 * The count strategy of every paged list (PERFORMANCE.md: "a count strategy that does not scan
 * the table for every keystroke"; ARCHITECTURE.md, "Count strategy"):
 * - unfiltered: the planner's table estimate when it is above `exactCountLimit` rows, an exact
 *   `count(*)` below (tests and small installs always see exact numbers);
 * - filtered (a search, a parent id): the planner's estimate of the matches (EXPLAIN, no
 *   execution) when it is above `exactSearchCountLimit`; otherwise an exact count, capped at the
 *   limit + 1 (`count(*)` over a `LIMIT` subquery), the estimate again past the cap;
 * - every page is read one row long (`lookAhead`): `hasNextPage` is that extra row, never a
 *   guess from the total; a page with no row after it is its own exact total (no count at all);
 *   an estimated total is corrected by the page (`settleTotal`: at least the rows up to the page
 *   plus the one after it) and flagged (`totalIsEstimate`, "about N" in the web).
 */
export interface CountLimits {
  /** Above this many rows (planner estimate) an unfiltered list reports the estimate. */
  exactCountLimit: number;
  /** A filtered list counts its matches exactly up to this many; past it, the estimate. */
  exactSearchCountLimit: number;
}

/**
 * `count(*)` of 100k itineraries costs ~16 ms, the estimate ~0.03 ms. Counting the matches of a
 * search re-checks each against its row's text: a term in 10% of 100k rows cost ~40 ms exactly,
 * and still ~20 ms capped at 500 (the planner scans the table, through a small ring buffer when
 * it is larger than a quarter of shared_buffers), while its estimate costs ~0.4 ms of planning.
 */
export const COUNT_LIMITS: CountLimits = { exactCountLimit: 50_000, exactSearchCountLimit: 1_000 };

export interface Counted {
  n: number;
  /** false: a planner estimate, which `settleTotal` corrects with the page. */
  exact: boolean;
}

/** Exact number of rows of `table` matching `where` (all rows without it). */
export const countRows = async (db: Executor, table: PgTable, where?: SQL): Promise<number> => {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return Number(row?.n ?? 0);
};

/**
 * Exact number of matching rows, counting at most `cap + 1` of them: answers `cap + 1` when there
 * are more. Past the cap, the work no longer grows with the match count.
 */
export const countRowsUpTo = async (
  db: Executor,
  table: PgTable,
  where: SQL | undefined,
  cap: number,
): Promise<number> => {
  const matching = db
    .select({ one: sql`1`.as('one') })
    .from(table)
    .where(where)
    .limit(cap + 1)
    .as('matching');
  const [row] = await db.select({ n: count() }).from(matching);
  return Number(row?.n ?? 0);
};

/** The planner's estimate of the rows of `table` matching `where` (EXPLAIN, no execution). */
export const estimateRowsMatching = async (
  db: Executor,
  table: PgTable,
  where: SQL | undefined,
): Promise<number> => {
  const result = await db.execute(
    sql`explain (format json) select 1 from ${table}${where ? sql` where ${where}` : sql``}`,
  );
  const [first] = rowsOf(result);
  const raw = first ? Object.values(first)[0] : undefined;
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as
    [{ Plan?: { 'Plan Rows'?: number } }] | undefined;
  const n = Number(plan?.[0]?.Plan?.['Plan Rows'] ?? -1);
  return Number.isFinite(n) ? Math.round(n) : -1;
};

/**
 * The planner's row estimate of the whole table (-1 when never analysed), as an SQL expression:
 * the tuple density of the last ANALYZE (or autovacuum) times the table's current size in pages,
 * as the planner itself scales it, so it follows growth between analyses. A catalogue lookup,
 * not a scan.
 */
const tableEstimate = (table: PgTable) => sql`coalesce((
  select case
    when c.relpages > 0 and c.reltuples > 0 then
      (c.reltuples / c.relpages
        * (pg_relation_size(c.oid) / current_setting('block_size')::int))::bigint
    else -1
  end
  from pg_class c
  where c.oid = to_regclass(${getTableName(table)})), -1)`;

/** The planner's row estimate of the whole table (-1 when never analysed). */
export const estimateTableRows = async (db: Executor, table: PgTable): Promise<number> => {
  const result = await db.execute(sql`select ${tableEstimate(table)} as n`);
  const n = Number(rowsOf(result)[0]?.n ?? -1);
  return Number.isFinite(n) ? n : -1;
};

/**
 * The total of a whole table in one statement, a reused prepared statement (db/prepared.ts): the
 * planner's estimate, and `count(*)` only when the estimate is at most `limit` (an InitPlan that
 * is never executed otherwise).
 */
const unfilteredTotal = (db: Executor, table: PgTable, name: string) => {
  const limit = sql.placeholder('limit');
  return db
    .select({
      n: sql<
        string | number
      >`case when est.n > ${limit} then est.n else (select count(*) from ${table}) end`,
      estimated: sql<boolean>`est.n > ${limit}`,
    })
    .from(sql`(select ${tableEstimate(table)} as n) est`)
    .prepare(name);
};

/** How long this process reuses a count that is a planner estimate (exact ones never are). */
const ESTIMATE_REUSE_MS = 10_000;
/** Per database (a transaction is its own) and key. */
const estimates = new WeakMap<Executor, Map<unknown, { n: number; until: number }>>();

/**
 * `count()`, whose answer is reused for {@link ESTIMATE_REUSE_MS} under `key` when it is an
 * estimate: an estimate only moves with the table's statistics and size, so asking again on every
 * list page (a statement, a round trip, ~0.05–0.4 ms of PostgreSQL) buys nothing; the pages
 * correct it anyway ({@link settleTotal}). An exact count is read every time, so below the limits
 * every change shows at once.
 */
export const reusingEstimate = async (
  db: Executor,
  key: unknown,
  count: () => Promise<Counted>,
): Promise<Counted> => {
  const now = Date.now();
  const reused = estimates.get(db)?.get(key);
  if (reused && reused.until > now) return { n: reused.n, exact: false };
  const counted = await count();
  const ofDb = estimates.get(db) ?? new Map<unknown, { n: number; until: number }>();
  estimates.set(db, ofDb);
  if (counted.exact) ofDb.delete(key);
  else ofDb.set(key, { n: counted.n, until: now + ESTIMATE_REUSE_MS });
  return counted;
};

/**
 * The total of a list of `table` filtered by `where` (see {@link CountLimits}); the estimate of a
 * whole table is reused a while ({@link reusingEstimate}).
 */
export const countForList = async (
  db: Executor,
  table: PgTable,
  where: SQL | undefined,
  limits: CountLimits = COUNT_LIMITS,
): Promise<Counted> => {
  if (!where) {
    const name = `list_total_${getTableName(table)}`;
    return reusingEstimate(db, `${name}:${String(limits.exactCountLimit)}`, async () => {
      const [row] = await reuse(db, name, (d) => unfilteredTotal(d, table, name)).execute({
        limit: limits.exactCountLimit,
      });
      return { n: Number(row?.n ?? 0), exact: row?.estimated !== true };
    });
  }
  // The estimate first (planning only): far past the limit, it is the answer and no row is
  // read. Only a small estimate is checked by counting, and that count is capped.
  const estimate = await estimateRowsMatching(db, table, where);
  if (estimate > limits.exactSearchCountLimit) return { n: estimate, exact: false };
  const upTo = await countRowsUpTo(db, table, where, limits.exactSearchCountLimit);
  if (upTo <= limits.exactSearchCountLimit) return { n: upTo, exact: true };
  return { n: Math.max(estimate, upTo), exact: false };
};

/** The rows one page reads: `limit` and `offset` are given by the paging helpers below. */
export type PageReader<R> = (window: { limit: number; offset: number }) => PromiseLike<R[]>;

/** A page of a list: its rows, its total, and what the look-ahead row proved. */
export interface ListPage<R> {
  rows: R[];
  total: number;
  /** A row exists after this page (read, not inferred from the total). */
  hasNextPage: boolean;
  /** `total` is a planner estimate (the pagination says "about N"). */
  totalIsEstimate: boolean;
}

/**
 * Reads `limit + 1` rows from the page's offset and keeps `limit`: the extra row, when it exists,
 * proves that another page follows, whatever a total says. The one query of the page, one row
 * longer (every paged list reads its rows through here).
 */
export const lookAhead = async <R>(
  { page, limit }: { page: number; limit: number },
  read: PageReader<R>,
): Promise<{ rows: R[]; hasNextPage: boolean }> => {
  const fetched = await read({ limit: limit + 1, offset: (page - 1) * limit });
  return { rows: fetched.slice(0, limit), hasNextPage: fetched.length > limit };
};

/**
 * An estimated total, corrected by what the page proves: a non-empty page with no row after it is
 * the end of the results (its position is the exact total); a page with a row after it never
 * claims fewer rows than the pages up to it plus that row.
 */
export const settleTotal = (
  counted: Counted,
  { shown, hasNextPage }: { shown: number; hasNextPage: boolean },
  { page, limit }: { page: number; limit: number },
): Counted => {
  if (counted.exact) return counted;
  const offset = (page - 1) * limit;
  if (shown > 0 && !hasNextPage) return { n: offset + shown, exact: true };
  if (hasNextPage) return { n: Math.max(counted.n, offset + shown + 1), exact: false };
  return counted;
};

/**
 * One page of a list and its total, for lists whose total follows {@link countForList}: the page
 * is read one row long ({@link lookAhead}). A page with no row after it proves the total by
 * itself (the rows up to it plus its own; none on page 1 = 0), so most searches typed into a box
 * never count at all. Otherwise (another page follows, or an empty page past the end) the count
 * strategy answers, settled against the page.
 */
export const pageWithTotal = async <R>(
  db: Executor,
  {
    table,
    where,
    page,
    limit,
    limits = COUNT_LIMITS,
  }: {
    table: PgTable;
    where: SQL | undefined;
    page: number;
    limit: number;
    limits?: CountLimits | undefined;
  },
  read: PageReader<R>,
): Promise<ListPage<R>> => {
  const { rows, hasNextPage } = await lookAhead({ page, limit }, read);
  const offset = (page - 1) * limit;
  if (!hasNextPage && (rows.length > 0 || page === 1))
    return { rows, total: offset + rows.length, hasNextPage, totalIsEstimate: false };
  const counted = await countForList(db, table, where, limits);
  const settled = settleTotal(counted, { shown: rows.length, hasNextPage }, { page, limit });
  return { rows, total: settled.n, hasNextPage, totalIsEstimate: !settled.exact };
};

/**
 * One page of a short list (admins, user types, IPs, notifications, sign-ins, scheduled
 * messages) and its exact `count`, read side by side; the page is read one row long like every
 * list, so `hasNextPage` is what the rows say even when a row arrives between the two reads.
 */
export const pageWithCount = async <R>(
  query: { page: number; limit: number },
  read: PageReader<R>,
  count: PromiseLike<number>,
): Promise<ListPage<R>> => {
  const [{ rows, hasNextPage }, total] = await Promise.all([lookAhead(query, read), count]);
  return { rows, total, hasNextPage, totalIsEstimate: false };
};
