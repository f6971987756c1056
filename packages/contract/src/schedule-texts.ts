/**
 * Scheduled publishing's texts (issue 21; the rules are in `schedule.ts`). Zod-free on purpose:
 * the list pages and the dashboard show the "Scheduled" badge and the upcoming rows, and a zod
 * import would pull its 24 KB chunk into them (as `dependants.ts` explains).
 */

export const SCHEDULE_TEXTS = {
  publishInPast: 'Publish time must be in the future',
  unpublishInPast: 'Unpublish time must be in the future',
  unpublishBeforePublish: 'Unpublish time must be after the publish time',
  startsInPast: 'Start time must be in the future',
  badge: 'Scheduled',
  /** The audit entries and revisions the scheduler writes say this. */
  bySchedule: 'by schedule',
} as const;

/** A "Scheduled" badge's text: 'Publishes Jun 1, 2026, 12:00 AM IST' (time formatted by the caller). */
export const scheduledBadgeText = (kind: 'publish' | 'unpublish', when: string) =>
  kind === 'publish' ? `Publishes ${when}` : `Unpublishes ${when}`;

/** How many lineups may wait at once. */
export const HOMEPAGE_LINEUPS_MAX_SCHEDULED = 20;

export const HOMEPAGE_LINEUP_TEXTS = {
  scheduled: 'Homepage lineup scheduled',
  updated: 'Homepage lineup updated',
  cancelled: 'Homepage lineup cancelled',
  fetched: 'Homepage lineups fetched successfully',
  notFound: 'Homepage lineup not found',
  notEditable: 'Only a scheduled lineup can be changed',
  tooMany: `At most ${String(HOMEPAGE_LINEUPS_MAX_SCHEDULED)} lineups can wait at once`,
} as const;
