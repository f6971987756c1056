import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNull,
  lt,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { MarketingChannel, ScheduledStatus } from '@safarnama/contract';
import type { Executor } from '../../db/client.js';
import { countRows, pageWithCount, type ListPage } from '../../db/counting.js';
import {
  adminUsers,
  images,
  scheduledDeliveries,
  scheduledNotifications,
  userTypes,
  type DeliveryStatus,
} from '../../db/schema/index.js';
import { containsText, lowered } from '../../db/search.js';

export type ScheduledRow = typeof scheduledNotifications.$inferSelect;
export type NewScheduled = typeof scheduledNotifications.$inferInsert;
export type DeliveryRow = typeof scheduledDeliveries.$inferSelect;
export type ChannelCounts = Partial<Record<MarketingChannel, { sent: number; failed: number }>>;

/** A notification with what its answer shows: the user type's and creator's names, the image. */
export interface ScheduledWithRefs {
  row: ScheduledRow;
  userTypeName: string | null;
  creatorName: string | null;
  image: { fileKey: string; variants: { width: number; key: string }[] } | null;
}

const sn = scheduledNotifications;
const d = scheduledDeliveries;

const withRefs = (db: Executor) =>
  db
    .select({
      row: sn,
      userTypeName: userTypes.name,
      creatorName: adminUsers.name,
      imageKey: images.fileKey,
      imageVariants: images.variants,
    })
    .from(sn)
    .leftJoin(userTypes, eq(userTypes.id, sn.userTypeId))
    .leftJoin(adminUsers, eq(adminUsers.id, sn.createdById))
    .leftJoin(images, eq(images.id, sn.imageId));

type RefRow = Awaited<ReturnType<ReturnType<typeof withRefs>['execute']>>[number];

const toRefs = (r: RefRow): ScheduledWithRefs => ({
  row: r.row,
  userTypeName: r.userTypeName,
  creatorName: r.creatorName,
  image: r.imageKey ? { fileKey: r.imageKey, variants: r.imageVariants ?? [] } : null,
});

// ── the admin's CRUD ──────────────────────────────────────────────────────────────────────────────

export const insertScheduled = async (
  db: Executor,
  values: NewScheduled,
): Promise<ScheduledRow> => {
  const [row] = await db.insert(sn).values(values).returning();
  if (!row) throw new Error('insertScheduled returned no row');
  return row;
};

export const findScheduled = async (
  db: Executor,
  id: string,
): Promise<ScheduledWithRefs | undefined> => {
  const [found] = await withRefs(db).where(eq(sn.id, id)).limit(1);
  return found ? toRefs(found) : undefined;
};

/** The status of a notification, or undefined when there is none (404 vs 409 of a refused write). */
export const statusOf = async (db: Executor, id: string): Promise<ScheduledStatus | undefined> => {
  const [row] = await db.select({ status: sn.status }).from(sn).where(eq(sn.id, id)).limit(1);
  return row?.status;
};

/** `title || ' ' || message`: lower-cased, the expression of the trigram index. */
const searchExpr = sql`(${sn.title} || ' ' || ${sn.message})`;

/** The list's WHERE (also the CSV export's, issue 24). */
export const scheduledWhere = (query: {
  search: string;
  status?: ScheduledStatus | undefined;
}): SQL | undefined =>
  and(
    query.search ? containsText(lowered(searchExpr), query.search) : undefined,
    query.status ? eq(sn.status, query.status) : undefined,
  );

/** A page, newest scheduled time first; search over title and message, optional status. */
export const listScheduled = async (
  db: Executor,
  query: { page: number; limit: number; search: string; status?: ScheduledStatus | undefined },
): Promise<ListPage<ScheduledWithRefs>> => {
  const where = scheduledWhere(query);
  return pageWithCount(
    query,
    (window) =>
      withRefs(db)
        .where(where)
        .orderBy(desc(sn.scheduledAt), desc(sn.id))
        .limit(window.limit)
        .offset(window.offset)
        .then((rows) => rows.map(toRefs)),
    countRows(db, sn, where),
  );
};

/**
 * Changes a notification only while it is still 'scheduled' (one conditional statement, so a
 * poller that claims it at the same moment wins cleanly: then no row comes back).
 */
export const updateWhileScheduled = async (
  db: Executor,
  id: string,
  values: Partial<NewScheduled>,
): Promise<ScheduledRow | undefined> => {
  const [row] = await db
    .update(sn)
    .set(values)
    .where(and(eq(sn.id, id), eq(sn.status, 'scheduled')))
    .returning();
  return row;
};

/** Deletes a notification only while it is still 'scheduled'; answers the deleted row. */
export const deleteWhileScheduled = async (
  db: Executor,
  id: string,
): Promise<ScheduledRow | undefined> => {
  const [row] = await db
    .delete(sn)
    .where(and(eq(sn.id, id), eq(sn.status, 'scheduled')))
    .returning();
  return row;
};

/** The next notifications to go out ('scheduled' or 'sending'), soonest first (dashboard). */
export const upcomingScheduled = async (
  db: Executor,
  limit: number,
): Promise<ScheduledWithRefs[]> =>
  (
    await withRefs(db)
      .where(inArray(sn.status, ['scheduled', 'sending']))
      .orderBy(asc(sn.scheduledAt), asc(sn.id))
      .limit(limit)
  ).map(toRefs);

/** An active user type by id (the audience 'user_type' must name one). */
export const activeUserTypeExists = async (db: Executor, id: string): Promise<boolean> => {
  const [row] = await db
    .select({ id: userTypes.id })
    .from(userTypes)
    .where(and(eq(userTypes.id, id), eq(userTypes.isActive, true)))
    .limit(1);
  return row !== undefined;
};

// ── the poller ────────────────────────────────────────────────────────────────────────────────────

/**
 * Claims the next due notification in ONE statement: a 'scheduled' one whose time has come, or a
 * 'sending' one whose claim went stale (its node died). `FOR UPDATE SKIP LOCKED` in the sub-select
 * lets concurrent pollers pass over each other's rows instead of waiting; a row another poller
 * claimed and committed since this statement's snapshot is re-checked by PostgreSQL against the
 * conditions (repeated on the UPDATE), so it no longer matches. Works the same on PGlite.
 */
export const claimNextDue = async (
  db: Executor,
  { now, nodeId, staleBefore }: { now: Date; nodeId: string; staleBefore: Date },
): Promise<ScheduledRow | undefined> => {
  const due = or(
    and(eq(sn.status, 'scheduled'), lte(sn.scheduledAt, now)),
    and(eq(sn.status, 'sending'), or(isNull(sn.claimedAt), lt(sn.claimedAt, staleBefore))),
  );
  const next = db
    .select({ id: sn.id })
    .from(sn)
    .where(due)
    .orderBy(asc(sn.scheduledAt), asc(sn.id))
    .limit(1)
    .for('update', { skipLocked: true });
  // `= any(array(…))`, not `in (…)`: an ARRAY sub-select is an init-plan, run exactly once. An
  // `IN` sub-select may be re-run per row, and SKIP LOCKED then skips the row this very statement
  // just updated and picks the next one: one statement would claim every due row.
  const [row] = await db
    .update(sn)
    .set({ status: 'sending', claimedAt: now, claimedBy: nodeId })
    .where(and(sql`${sn.id} = any(array(${next}))`, due))
    .returning();
  return row;
};

/**
 * Refreshes the claim while sending; false when this node no longer holds it (another node took
 * it over, or it was finished): the caller stops.
 */
export const refreshClaim = async (
  db: Executor,
  id: string,
  nodeId: string,
  now: Date,
): Promise<boolean> => {
  const rows = await db
    .update(sn)
    .set({ claimedAt: now })
    .where(and(eq(sn.id, id), eq(sn.claimedBy, nodeId), eq(sn.status, 'sending')))
    .returning({ id: sn.id });
  return rows.length > 0;
};

/** Gives the claim up (graceful stop mid-send): any node may resume at once. */
export const releaseClaim = async (db: Executor, id: string, nodeId: string): Promise<void> => {
  await db
    .update(sn)
    .set({ claimedAt: null, claimedBy: null })
    .where(and(eq(sn.id, id), eq(sn.claimedBy, nodeId), eq(sn.status, 'sending')));
};

/** Writes the counts so far, as long as this node holds the claim. */
export const writeCounts = async (
  db: Executor,
  id: string,
  nodeId: string,
  counts: ChannelCounts,
): Promise<boolean> => {
  const rows = await db
    .update(sn)
    .set({ counts })
    .where(and(eq(sn.id, id), eq(sn.claimedBy, nodeId), eq(sn.status, 'sending')))
    .returning({ id: sn.id });
  return rows.length > 0;
};

/** The final status, counts and time; only by the node that holds the claim. */
export const finishScheduled = async (
  db: Executor,
  id: string,
  nodeId: string,
  values: { status: ScheduledStatus; counts: ChannelCounts; sentAt: Date },
): Promise<ScheduledRow | undefined> => {
  const [row] = await db
    .update(sn)
    .set({ ...values, claimedAt: null, updatedAt: values.sentAt })
    .where(and(eq(sn.id, id), eq(sn.claimedBy, nodeId), eq(sn.status, 'sending')))
    .returning();
  return row;
};

/** One row per (notification, channel, recipient); existing rows are kept (a resume). */
export const insertDeliveries = async (
  db: Executor,
  rows: { id: string; notificationId: string; channel: MarketingChannel; recipient: string }[],
): Promise<void> => {
  // Chunks keep a statement's parameters far below PostgreSQL's 65535.
  for (let i = 0; i < rows.length; i += 1000) {
    await db
      .insert(d)
      .values(rows.slice(i, i + 1000))
      .onConflictDoNothing({ target: [d.notificationId, d.channel, d.recipient] });
  }
};

export const INTERRUPTED_ERROR =
  'The send was interrupted (the server stopped mid-send); it is not repeated, to avoid sending twice';

/**
 * A resume: deliveries left 'sending' by a node that died may or may not have gone out. They are
 * failed, never sent again (at most once per recipient). Answers how many.
 */
export const failInterrupted = async (
  db: Executor,
  notificationId: string,
  now: Date,
): Promise<number> => {
  const rows = await db
    .update(d)
    .set({ status: 'failed', error: INTERRUPTED_ERROR, updatedAt: now })
    .where(and(eq(d.notificationId, notificationId), eq(d.status, 'sending')))
    .returning({ id: d.id });
  return rows.length;
};

/** How many deliveries of the notification some node is sending right now. */
export const sendingCount = (db: Executor, notificationId: string): Promise<number> =>
  countRows(db, d, and(eq(d.notificationId, notificationId), eq(d.status, 'sending')));

/** The next pending deliveries after `afterId` (keyset, id order). */
export const pendingDeliveries = async (
  db: Executor,
  notificationId: string,
  afterId: string | null,
  limit: number,
): Promise<Pick<DeliveryRow, 'id' | 'channel' | 'recipient'>[]> =>
  db
    .select({ id: d.id, channel: d.channel, recipient: d.recipient })
    .from(d)
    .where(
      and(
        eq(d.notificationId, notificationId),
        eq(d.status, 'pending'),
        afterId ? gt(d.id, afterId) : undefined,
      ),
    )
    .orderBy(asc(d.id))
    .limit(limit);

/**
 * Takes one delivery for its single send: pending → sending, atomically. False when another
 * poller took it (or it is no longer pending): then it must not be sent.
 */
export const claimDelivery = async (db: Executor, id: string, now: Date): Promise<boolean> => {
  const rows = await db
    .update(d)
    .set({ status: 'sending', attempts: sql`${d.attempts} + 1`, updatedAt: now })
    .where(and(eq(d.id, id), eq(d.status, 'pending')))
    .returning({ id: d.id });
  return rows.length > 0;
};

/**
 * The outcome of a claimed delivery. Only a row still 'sending' is marked: when another node
 * took the notification over meanwhile and failed this row as interrupted, that record stays
 * (the counts it already reported never change under it).
 */
export const finishDelivery = async (
  db: Executor,
  id: string,
  outcome: { status: Extract<DeliveryStatus, 'sent' | 'failed'>; error: string | null },
  now: Date,
): Promise<void> => {
  await db
    .update(d)
    .set({ ...outcome, updatedAt: now })
    .where(and(eq(d.id, id), eq(d.status, 'sending')));
};

/** Per channel {sent, failed} from the delivery rows (pending and sending are not counted). */
export const deliveryCounts = async (
  db: Executor,
  notificationId: string,
): Promise<{ channel: MarketingChannel; status: DeliveryStatus; n: number }[]> =>
  (
    await db
      .select({ channel: d.channel, status: d.status, n: count() })
      .from(d)
      .where(and(eq(d.notificationId, notificationId), inArray(d.status, ['sent', 'failed'])))
      .groupBy(d.channel, d.status)
  ).map((r) => ({ ...r, n: Number(r.n) }));
