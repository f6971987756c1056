import { useCallback, useState } from 'react';
import { IDEMPOTENCY_HEADER } from '@safarnama/contract';

/** A fresh `Idempotency-Key`: one per form opened, kept across retries of that form. */
const newIdempotencyKey = (): string => crypto.randomUUID();

/**
 * The `Idempotency-Key` of an opened form's create (the one way keys are made): made when the form
 * opens, kept across failed retries, `renew()` after a success (the next create is a new one).
 */
export const useIdempotencyKey = (): { key: string; renew: () => void } => {
  const [key, setKey] = useState(newIdempotencyKey);
  const renew = useCallback(() => {
    setKey(newIdempotencyKey());
  }, []);
  return { key, renew };
};

/**
 * The header a create sends its key in (the server answers a repeat with the first answer instead
 * of creating twice); nothing without a key.
 */
export const idempotencyHeaders = (key: string | undefined): Record<string, string> =>
  key ? { [IDEMPOTENCY_HEADER]: key } : {};
