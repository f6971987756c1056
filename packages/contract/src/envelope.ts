import { z } from 'zod';
import { DEPENDANT_KINDS } from './dependants.js';
import { mediaUsageSchema } from './media-usage-schema.js';

/** Error codes of the API (DESIGN §3). One code per failure class, mapped to one HTTP status. */
export const ERROR_CODES = {
  VALIDATION_ERROR: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** An update named a version someone else has saved over (issue 21). */
  EDIT_CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** The same Idempotency-Key with a different request. */
  IDEMPOTENCY_MISMATCH: 422,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_CODES;
export const errorCodeSchema = z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]);

/** One field-level problem: `path` is dotted from the payload root (inside `data`), e.g. `email`. */
export const fieldErrorSchema = z.object({
  path: z.string(),
  message: z.string(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** Every successful answer: `{ status, success: true, message, data }`. */
export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({
    status: z.number().int(),
    success: z.literal(true),
    message: z.string(),
    data,
  });
export type Envelope<T> = { status: number; success: true; message: string; data: T };

/**
 * A single record's `data`: the record sits under `data.data` (spec §7: "for one library
 * data.data.title"). Every route that answers one record uses this; lists answer
 * `data.<plural>` + `data.pagination`, and actions without a record `data: null` or a named object.
 */
export const recordSchema = <T extends z.ZodType>(record: T) => z.object({ data: record });
export type RecordData<T> = { data: T };

/**
 * Every failure: `{ status, success: false, message, code, details?, data? }`. `data` carries what
 * the caller needs to act on some refusals (the current record of an `EDIT_CONFLICT`, the things
 * a restore misses).
 */
export const errorEnvelopeSchema = z.object({
  status: z.number().int(),
  success: z.literal(false),
  message: z.string(),
  code: errorCodeSchema,
  details: z.array(fieldErrorSchema).optional(),
  data: z.unknown().optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/** What a delete answers in `data` (`{_id, id}`, the deleted record's id twice, as spec §4 reads it). */
export const deletedRecordSchema = z.object({ _id: z.string(), id: z.string() });

/**
 * A refused delete (409, issue 20): the error envelope with `data.dependants`, what still depends
 * on the record grouped by kind (full count, the first names; `dependants.ts`). Other 409s of the
 * same route carry no `data`. Issue 24: an image or library in use adds `data.usage`, every use
 * with its field and link (`media-usage.ts`).
 */
export const dependantsErrorSchema = errorEnvelopeSchema.extend({
  data: z
    .object({
      dependants: z.array(
        z.object({
          kind: z.enum(DEPENDANT_KINDS),
          count: z.number().int().positive(),
          items: z.array(z.object({ _id: z.string(), name: z.string() })),
        }),
      ),
      usage: mediaUsageSchema.optional(),
    })
    .optional(),
});

/** Request bodies are wrapped under a `data` key (spec §7); unknown keys are rejected. */
export const requestSchema = <T extends z.ZodType>(data: T) => z.strictObject({ data });

/** Reads the message of an error envelope, whatever shape the failure took. */
export const isErrorEnvelope = (value: unknown): value is ErrorEnvelope =>
  errorEnvelopeSchema.safeParse(value).success;
