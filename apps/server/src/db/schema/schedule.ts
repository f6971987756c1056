import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DroppedItem, HomepageLineupStatus } from '@safarnama/contract';
import { id, stamp, timestamps } from './columns.js';
import { adminRef } from './identity.js';

/**
 * Scheduled publishing (issue 21). Itineraries and blogs carry the times still to come: the
 * scheduler (modules/schedule) makes the record live at `publish_at`, takes it down at
 * `unpublish_at`, and clears each time as it applies it. `schedule_by` is the admin who set them:
 * the scheduler's audit entry and revision name them, and they get the in-app notice.
 */
export const scheduleColumns = () => ({
  publishAt: stamp('publish_at'),
  unpublishAt: stamp('unpublish_at'),
  scheduleBy: adminRef('schedule_by'),
});

/**
 * The scheduler's look-up of due rows (`publish_at <= now or unpublish_at <= now`): a bitmap OR
 * of two partial indexes that hold only the rows with a time, a handful among thousands.
 */
export const scheduleIndexes = (
  table: string,
  t: { publishAt: AnyPgColumn; unpublishAt: AnyPgColumn },
) => [
  index(`${table}_publish_at_idx`)
    .on(t.publishAt)
    .where(sql`${t.publishAt} is not null`),
  index(`${table}_unpublish_at_idx`)
    .on(t.unpublishAt)
    .where(sql`${t.unpublishAt} is not null`),
];

/** One chosen item of a lineup, with its name as it was when the lineup was saved. */
export interface LineupItem {
  _id: string;
  name: string;
}

/** A lineup's homepage configuration: what replaces the live selection at `starts_at`. */
export interface LineupSelection {
  trendingDestinations: LineupItem[];
  /** In display order; `displayOrder` is 1..n. */
  tourPackages: (LineupItem & { displayOrder: number })[];
  blogs: LineupItem[];
  isActive: boolean;
}

/**
 * Scheduled homepage lineups (issue 21): a whole homepage configuration that replaces the live
 * one at `starts_at`. Applied once by the scheduler (the row is claimed `FOR UPDATE SKIP LOCKED`
 * in the transaction that applies it and moves it to 'applied'); items deleted or no longer
 * publishable by then are left out and listed in `dropped`.
 */
export const homepageLineups = pgTable(
  'homepage_lineups',
  {
    id: id(),
    startsAt: stamp('starts_at').notNull(),
    status: text('status').$type<HomepageLineupStatus>().notNull().default('scheduled'),
    selection: jsonb('selection').$type<LineupSelection>().notNull(),
    createdBy: adminRef('created_by'),
    /** Copied in, so the lineup names its author after the admin is gone. */
    createdByName: text('created_by_name').notNull().default(''),
    ...timestamps(),
    appliedAt: stamp('applied_at'),
    dropped: jsonb('dropped')
      .$type<DroppedItem[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    failureReason: text('failure_reason'),
  },
  (t) => [
    // The scheduler's due look-up and the 'scheduled' list, soonest first.
    index('homepage_lineups_due_idx')
      .on(t.startsAt, t.id)
      .where(sql`${t.status} = 'scheduled'`),
    // The other lists, newest start first.
    index('homepage_lineups_starts_idx').on(t.startsAt, t.id),
    check(
      'homepage_lineups_status_check',
      sql`${t.status} in ('scheduled', 'applied', 'cancelled', 'failed')`,
    ),
  ],
);
