import { z } from 'zod';
import { DEPENDANT_KINDS } from './dependants.js';
import { formBooleanSchema } from './forms.js';

/** Issue 24: the schemas of "where used" (the types and texts are in `media-usage.ts`). */
export const mediaUsageItemSchema = z.object({
  kind: z.enum(DEPENDANT_KINDS),
  _id: z.string(),
  name: z.string(),
  field: z.string().optional(),
  link: z.string(),
});

export const mediaUsageSchema = z.object({
  count: z.number().int().min(0),
  items: z.array(mediaUsageItemSchema),
  owner: z
    .object({
      kind: z.enum(['imageLibrary', 'itinerary', 'placeDetails']),
      _id: z.string(),
      name: z.string(),
      link: z.string(),
    })
    .optional(),
});

/** The usage answers' `data`. */
export const mediaUsageAnswerSchema = z.object({ usage: mediaUsageSchema });

/**
 * The query of the deletes that may remove references (`?force=true`); strict, so a typo is a 400.
 * Only 'true' / 'false'.
 */
export const forceQuerySchema = z.strictObject({ force: formBooleanSchema.optional() });
