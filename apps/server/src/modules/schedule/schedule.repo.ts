import { and, asc, count, desc, eq, isNotNull, lte, notInArray, or, sql } from 'drizzle-orm';
import type { DroppedItem, HomepageLineupStatus } from '@safarnama/contract';
import type { Executor } from '../../db/client.js';
import { pageWithCount, type ListPage } from '../../db/counting.js';
import {
  adminUsers,
  homepageLineups,
  homepageSettings,
  itineraries,
  placeBlogs,
  type LineupSelection,
} from '../../db/schema/index.js';
import type { ScheduleTimes } from './schedule.rules.js';

export type LineupRow = typeof homepageLineups.$inferSelect;
export type ScheduledTable = typeof itineraries | typeof placeBlogs;
export type ScheduleAction = 'publish' | 'unpublish';

/** The stored schedule of a record (read after its row is locked by the save). */
export const storedSchedule = async (
  db: Executor,
  table: ScheduledTable,
  id: string,
): Promise<ScheduleTimes | undefined> => {
  const [row] = await db
    .select({
      publishAt: table.publishAt,
      unpublishAt: table.unpublishAt,
      scheduleBy: table.scheduleBy,
    })
    .from(table)
    .where(eq(table.id, id))
    .limit(1);
  return row;
};

/** A record whose scheduled time has come, locked by the transaction that applies it. */
export interface DueRecord {
  id: string;
  title: string;
  publishAt: Date | null;
  unpublishAt: Date | null;
  scheduleBy: string | null;
}

/**
 * Locks the record whose publish or unpublish time came first, among those due at `now`
 * (`FOR NO KEY UPDATE SKIP LOCKED`: a record another scheduler is applying, or an admin is saving,
 * is passed over; a homepage save that only refers to it is not held up). The time is cleared in the same transaction, so once it commits no scheduler
 * finds it again: PostgreSQL re-checks the condition on a row that was locked when it got there.
 * `skip`: records that failed in this run.
 */
export const lockDueRecord = async (
  tx: Executor,
  table: ScheduledTable,
  now: Date,
  skip: ReadonlySet<string>,
): Promise<DueRecord | undefined> => {
  const [row] = await tx
    .select({
      id: table.id,
      title: table.title,
      publishAt: table.publishAt,
      unpublishAt: table.unpublishAt,
      scheduleBy: table.scheduleBy,
    })
    .from(table)
    .where(
      and(
        or(lte(table.publishAt, now), lte(table.unpublishAt, now)),
        skip.size > 0 ? notInArray(table.id, [...skip]) : undefined,
      ),
    )
    .orderBy(sql`least(${table.publishAt}, ${table.unpublishAt})`, asc(table.id))
    .limit(1)
    .for('no key update', { skipLocked: true });
  return row;
};

/** What applying one action changes besides the entity's own state. */
const cleared = (row: DueRecord, action: ScheduleAction) => {
  const other = action === 'publish' ? row.unpublishAt : row.publishAt;
  return {
    ...(action === 'publish' ? { publishAt: null } : { unpublishAt: null }),
    // The admin stays named while another time is still to come.
    scheduleBy: other === null ? null : row.scheduleBy,
    version: sql`version + 1`,
    updatedAt: sql`now()`,
  };
};

/** An itinerary goes live (active) or down (inactive); the applied time is cleared. */
export const applyItinerary = async (tx: Executor, row: DueRecord, action: ScheduleAction) => {
  await tx
    .update(itineraries)
    .set({ isActive: action === 'publish', ...cleared(row, action) })
    .where(eq(itineraries.id, row.id));
};

/**
 * A blog is published (stamping `published_at` the first time, like a manual publish) or goes
 * back to draft; the applied time is cleared.
 */
export const applyBlog = async (
  tx: Executor,
  row: DueRecord,
  action: ScheduleAction,
  now: Date,
) => {
  await tx
    .update(placeBlogs)
    .set({
      status: action === 'publish' ? 'published' : 'draft',
      ...(action === 'publish'
        ? {
            publishedAt: sql`coalesce(${placeBlogs.publishedAt}, ${now.toISOString()}::timestamptz)`,
          }
        : {}),
      ...cleared(row, action),
    })
    .where(eq(placeBlogs.id, row.id));
};

/** Name and e-mail of an admin (the one who scheduled a change), if they still exist. */
export const adminNamed = async (
  db: Executor,
  id: string | null,
): Promise<{ id: string; name: string; email: string } | undefined> => {
  if (!id) return undefined;
  const [row] = await db
    .select({ id: adminUsers.id, name: adminUsers.name, email: adminUsers.email })
    .from(adminUsers)
    .where(eq(adminUsers.id, id))
    .limit(1);
  return row;
};

// ── homepage lineups ─────────────────────────────────────────────────────────────────────────────

/**
 * The lineups' lock for the rest of the transaction (a transaction-level advisory lock): lineups
 * are applied, created and changed one at a time, so two due lineups are applied in the order of
 * their start even by two schedulers, and a change never races the application of its lineup.
 * Not the settings row's lock: the row may not exist yet, and creating it would make the
 * homepage look saved. Applying also takes the row's lock (`lockSettings`), which orders it with
 * manual saves; a save never takes this one, so the two cannot deadlock.
 */
export const lockLineups = async (tx: Executor) => {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('safarnama:homepage-lineups'))`);
};

/** Raises the homepage settings' edit version (a lineup applied is a change like a save). */
export const bumpHomepageVersion = async (tx: Executor) => {
  await tx
    .update(homepageSettings)
    .set({ version: sql`${homepageSettings.version} + 1` })
    .where(eq(homepageSettings.id, 1));
};

const dueLineup = (now: Date) =>
  and(eq(homepageLineups.status, 'scheduled'), lte(homepageLineups.startsAt, now));

/** Whether any lineup is due (cheap, without locks: most runs have none). */
export const anyDueLineup = async (db: Executor, now: Date): Promise<boolean> => {
  const [row] = await db
    .select({ id: homepageLineups.id })
    .from(homepageLineups)
    .where(dueLineup(now))
    .limit(1);
  return row !== undefined;
};

/**
 * Locks the due lineup that starts first (`FOR UPDATE SKIP LOCKED`; `homepage_lineups_due_idx`).
 * The caller holds the lineups' lock, so at most a cancel of the lineup itself is passed over.
 */
export const lockDueLineup = async (
  tx: Executor,
  now: Date,
  skip: ReadonlySet<string>,
): Promise<LineupRow | undefined> => {
  const [row] = await tx
    .select()
    .from(homepageLineups)
    .where(
      and(dueLineup(now), skip.size > 0 ? notInArray(homepageLineups.id, [...skip]) : undefined),
    )
    .orderBy(asc(homepageLineups.startsAt), asc(homepageLineups.id))
    .limit(1)
    .for('update', { skipLocked: true });
  return row;
};

/** Ends a lineup (applied or failed) while it is still scheduled; false when it no longer is. */
export const finishLineup = async (
  db: Executor,
  id: string,
  values: {
    status: Extract<HomepageLineupStatus, 'applied' | 'failed'>;
    appliedAt: Date | null;
    dropped: DroppedItem[];
    failureReason: string | null;
  },
): Promise<boolean> => {
  const rows = await db
    .update(homepageLineups)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(homepageLineups.id, id), eq(homepageLineups.status, 'scheduled')))
    .returning({ id: homepageLineups.id });
  return rows.length > 0;
};

export const findLineup = async (db: Executor, id: string): Promise<LineupRow | undefined> => {
  const [row] = await db.select().from(homepageLineups).where(eq(homepageLineups.id, id)).limit(1);
  return row;
};

export const countScheduledLineups = async (db: Executor): Promise<number> => {
  const [row] = await db
    .select({ n: count() })
    .from(homepageLineups)
    .where(eq(homepageLineups.status, 'scheduled'));
  return row?.n ?? 0;
};

export const insertLineup = async (
  db: Executor,
  values: {
    startsAt: Date;
    selection: LineupSelection;
    createdBy: string | null;
    createdByName: string;
  },
): Promise<LineupRow> => {
  const [row] = await db.insert(homepageLineups).values(values).returning();
  if (!row) throw new Error('insert lineup returned nothing');
  return row;
};

/**
 * Changes a lineup only while it is scheduled: one conditional statement, so against the
 * scheduler applying it at the same moment exactly one wins (the row lock orders them and the
 * condition is re-checked). Undefined: unknown, or no longer scheduled.
 */
export const updateScheduledLineup = async (
  db: Executor,
  id: string,
  values: Partial<Pick<LineupRow, 'startsAt' | 'selection' | 'status'>>,
): Promise<LineupRow | undefined> => {
  const [row] = await db
    .update(homepageLineups)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(homepageLineups.id, id), eq(homepageLineups.status, 'scheduled')))
    .returning();
  return row;
};

/**
 * A page of lineups: the scheduled ones soonest first (`homepage_lineups_due_idx`), any other
 * list newest start first (`homepage_lineups_starts_idx`); exact counts (a short list).
 */
export const listLineups = (
  db: Executor,
  query: { page: number; limit: number; status?: HomepageLineupStatus | undefined },
): Promise<ListPage<LineupRow>> => {
  const where = query.status ? eq(homepageLineups.status, query.status) : undefined;
  const order =
    query.status === 'scheduled'
      ? [asc(homepageLineups.startsAt), asc(homepageLineups.id)]
      : [desc(homepageLineups.startsAt), desc(homepageLineups.id)];
  return pageWithCount(
    query,
    ({ limit, offset }) =>
      db
        .select()
        .from(homepageLineups)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
    db
      .select({ n: count() })
      .from(homepageLineups)
      .where(where)
      .then(([row]) => row?.n ?? 0),
  );
};

// ── the dashboard ────────────────────────────────────────────────────────────────────────────────

export interface UpcomingRow {
  entityId: string;
  title: string;
  at: Date;
}

/** The soonest `limit` pending times of one column (its partial index, walked in order). */
const soonest = async (
  db: Executor,
  table: ScheduledTable,
  column: 'publishAt' | 'unpublishAt',
  limit: number,
): Promise<UpcomingRow[]> => {
  const rows = await db
    .select({ entityId: table.id, title: table.title, at: table[column] })
    .from(table)
    .where(isNotNull(table[column]))
    .orderBy(asc(table[column]), asc(table.id))
    .limit(limit);
  return rows.flatMap((r) => (r.at ? [{ entityId: r.entityId, title: r.title, at: r.at }] : []));
};

export const upcomingTimes = (db: Executor, table: ScheduledTable, limit: number) =>
  Promise.all([soonest(db, table, 'publishAt', limit), soonest(db, table, 'unpublishAt', limit)]);

/** The soonest scheduled lineups. */
export const upcomingLineups = async (db: Executor, limit: number): Promise<UpcomingRow[]> => {
  const rows = await db
    .select({ entityId: homepageLineups.id, at: homepageLineups.startsAt })
    .from(homepageLineups)
    .where(eq(homepageLineups.status, 'scheduled'))
    .orderBy(asc(homepageLineups.startsAt), asc(homepageLineups.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, title: '' }));
};
