import type { z } from 'zod';
import { SCHEDULE_TEXTS } from '@safarnama/contract';
import { isoToIst, istToIso } from './ist';

/**
 * Scheduled publishing in the itinerary and blog forms (issue 21, contract `schedule.ts`): each
 * time is an IST date and time the admin types (`lib/ist.ts`), like a marketing notification's,
 * and goes to the server as an instant at +05:30.
 */

/**
 * What a form holds for its schedule: the two IST date/time pairs ('' when empty), and
 * `publishAt` / `unpublishAt`, which hold nothing themselves but carry their time's error (the
 * path the contract's schema and the server's 400 details name) for the inputs.
 */
export interface ScheduleFormValues {
  publishDate: string;
  publishTime: string;
  unpublishDate: string;
  unpublishTime: string;
  publishAt: string;
  unpublishAt: string;
}

/** The times a record still has to come (the server clears each once applied). */
export interface StoredSchedule {
  publishAt?: string | null | undefined;
  unpublishAt?: string | null | undefined;
}

type ScheduleKey = 'publishAt' | 'unpublishAt';
const KEYS: readonly ScheduleKey[] = ['publishAt', 'unpublishAt'];

/** The form's schedule values for a new record (empty) or a saved one (its times in IST). */
export const scheduleFormValues = (record: StoredSchedule | null): ScheduleFormValues => {
  const publish = record?.publishAt ? isoToIst(record.publishAt) : null;
  const unpublish = record?.unpublishAt ? isoToIst(record.unpublishAt) : null;
  return {
    publishDate: publish?.date ?? '',
    publishTime: publish?.time ?? '',
    unpublishDate: unpublish?.date ?? '',
    unpublishTime: unpublish?.time ?? '',
    publishAt: '',
    unpublishAt: '',
  };
};

/**
 * The time one pair of inputs makes: '' when both are empty, the instant at +05:30, or for a
 * half-filled or impossible pair the raw text, which the contract's `scheduleTimeSchema` refuses
 * with its own message ('Choose a valid date and time') on the field.
 */
export const enteredTime = (date: string, time: string): string => {
  if (!date && !time) return '';
  return istToIso({ date, time }) ?? `${date}T${time}`;
};

const instantOf = (value: string | null | undefined): number | null => {
  if (!value) return null;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : at;
};

const sameTime = (a: string | null | undefined, b: string | null | undefined) =>
  (a || null) === (b || null) || (instantOf(a) !== null && instantOf(a) === instantOf(b));

type ScheduleRequest<C> = { [K in ScheduleKey]?: string | C };

/**
 * A form's values as the request: the six schedule values replaced by `publishAt` /
 * `unpublishAt` — left out while a time is what the record already has (absent keeps the stored
 * time, so a form opened before the time and saved after it is not refused), the new time, or
 * `cleared` (null in JSON, '' in multipart) when the admin emptied it.
 */
export const withScheduleRequest = <V extends ScheduleFormValues, C extends null | ''>(
  values: V,
  stored: StoredSchedule | null,
  cleared: C,
): Omit<V, keyof ScheduleFormValues> & ScheduleRequest<C> => {
  const {
    publishDate,
    publishTime,
    unpublishDate,
    unpublishTime,
    publishAt: _publishError,
    unpublishAt: _unpublishError,
    ...rest
  } = values;
  const entered = {
    publishAt: enteredTime(publishDate, publishTime),
    unpublishAt: enteredTime(unpublishDate, unpublishTime),
  };
  const request: ScheduleRequest<C> = {};
  for (const key of KEYS) {
    if (!sameTime(entered[key], stored?.[key])) request[key] = entered[key] || cleared;
  }
  return { ...rest, ...request };
};

/** A request's schedule fields (the contract's output types of both forms). */
interface ScheduleOutput {
  publishAt?: string | null | undefined;
  unpublishAt?: string | null | undefined;
}

const noIssueAt =
  (...keys: ScheduleKey[]) =>
  (payload: { issues: readonly { path?: readonly PropertyKey[] | undefined }[] }) =>
    !payload.issues.some((issue) => keys.includes(issue.path?.[0] as ScheduleKey));

/**
 * The contract's schema plus the server's clock rules (contract `schedule.ts`), so the form says
 * them before sending: a new time must be in the future, and the unpublish time (sent or stored)
 * after the publish time (sent or stored). Times left out (unchanged) are not checked again.
 * The other fields' errors do not hide these (`when`).
 */
export const withScheduleRules = <S extends z.ZodObject>(
  schema: S,
  stored: StoredSchedule | null,
): S => {
  const future = (key: ScheduleKey) => (request: unknown) => {
    const at = instantOf((request as ScheduleOutput)[key]);
    return at === null || at > Date.now();
  };
  const effective = (request: ScheduleOutput, key: ScheduleKey) =>
    instantOf(request[key] === undefined ? stored?.[key] : request[key]);
  return schema
    .refine(future('publishAt'), {
      path: ['publishAt'],
      message: SCHEDULE_TEXTS.publishInPast,
      when: noIssueAt('publishAt'),
    })
    .refine(future('unpublishAt'), {
      path: ['unpublishAt'],
      message: SCHEDULE_TEXTS.unpublishInPast,
      when: noIssueAt('unpublishAt'),
    })
    .refine(
      (request: unknown) => {
        const publish = effective(request as ScheduleOutput, 'publishAt');
        const unpublish = effective(request as ScheduleOutput, 'unpublishAt');
        return publish === null || unpublish === null || unpublish > publish;
      },
      {
        path: ['unpublishAt'],
        message: SCHEDULE_TEXTS.unpublishBeforePublish,
        when: noIssueAt('publishAt', 'unpublishAt'),
      },
    );
};
