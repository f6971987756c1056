import type { Envelope } from '@safarnama/contract';

/** The success envelope `{ status, success: true, message, data }` (DESIGN §3). */
export const ok = <T>(data: T, message = 'OK', status = 200): Envelope<T> => ({
  status,
  success: true,
  message,
  data,
});
