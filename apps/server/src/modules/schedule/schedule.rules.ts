import {
  SCHEDULE_TEXTS as T,
  type FieldError,
  type HomepageHiddenReason,
} from '@safarnama/contract';
import { ValidationError } from '../../http/errors.js';
import { CLOCK_SKEW_MS } from '../marketing/marketing.service.js';

/**
 * The save-time rules of scheduled publishing (issue 21, contract `schedule.ts`), shared by the
 * itinerary and blog services: which times a save stores, whether the record is saved live, and
 * the 400s on the fields. Run inside the save's transaction (after the row is locked), so a
 * refusal writes nothing.
 */

/** What a record stores about its schedule. */
export interface ScheduleTimes {
  publishAt: Date | null;
  unpublishAt: Date | null;
  /** The admin who set the times (null when there are none, or the admin is gone). */
  scheduleBy: string | null;
}

/**
 * The times as sent: absent keeps the stored time, null (JSON) or '' (a multipart form) clears
 * it, an ISO time (already checked by the contract's schema) sets it.
 */
export interface SentSchedule {
  publishAt?: string | null | undefined;
  unpublishAt?: string | null | undefined;
}

export const NO_SCHEDULE: ScheduleTimes = { publishAt: null, unpublishAt: null, scheduleBy: null };

export interface ResolvedSchedule {
  times: ScheduleTimes;
  /** A publish time still to come: the record is saved not live (inactive / draft) until then. */
  notLiveYet: boolean;
}

const sameTime = (a: Date | null, b: Date | null) =>
  a === null || b === null ? a === b : a.getTime() === b.getTime();

/**
 * The times a save stores. A sent time in the past is refused (400 on its field) unless it is
 * the stored one (a form opened before the time and saved just after it; the scheduler applies
 * it on its next run); a few seconds of browser clock skew are allowed, as for marketing
 * notifications. `unpublishAt` must come after `publishAt` (the times as they will be stored).
 * `scheduleBy` becomes the saving admin when a time changes, null when none is left.
 */
export const resolveSchedule = (
  sent: SentSchedule,
  stored: ScheduleTimes,
  { now, actorId }: { now: Date; actorId: string | null },
): ResolvedSchedule => {
  const errors: FieldError[] = [];
  const pick = (
    field: 'publishAt' | 'unpublishAt',
    inPast: string,
  ): { value: Date | null; changed: boolean } => {
    const raw = sent[field];
    const current = stored[field];
    if (raw === undefined) return { value: current, changed: false };
    const value = raw === null || raw === '' ? null : new Date(raw);
    if (value && !sameTime(value, current) && value.getTime() < now.getTime() - CLOCK_SKEW_MS) {
      errors.push({ path: field, message: inPast });
    }
    return { value, changed: !sameTime(value, current) };
  };
  const publish = pick('publishAt', T.publishInPast);
  const unpublish = pick('unpublishAt', T.unpublishInPast);
  if (
    publish.value &&
    unpublish.value &&
    unpublish.value.getTime() <= publish.value.getTime() &&
    !errors.some((e) => e.path === 'unpublishAt')
  ) {
    errors.push({ path: 'unpublishAt', message: T.unpublishBeforePublish });
  }
  const [first] = errors;
  if (first) throw new ValidationError(errors, errors.length === 1 ? first.message : undefined);

  const none = publish.value === null && unpublish.value === null;
  const changed = publish.changed || unpublish.changed;
  const scheduleBy = none ? null : changed ? (actorId ?? stored.scheduleBy) : stored.scheduleBy;
  return {
    times: { publishAt: publish.value, unpublishAt: unpublish.value, scheduleBy },
    notLiveYet: publish.value !== null && publish.value.getTime() > now.getTime(),
  };
};

/** What a homepage rule needs to know of a chosen item the site cannot show yet. */
export interface ScheduledItem {
  reason: HomepageHiddenReason;
  publishAt?: Date | null | undefined;
  unpublishAt?: Date | null | undefined;
  visibility?: string | undefined;
}

/**
 * Whether an item the site cannot show now will be shown by `when` through its own schedule: an
 * inactive itinerary (public) or a draft blog whose publish time comes by then and whose
 * unpublish time does not. A lineup may name it (it goes live with the item), and a lineup
 * applied while the item's own publish is still being applied keeps it.
 */
export const goesLiveBy = (item: ScheduledItem, when: Date): boolean =>
  (item.reason === 'Inactive' || item.reason === 'Draft') &&
  item.visibility !== 'private' &&
  item.publishAt !== null &&
  item.publishAt !== undefined &&
  item.publishAt.getTime() <= when.getTime() &&
  (item.unpublishAt === null ||
    item.unpublishAt === undefined ||
    item.unpublishAt.getTime() > when.getTime());
