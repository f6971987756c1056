import type { Envelope, RecordData } from '@safarnama/contract';

/** The success envelope `{ status, success: true, message, data }` (DESIGN §3). */
export const ok = <T>(data: T, message = 'OK', status = 200): Envelope<T> => ({
  status,
  success: true,
  message,
  data,
});

/** The answer for one record: `{ …, data: { data: record } }` (contract `recordSchema`). */
export const okRecord = <T>(record: T, message = 'OK', status = 200): Envelope<RecordData<T>> =>
  ok({ data: record }, message, status);
