import { z } from 'zod';

/**
 * The version an update was edited from: a whole number, or its text (multipart forms, query-like
 * bodies). Optional: API clients that send none still update (and the server logs it).
 */
export const editVersionSchema = z.union([
  z.number().int().min(1).max(2_147_483_647),
  z
    .string()
    .trim()
    .regex(/^[1-9]\d{0,9}$/, 'version must be a whole number')
    .transform(Number),
]);
