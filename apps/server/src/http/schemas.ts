import { z } from 'zod';
import {
  deletedRecordSchema,
  dependantsErrorSchema,
  envelopeSchema,
  errorEnvelopeSchema,
} from '@safarnama/contract';

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503;

/** Error answers a route documents in OpenAPI; all share the contract's error envelope. */
export const errorResponses = <S extends ErrorStatus>(...statuses: S[]) =>
  Object.fromEntries(statuses.map((s) => [s, errorEnvelopeSchema])) as Record<
    S,
    typeof errorEnvelopeSchema
  >;

/**
 * The schema of a guarded delete, `DELETE …/delete-<thing>/{id}` (issue 20): `{_id, id}`, 404 for an
 * unknown or malformed id, 409 with `data.dependants` while something uses the record.
 */
export const deleteRecordSchema = (tags: string[], summary: string) => ({
  tags,
  summary,
  params: z.strictObject({ id: z.string().max(100) }),
  response: {
    200: envelopeSchema(deletedRecordSchema),
    ...errorResponses(401, 403, 404),
    409: dependantsErrorSchema,
  },
});
