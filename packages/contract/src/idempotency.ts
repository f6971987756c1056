/**
 * `Idempotency-Key` on creates (issue 10, SECURITY 21): a create (an answer of 201) sent again
 * with the same key and the same body within 24 hours answers the first answer again, marked by
 * the `Idempotent-Replayed: true` header, without creating anything; the same key with another
 * body answers 422; while the first is still running, 409. Keys belong to the signed-in admin.
 * Zod-free.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_REPLAYED_HEADER = 'idempotent-replayed';
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
export const IDEMPOTENCY_KEY_MAX = 255;

export const IDEMPOTENCY_MESSAGES = {
  invalidKey: `Idempotency-Key must be 1 to ${IDEMPOTENCY_KEY_MAX} visible characters`,
  mismatch: 'This Idempotency-Key was already used with a different request',
  inProgress: 'A request with this Idempotency-Key is still being processed. Try again shortly.',
} as const;
