import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** What every query runs against; the PGlite and node-postgres databases both satisfy it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A repository function takes either the database or the transaction it should join. */
export type Executor = Database | Tx;

/** The rows of a raw `db.execute(sql…)` (node-postgres and PGlite both answer `{rows}`). */
export const rowsOf = (result: unknown): Record<string, unknown>[] =>
  (result as { rows?: Record<string, unknown>[] }).rows ?? [];

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'postgres';
  /**
   * A PostgreSQL that other processes may share (DATABASE_URL): the pool, from which the
   * socket.io adapter takes its LISTEN connection and the rate limit shares its counts. Absent for
   * the embedded engines, which serve this one process.
   */
  pool?: pg.Pool;
  /**
   * The embedded PostgreSQL server this process runs (db/embedded-postgres.ts); `url` is how the
   * server's worker processes reach it (ops/workers.ts).
   */
  embedded?: { version: string; url: string; running(): boolean };
  /** Applies the drizzle-kit migrations found in `folder` (default: {@link migrationsFolder}). */
  migrate(folder?: string): Promise<void>;
  /** `select 1` with a time limit; rejects when the database cannot answer in time. */
  ping(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * The migrations live in src/db/migrations; the bundle (dist/main.js) carries a copy in
 * dist/migrations. Whichever exists next to this code is used.
 */
export const migrationsFolder = (): string => {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [join(here, 'migrations'), join(here, 'db', 'migrations')];
  const found = candidates.find((dir) => existsSync(join(dir, 'meta', '_journal.json')));
  if (!found) throw new Error(`No migrations folder found (looked in ${candidates.join(', ')})`);
  return found;
};

const withTimeout = async <T>(promise: Promise<T>, ms: number, what: string): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
};

export interface PgliteOptions {
  /** Directory of the database files; omitted = in memory. */
  dataDir?: string;
  /** A tarball from `dumpDataDir()` to start from (tests clone a migrated template this way). */
  loadDataDir?: Blob | File;
}

export const openPglite = async (
  options: PgliteOptions = {},
): Promise<DatabaseHandle & { client: PGlite }> => {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: { pg_trgm },
  });
  const db = drizzlePglite({ client, schema });
  let closed = false;
  return {
    db,
    client,
    driver: 'pglite',
    migrate: (folder = migrationsFolder()) => migratePglite(db, { migrationsFolder: folder }),
    ping: async (timeoutMs = 2000) => {
      await withTimeout(db.execute(sql`select 1`), timeoutMs, 'Database ping');
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
};

const MIGRATION_LOCK = 'safarnama:migrations';

export interface PostgresOptions {
  max?: number;
  onError?: (err: Error) => void;
  /** How long a new connection may take before the call fails (503); default 5 s. */
  connectTimeoutMs?: number;
  /**
   * The longest one statement may run (server-side `statement_timeout`), with a client-side
   * limit one second later for a connection that stops answering; past it the call fails (503).
   * Unset: no limit (tests of their own tables).
   */
  queryTimeoutMs?: number;
  /** Migrations run on their own connection with this limit instead (default 30 minutes). */
  maintenanceTimeoutMs?: number;
}

/** pg's statement and read time-outs for a limit in ms (none for undefined). */
const timeouts = (ms: number | undefined) =>
  ms === undefined ? {} : { statement_timeout: ms, query_timeout: ms + 1000 };

export const openPostgres = (
  url: string,
  options: PostgresOptions = {},
): DatabaseHandle & { pool: pg.Pool } => {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    // A database that cannot be reached answers 503 within this time instead of hanging.
    connectionTimeoutMillis: options.connectTimeoutMs ?? 5000,
    idleTimeoutMillis: 30_000,
    ...timeouts(options.queryTimeoutMs),
  });
  // A client losing its connection must not crash the process: idle ones report through the
  // pool, and every client gets its own listener too, since a checked-out client (the socket.io
  // adapter's LISTEN connection) would otherwise throw its 'error' event.
  pool.on('error', (err) => options.onError?.(err));
  pool.on('connect', (client) => {
    client.on('error', (err) => options.onError?.(err));
  });
  const db = drizzlePg({ client: pool, schema });
  let closed = false;
  return {
    db,
    pool,
    driver: 'postgres',
    // Several processes starting together: one migrates, the others wait for it (a session
    // advisory lock; the migrations run on that same connection).
    // Its own connection, with the maintenance limit instead of the API's (a migration may
    // rewrite a large table).
    migrate: async (folder = migrationsFolder()) => {
      const client = new pg.Client({
        connectionString: url,
        connectionTimeoutMillis: options.connectTimeoutMs ?? 5000,
        ...timeouts(options.maintenanceTimeoutMs ?? 1_800_000),
      });
      client.on('error', (err) => options.onError?.(err));
      await client.connect();
      try {
        await client.query('select pg_advisory_lock(hashtext($1))', [MIGRATION_LOCK]);
        await migratePg(drizzlePg({ client, schema }), { migrationsFolder: folder });
      } finally {
        await client
          .query('select pg_advisory_unlock(hashtext($1))', [MIGRATION_LOCK])
          .catch(() => undefined);
        await client.end().catch(() => undefined);
      }
    },
    ping: async (timeoutMs = 2000) => {
      await withTimeout(db.execute(sql`select 1`), timeoutMs, 'Database ping');
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
};
