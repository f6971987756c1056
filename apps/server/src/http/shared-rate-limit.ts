import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { rowsOf, type Database } from '../db/client.js';

/**
 * A store for @fastify/rate-limit shared by every server process through PostgreSQL (issue 10).
 * Windows are fixed and aligned to the clock, so every process agrees on them. Each process
 * answers from memory (no database round trip per request): what the others counted, as of the
 * last sync, plus its own count since. About once a second it adds its own counts to
 * `rate_limit_counters` in one statement and reads the totals back. A client spread over N
 * processes can therefore exceed the limit by at most what it sends in one sync interval.
 */
interface Entry {
  windowStart: number;
  /** Counted here and not yet written. */
  pending: number;
  /** Every process's count in this window, as of the last sync (this one's included). */
  shared: number;
}

type Callback = (err: Error | null, result: { current: number; ttl: number }) => void;

export interface SharedRateLimit {
  /** The class to give @fastify/rate-limit as `store`. */
  Store: FastifyRateLimitStoreCtor;
  /** Writes pending counts now (tests; also runs on a timer). */
  sync(): Promise<void>;
  stop(): Promise<void>;
}

/** Keys kept in memory; the least recently seen go first beyond this. */
const MAX_KEYS = 10_000;

export const createSharedRateLimit = ({
  db,
  timeWindowMs,
  syncMs = 1000,
  log,
}: {
  db: Database;
  timeWindowMs: number;
  syncMs?: number;
  log?: FastifyBaseLogger;
}): SharedRateLimit => {
  const entries = new Map<string, Entry>();
  const windowOf = (now: number) => Math.floor(now / timeWindowMs) * timeWindowMs;
  let lastCleanup = 0;
  let running: Promise<void> | null = null;

  const incr = (key: string, cb: Callback, timeWindow: number) => {
    const now = Date.now();
    const windowStart = windowOf(now);
    let entry = entries.get(key);
    if (!entry || entry.windowStart !== windowStart) {
      entry = { windowStart, pending: 0, shared: 0 };
    }
    entry.pending += 1;
    // Re-inserted: the Map's order is the recency order for the eviction below.
    entries.delete(key);
    entries.set(key, entry);
    if (entries.size > MAX_KEYS) {
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
    cb(null, {
      current: entry.shared + entry.pending,
      ttl: Math.max(1, windowStart + Math.min(timeWindow, timeWindowMs) - now),
    });
  };

  const syncOnce = async () => {
    const windowStart = windowOf(Date.now());
    const live = [...entries].filter(([, e]) => e.windowStart === windowStart);
    for (const [key, e] of entries) if (e.windowStart !== windowStart) entries.delete(key);
    if (live.length === 0) return;
    const at = new Date(windowStart);
    // Counts are taken out before the write; what arrives meanwhile waits for the next sync.
    const sent = live.map(([key, e]) => {
      const n = e.pending;
      e.pending = 0;
      return { key, n };
    });
    try {
      const values = sql.join(
        sent.map(({ key, n }) => sql`(${key}, ${at}, ${n})`),
        sql`, `,
      );
      const result = await db.execute(sql`
        insert into rate_limit_counters (key, window_start, count) values ${values}
        on conflict (key, window_start)
        do update set count = rate_limit_counters.count + excluded.count
        returning key, count`);
      for (const row of rowsOf(result)) {
        const entry = entries.get(String(row.key));
        if (entry && entry.windowStart === windowStart) entry.shared = Number(row.count);
      }
      if (Date.now() - lastCleanup > 60_000) {
        lastCleanup = Date.now();
        await db.execute(
          sql`delete from rate_limit_counters where window_start < ${new Date(windowStart - timeWindowMs)}`,
        );
      }
    } catch (err) {
      // The database is away: keep counting here and try again at the next sync.
      for (const { key, n } of sent) {
        const entry = entries.get(key);
        if (entry && entry.windowStart === windowStart) entry.pending += n;
      }
      log?.warn({ err }, 'could not share rate-limit counts');
    }
  };

  const sync = async () => {
    while (running) await running;
    running = syncOnce().finally(() => {
      running = null;
    });
    await running;
  };

  const timer = setInterval(() => void sync(), syncMs);
  timer.unref();

  class Store implements FastifyRateLimitStore {
    incr(key: string, cb: Callback, timeWindow: number) {
      incr(key, cb, timeWindow);
    }
    /** Routes with their own limits would share these counts: the app defines none. */
    child(): FastifyRateLimitStore {
      return this;
    }
  }

  return {
    Store,
    sync,
    stop: async () => {
      clearInterval(timer);
      await sync();
    },
  };
};
