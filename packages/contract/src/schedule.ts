import { z } from 'zod';
import { homepageSettingsInputSchema } from './homepage.js';
import { recordSchema } from './envelope.js';
import { listQuerySchema, paginationSchema } from './pagination.js';

/**
 * Scheduled publishing (issue 21). Itineraries and blogs take optional `publishAt` and
 * `unpublishAt` (ISO times with an offset; the web shows and enters them in IST like marketing
 * notifications). At `publishAt` the scheduler makes the record live (an itinerary `isActive`
 * true, a blog `published`), at `unpublishAt` it takes it down (`isActive` false, `draft`); each
 * applied time is cleared on the record, so a record answers only what is still to come.
 *
 * - Absent in an update keeps the stored time; `null` (JSON) or `''` (multipart) clears it.
 * - A time in the past is refused (400 on the field) unless it equals the stored one (a form
 *   opened before the time and saved just after it); `unpublishAt` must be after `publishAt`.
 * - Saving a record with a future `publishAt` saves it not live (inactive / draft) until then.
 *
 * The homepage settings take scheduled lineups: a whole homepage configuration with `startsAt`
 * that replaces the live one at that moment. The 6/8/3 limits are checked when it is scheduled
 * and again when it is applied; an item deleted or no longer publishable by then is dropped, and
 * the admin who scheduled it is told which (in-app notification, and `dropped` on the lineup).
 *
 * The scheduler applies each change once across server processes, writes a revision and an audit
 * entry "by schedule" for the admin who scheduled it, and sends that admin an in-app notification.
 */

/** An ISO time with an offset (`2026-06-01T00:00:00+05:30` or `…Z`). */
export const scheduleTimeSchema = z.iso.datetime({
  offset: true,
  error: 'Choose a valid date and time',
});

/** JSON bodies (itineraries): a time, or null to clear; absent keeps the stored one. */
export const scheduleFieldsSchema = z.object({
  publishAt: scheduleTimeSchema.nullable().optional(),
  unpublishAt: scheduleTimeSchema.nullable().optional(),
});

/** Multipart text fields (blogs): a time, or '' to clear; absent keeps the stored one. */
export const scheduleFormFieldsSchema = z.object({
  publishAt: z.union([z.literal(''), scheduleTimeSchema]).optional(),
  unpublishAt: z.union([z.literal(''), scheduleTimeSchema]).optional(),
});

/** What records answer: the times still to come (null when none). */
export const scheduleRecordFields = {
  publishAt: z.string().nullable().optional(),
  unpublishAt: z.string().nullable().optional(),
};

// SCHEDULE_TEXTS and scheduledBadgeText are in the zod-free `schedule-texts.ts` (the list pages
// and the dashboard import them; a re-export from here would pull this module and zod in).

// ---- Homepage lineups ----

export const HOMEPAGE_LINEUP_STATUSES = ['scheduled', 'applied', 'cancelled', 'failed'] as const;
export const homepageLineupStatusSchema = z.enum(HOMEPAGE_LINEUP_STATUSES);
export type HomepageLineupStatus = z.infer<typeof homepageLineupStatusSchema>;

/**
 * `POST /homepage-lineups` and `PUT /homepage-lineups/{id}` (`{data: …}`): the homepage settings
 * input (without `version`) plus `startsAt`, in the future. The limits and the publishable rule
 * are those of a homepage save.
 */
export const homepageLineupInputSchema = homepageSettingsInputSchema
  .omit({ version: true })
  .extend({ startsAt: scheduleTimeSchema });
export type HomepageLineupInput = z.infer<typeof homepageLineupInputSchema>;

const namedItemSchema = z.object({ _id: z.string(), name: z.string() });

/** An item a lineup lost when it was applied (deleted, or no longer publishable). */
export const droppedItemSchema = z.object({
  kind: z.enum(['place', 'itinerary', 'blog']),
  _id: z.string(),
  name: z.string(),
  reason: z.string(),
});
export type DroppedItem = z.infer<typeof droppedItemSchema>;

export const homepageLineupSchema = z.object({
  _id: z.string(),
  id: z.string(),
  startsAt: z.string(),
  status: homepageLineupStatusSchema,
  /** Chosen items with their names as saved (a deleted one keeps its last name). */
  trendingDestinations: z.array(namedItemSchema),
  tourPackages: z.array(namedItemSchema.extend({ displayOrder: z.number().int() })),
  blogs: z.array(namedItemSchema),
  isActive: z.boolean(),
  createdBy: z.object({ _id: z.string().nullable(), name: z.string() }),
  createdAt: z.string(),
  updatedAt: z.string(),
  appliedAt: z.string().nullable(),
  /** Items dropped when applied (empty until then). */
  dropped: z.array(droppedItemSchema),
  /** Why a failed lineup was not applied. */
  failureReason: z.string().nullable(),
});
export type HomepageLineup = z.infer<typeof homepageLineupSchema>;
export const homepageLineupOneSchema = recordSchema(homepageLineupSchema);

/** `GET /homepage-lineups?status&page&limit`: soonest first for 'scheduled', newest first otherwise. */
export const homepageLineupListQuerySchema = listQuerySchema.omit({ search: true }).extend({
  status: homepageLineupStatusSchema.optional(),
});
export type HomepageLineupListQuery = z.infer<typeof homepageLineupListQuerySchema>;

export const homepageLineupListSchema = z.object({
  lineups: z.array(homepageLineupSchema),
  pagination: paginationSchema,
});
export type HomepageLineupList = z.infer<typeof homepageLineupListSchema>;

// ---- Dashboard ----

/** One upcoming scheduled change on the dashboard's upcoming card. */
export const upcomingPublishSchema = z.object({
  entity: z.enum(['itinerary', 'blog', 'homepage-settings']),
  /** The record (for a lineup, the lineup's id). */
  entityId: z.string(),
  title: z.string(),
  action: z.enum(['publish', 'unpublish', 'lineup']),
  at: z.string(),
});
export type UpcomingPublish = z.infer<typeof upcomingPublishSchema>;

/** How many upcoming scheduled publishes the dashboard shows. */
export const DASHBOARD_UPCOMING_PUBLISH_LIMIT = 5;
