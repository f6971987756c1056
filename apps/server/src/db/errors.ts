/** Walks an error and its `cause` chain (Drizzle wraps driver errors in DrizzleQueryError). */
const chain = (err: unknown): Record<string, unknown>[] => {
  const out: Record<string, unknown>[] = [];
  let current: unknown = err;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    out.push(current as Record<string, unknown>);
    current = (current as { cause?: unknown }).cause;
  }
  return out;
};

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EAI_AGAIN',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
  '57014', // query_canceled: statement_timeout (DB_QUERY_TIMEOUT_MS) ran out
]);
const UNAVAILABLE_MESSAGES =
  /PGlite is closed|Connection terminated|timeout exceeded when trying to connect|Cannot use a pool after calling end|Database ping timed out|Client has encountered a connection error|Query read timeout/i;

/** True when the database could not be reached at all (answered as 503, not 500). */
export const isDatabaseUnavailable = (err: unknown): boolean =>
  chain(err).some((e) => {
    const code = typeof e.code === 'string' ? e.code : '';
    const message = typeof e.message === 'string' ? e.message : '';
    return (
      UNAVAILABLE_CODES.has(code) || code.startsWith('08') || UNAVAILABLE_MESSAGES.test(message)
    );
  });

/**
 * True when the database could not read or write its own files: the disk is full (53100), an
 * I/O error (class 58), or a file it may not open any more (42501 "could not open file …", as on
 * a folder made read-only). Answered as 503: nothing was changed, and it passes once storage is
 * back. (Our one database user owns everything, so 42501 never means a missing grant here.)
 */
export const isStorageFault = (err: unknown): boolean =>
  chain(err).some((e) => {
    const code = typeof e.code === 'string' ? e.code : '';
    const message = typeof e.message === 'string' ? e.message : '';
    return (
      code === '53100' ||
      code.startsWith('58') ||
      (code === '42501' && /could not (open|create|write|extend|read|fsync)/i.test(message))
    );
  });

/** True for a unique-constraint violation (optionally of one named constraint or index). */
export const isUniqueViolation = (err: unknown, constraint?: string): boolean =>
  chain(err).some(
    (e) =>
      e.code === '23505' &&
      (constraint === undefined ||
        e.constraint === constraint ||
        String(e.message).includes(constraint)),
  );

/** True for a foreign-key violation (optionally of one named constraint). */
export const isForeignKeyViolation = (err: unknown, constraint?: string): boolean =>
  chain(err).some(
    (e) =>
      e.code === '23503' &&
      (constraint === undefined ||
        e.constraint === constraint ||
        String(e.message).includes(constraint)),
  );

/**
 * True when a delete was refused because rows still reference the row: a foreign key ON DELETE
 * RESTRICT answers 23001 (restrict_violation), one with NO ACTION 23503.
 */
export const isStillReferenced = (err: unknown): boolean =>
  chain(err).some((e) => e.code === '23001' || e.code === '23503');
