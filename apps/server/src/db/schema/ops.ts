import { sql } from 'drizzle-orm';
import {
  bigserial,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id, stamp } from './columns.js';
import { ownerAdminId } from './identity.js';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * `Idempotency-Key` of creates (issue 10): the first answer is kept 24 hours and replayed for a
 * repeat with the same key and body; the same key with another body is refused (422).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: id(),
    adminId: ownerAdminId(),
    key: text('key').notNull(),
    /** `POST /api/v1/…`: a key belongs to one route. */
    route: text('route').notNull(),
    /** SHA-256 of the raw request body. */
    requestHash: text('request_hash').notNull(),
    /** Null while the first request is still running. */
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    createdAt: createdAt(),
    expiresAt: stamp('expires_at').notNull(),
  },
  (t) => [
    uniqueIndex('idempotency_keys_admin_key').on(t.adminId, t.key),
    index('idempotency_keys_expires_idx').on(t.expiresAt),
  ],
);

/**
 * The global API rate limit shared by every server process (PostgreSQL): each process adds its
 * own count for the current window about once a second and reads back the total.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').notNull(),
    windowStart: stamp('window_start').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.key, t.windowStart] }),
    index('rate_limit_counters_window_idx').on(t.windowStart),
  ],
);

/** socket.io's PostgreSQL adapter: payloads too big for NOTIFY (its documented table). */
export const socketIoAttachments = pgTable('socket_io_attachments', {
  id: bigserial('id', { mode: 'number' }).unique(),
  createdAt: stamp('created_at').default(sql`now()`),
  payload: bytea('payload'),
});
