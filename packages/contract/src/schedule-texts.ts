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
