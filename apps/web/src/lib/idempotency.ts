import { IDEMPOTENCY_HEADER } from '@safarnama/contract';

/** A fresh `Idempotency-Key`: one per form opened, kept across retries of that form. */
export const newIdempotencyKey = (): string => crypto.randomUUID();

/**
 * The header a create sends its key in (the server answers a repeat with the first answer instead
 * of creating twice); nothing without a key.
 */
export const idempotencyHeaders = (key: string | undefined): Record<string, string> =>
  key ? { [IDEMPOTENCY_HEADER]: key } : {};
