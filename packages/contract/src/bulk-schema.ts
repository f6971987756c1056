import { z } from 'zod';
import { BULK_ACTIONS, BULK_ENTITIES, BULK_LIMIT, BULK_MESSAGES, BULK_STATUSES } from './bulk.js';

/**
 * Issue 24: the bulk call's body inside `data` (`requestSchema(bulkRequestSchema)`, strict: an
 * unknown key, entity or action, no id, more than `BULK_LIMIT` ids or an id that is not a uuid →
 * 400) and its answer's `data`.
 */
export const bulkRequestSchema = z.strictObject({
  entity: z.enum(BULK_ENTITIES),
  action: z.enum(BULK_ACTIONS),
  ids: z
    .array(z.uuid(BULK_MESSAGES.badId))
    .min(1, BULK_MESSAGES.noIds)
    .max(BULK_LIMIT, BULK_MESSAGES.tooMany),
});

export const bulkResultSchema = z.object({
  _id: z.string(),
  status: z.enum(BULK_STATUSES),
  message: z.string().optional(),
});

const count = z.number().int().min(0);

export const bulkOutcomeSchema = z.object({
  results: z.array(bulkResultSchema),
  summary: z.object({ done: count, forbidden: count, not_found: count, in_use: count }),
});
