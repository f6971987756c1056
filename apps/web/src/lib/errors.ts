import type { ErrorEnvelope, FieldError } from '@safarnama/contract';
import { showToast } from './toast';

export const NETWORK_ERROR_MESSAGE =
  'Cannot reach the server. Check your connection and try again.';

/** The shape RTK Query's fetchBaseQuery rejects with (without importing RTK here). */
interface QueryError {
  status: number | string;
  data?: unknown;
  error?: string;
}

/**
 * Structural check of the contract's error envelope. Not `isErrorEnvelope` (zod) on purpose: this
 * runs in the first bundle, and importing any zod-built export of the contract here would pull
 * all of zod into it.
 */
const isErrorEnvelope = (value: unknown): value is ErrorEnvelope => {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return (
    candidate.success === false &&
    typeof candidate.status === 'number' &&
    typeof candidate.message === 'string' &&
    typeof candidate.code === 'string' &&
    (candidate.details === undefined || Array.isArray(candidate.details))
  );
};

const isQueryError = (value: unknown): value is QueryError =>
  typeof value === 'object' && value !== null && 'status' in value;

/** The error envelope inside any failure a call can produce, if there is one. */
export const getErrorEnvelope = (error: unknown) => {
  if (isErrorEnvelope(error)) return error;
  if (isQueryError(error) && isErrorEnvelope(error.data)) return error.data;
  return null;
};

/** True when the server could not be reached at all (offline, refused, proxy down, timeout). */
export const isNetworkError = (error: unknown): boolean => {
  if (!isQueryError(error)) return false;
  if (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR') return true;
  if (typeof error.status === 'number') return error.status >= 502 && error.status <= 504;
  // A proxy answering 5xx with an HTML page instead of our envelope.
  if (error.status === 'PARSING_ERROR' && 'originalStatus' in error) {
    const original = (error as { originalStatus?: number }).originalStatus ?? 0;
    return original >= 500;
  }
  return false;
};

/** The HTTP status of a failed call, or null when there was no HTTP answer. */
export const getErrorStatus = (error: unknown): number | null => {
  const envelope = getErrorEnvelope(error);
  if (envelope) return envelope.status;
  if (isQueryError(error) && typeof error.status === 'number') return error.status;
  return null;
};

/** One place that turns any failure into the text a person reads. */
export const getErrorMessage = (error: unknown, fallback: string): string => {
  const envelope = getErrorEnvelope(error);
  if (envelope?.message) return envelope.message;
  if (isNetworkError(error)) return NETWORK_ERROR_MESSAGE;
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'object' && error !== null && 'message' in error) {
    const message = (error as { message?: unknown }).message;
    if (typeof message === 'string' && message) return message;
  }
  return fallback;
};

/** Field errors of a 400 answer, keyed by their path inside `data` (e.g. `email`). */
export const getFieldErrors = (error: unknown): Record<string, string> => {
  const details: FieldError[] = getErrorEnvelope(error)?.details ?? [];
  const result: Record<string, string> = {};
  for (const detail of details) {
    if (!(detail.path in result)) result[detail.path] = detail.message;
  }
  return result;
};

/** Shows a failure as an error toast. */
export const toastError = (error: unknown, fallback: string): void => {
  showToast('error', getErrorMessage(error, fallback));
};

/**
 * True when the server answered with a non-success HTTP status (spec §8's "non-success status"),
 * false when there was no usable answer at all (the "exception" case: offline, time-out, a proxy
 * that could not reach us).
 */
export const wasAnswered = (error: unknown): boolean => {
  if (getErrorEnvelope(error)) return true;
  if (!isQueryError(error) || isNetworkError(error)) return false;
  if (typeof error.status === 'number') return true;
  return error.status === 'PARSING_ERROR' && 'originalStatus' in error;
};
