import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SCHEDULE_TEXTS, scheduleFieldsSchema } from '@safarnama/contract';
import {
  enteredTime,
  scheduleFormValues,
  withScheduleRequest,
  withScheduleRules,
  type ScheduleFormValues,
} from './schedule';

const EMPTY: ScheduleFormValues = scheduleFormValues(null);
const values = (overrides: Partial<ScheduleFormValues>) => ({
  title: 'Goa',
  ...EMPTY,
  ...overrides,
});

/** A request schema with one other field, as the forms' contract schemas have many. */
const schema = z.strictObject({ title: z.string().min(1), ...scheduleFieldsSchema.shape });

const errorsOf = (result: z.ZodSafeParseResult<unknown>) =>
  result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path[0], i.message]));

describe('scheduleFormValues', () => {
  it('shows a stored time as its IST date and time, whatever its offset; empty when none', () => {
    expect(
      scheduleFormValues({ publishAt: '2030-06-01T00:00:00.000Z', unpublishAt: null }),
    ).toEqual({
      publishDate: '2030-06-01',
      publishTime: '05:30:00',
      unpublishDate: '',
      unpublishTime: '',
      publishAt: '',
      unpublishAt: '',
    });
    expect(scheduleFormValues({ unpublishAt: '2030-06-30T23:00:00+05:30' })).toMatchObject({
      publishDate: '',
      unpublishDate: '2030-06-30',
      unpublishTime: '23:00:00',
    });
  });
});

describe('enteredTime', () => {
  it("is '' for nothing, the instant at +05:30, or the raw text the contract refuses", () => {
    expect(enteredTime('', '')).toBe('');
    expect(enteredTime('2030-06-01', '00:00')).toBe('2030-06-01T00:00:00+05:30');
    expect(enteredTime('2030-06-01', '')).toBe('2030-06-01T');
    expect(enteredTime('2030-02-30', '10:00')).toBe('2030-02-30T10:00');
  });
});

describe('withScheduleRequest', () => {
  it('sends a new time as IST, leaves the other fields as they are and drops the six inputs', () => {
    const request = withScheduleRequest(
      values({ publishDate: '2030-06-01', publishTime: '00:00:00' }),
      null,
      null,
    );
    expect(request).toEqual({ title: 'Goa', publishAt: '2030-06-01T00:00:00+05:30' });
  });

  it('leaves out a time equal to the stored one (the same instant in another notation)', () => {
    const stored = { publishAt: '2030-05-31T18:30:00.000Z', unpublishAt: null };
    expect(withScheduleRequest(values(scheduleFormValues(stored)), stored, null)).toEqual({
      title: 'Goa',
    });
  });

  it('clears an emptied stored time with null (JSON) or an empty text (multipart)', () => {
    const stored = { publishAt: '2030-05-31T18:30:00.000Z', unpublishAt: '2030-07-01T00:00:00Z' };
    const emptied = values({
      ...scheduleFormValues(stored),
      unpublishDate: '',
      unpublishTime: '',
    });
    expect(withScheduleRequest(emptied, stored, null)).toEqual({
      title: 'Goa',
      unpublishAt: null,
    });
    expect(withScheduleRequest(emptied, stored, '')).toEqual({ title: 'Goa', unpublishAt: '' });
  });
});

describe('withScheduleRules', () => {
  const check = (input: Record<string, unknown>, stored: Parameters<typeof withScheduleRules>[1]) =>
    errorsOf(withScheduleRules(schema, stored).safeParse({ title: 'Goa', ...input }));

  it('refuses a new time in the past on its field, with the contract texts', () => {
    expect(
      check(
        { publishAt: '2020-01-01T10:00:00+05:30', unpublishAt: '2020-01-02T10:00:00+05:30' },
        null,
      ),
    ).toEqual({
      publishAt: SCHEDULE_TEXTS.publishInPast,
      unpublishAt: SCHEDULE_TEXTS.unpublishInPast,
    });
  });

  it('refuses an unpublish time not after the publish time, sent or stored', () => {
    expect(
      check(
        { publishAt: '2030-06-02T00:00:00+05:30', unpublishAt: '2030-06-01T00:00:00+05:30' },
        null,
      ),
    ).toEqual({ unpublishAt: SCHEDULE_TEXTS.unpublishBeforePublish });
    expect(
      check(
        { unpublishAt: '2030-06-01T00:00:00+05:30' },
        { publishAt: '2030-06-01T00:00:00+05:30' },
      ),
    ).toEqual({ unpublishAt: SCHEDULE_TEXTS.unpublishBeforePublish });
    // A cleared publish time leaves the stored unpublish time alone.
    expect(check({ publishAt: null }, { unpublishAt: '2030-06-01T00:00:00+05:30' })).toEqual({});
  });

  it('accepts future times, nothing, and a half-filled time gets the contract message', () => {
    expect(
      check(
        { publishAt: '2030-06-01T00:00:00+05:30', unpublishAt: '2030-06-02T00:00:00+05:30' },
        null,
      ),
    ).toEqual({});
    expect(check({}, { publishAt: '2020-01-01T00:00:00Z' })).toEqual({});
    expect(check({ publishAt: '2030-06-01T' }, null)).toEqual({
      publishAt: 'Choose a valid date and time',
    });
  });

  it('still says the schedule errors while another field is wrong', () => {
    const result = withScheduleRules(schema, null).safeParse({
      title: '',
      publishAt: '2020-01-01T10:00:00+05:30',
    });
    expect(errorsOf(result)).toMatchObject({ publishAt: SCHEDULE_TEXTS.publishInPast });
  });
});
