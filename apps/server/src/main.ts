import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import { openDatabase } from './db/open-database.js';
import { createPasswordHasher, type PasswordHasher } from './lib/password.js';
import { openStorage } from './media/open-storage.js';
import { waitForDatabase } from './ops/startup.js';
import { serveHandedConnections, startWorkers, workerCount, workerIndex } from './ops/workers.js';
import { ensureFirstSuperAdmin, type FirstAdminResult } from './modules/admins/admins.bootstrap.js';
import { initialAdminFilePath, initialAdminText } from './modules/identity/initial-admin-file.js';

/** After the drain: how long closing sockets, listener and database may take before exit 1. */
const CLOSE_GRACE_MS = 3000;

const frame = (lines: string[]) => {
  const width = Math.max(...lines.map((l) => l.length)) + 4;
  const rule = '='.repeat(width);
  return `\n${rule}\n${lines.map((l) => (l ? `  ${l}` : '')).join('\n')}\n${rule}\n`;
};

const signInUrl = (config: Config) => `${config.publicUrl}/login`;

/** The start banner: the URL and, on the first start, the first super admin's credentials. */
const banner = (config: Config, first: FirstAdminResult, workers = 1) => {
  const lines = [`Safarnama back-office is running at ${config.publicUrl}`];
  if (workers > 1) lines.push(`(${workers} server processes on ${config.host}:${config.port})`);
  if (first.note) {
    // The same text as DATA_DIR/initial-admin.txt.
    lines.push('', ...initialAdminText(first.note).trimEnd().split('\n'));
  } else if (first.created) {
    lines.push('', 'First super admin created:', `  Sign in at: ${signInUrl(config)}`);
    lines.push(`  E-mail:     ${first.email}`);
    lines.push(`  Password:   ${first.generatedPassword ?? 'the ADMIN_PASSWORD you set'}`);
    if (first.generatedPassword) {
      lines.push('', 'This password is shown only once. Sign in and change it.');
      if (first.noteError) lines.push(`(It could not be written to a file: ${first.noteError})`);
    }
  } else if (existsSync(initialAdminFilePath(config.dataDir))) {
    lines.push(
      '',
      `The first super admin's generated password is still in ${initialAdminFilePath(config.dataDir)}`,
      '(deleted when that admin changes the password).',
    );
  }
  return frame(lines);
};

const say = (line: string) => {
  process.stderr.write(`${line}\n`);
};

const readConfig = (): Config => {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
};

/**
 * The database of DATABASE_URL or the embedded one; an unreachable one is waited for. A worker
 * waits without taking the public port (its primary holds it and hands connections only to
 * workers that are ready).
 */
const openAndWait = async (config: Config, { worker = false } = {}): Promise<DatabaseHandle> => {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onError: (err) => say(`database connection error: ${err.message}`),
    say,
    embedded: config.db.embedded,
    serverPort: config.port,
    queryTimeoutMs: config.db.queryTimeoutMs,
    maintenanceTimeoutMs: config.db.maintenanceTimeoutMs,
  });
  // An unreachable database is waited for (with a stand-in answering 503 on the port).
  await waitForDatabase(database, {
    port: worker ? 0 : config.port,
    host: worker ? '127.0.0.1' : config.host,
    say,
  });
  return database;
};

/**
 * One whole server on `database`: the app and its listener, and with `background` the schedulers
 * and the start's background sweeps (one process runs those: the only one, or worker 1).
 * SIGTERM / SIGINT drain and stop it; so does the primary going away, for a worker. A worker
 * (`handed`) listens on a private loopback port only (Node's request and header time-outs start
 * with a listener) and serves the connections its primary hands it (ops/workers.ts).
 */
const serve = async (
  config: Config,
  database: DatabaseHandle,
  hasher: PasswordHasher,
  { background, handed }: { background: boolean; handed: boolean },
) => {
  const storage = await openStorage(config);
  const app = await buildApp({
    config: { ...config, outboxDir: join(config.dataDir, 'outbox') },
    database,
    hasher,
    storage,
    rateLimitMax: config.apiRateLimitMax,
    maxInFlight: config.apiMaxInFlight,
  });
  await app.services.auth.warmUp();
  // Web push: the VAPID key pair exists from the first start on (generated and stored once).
  await app.services.push.publicKey();
  if (handed) {
    await app.listen({ port: 0, host: '127.0.0.1' });
    serveHandedConnections(app.server);
  } else {
    await app.listen({ port: config.port, host: config.host });
  }
  if (background) {
    // The marketing poller (SCHEDULER_INTERVAL_MS, 0 = this node sends nothing); app.close()
    // stops it.
    if (config.schedulerIntervalMs > 0) {
      app.services.marketing.scheduler.start();
      // Scheduled publishing (issue 21): publishes, unpublishes and homepage lineups.
      app.services.schedule.scheduler.start();
    }
    // Issue 23: rows whose content-quality codes were computed under older rules (all of them
    // after the migration) are computed again in the background, by one process
    // (modules/quality).
    app.services.quality.start();
    // Issue 24: images stored before it get their difference hash and crops, in the background.
    app.services.media.start();
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('graceful shutdown timed out');
      process.exit(1);
    }, config.shutdownDrainMs + CLOSE_GRACE_MS);
    timer.unref();
    try {
      // The scheduler claims nothing more (its sends in flight finish and release the claim);
      // new requests get 503 while those already running finish; then sockets (told first),
      // the listener and the database close.
      const scheduler = Promise.all([
        app.services.marketing.scheduler.stop(),
        app.services.schedule.scheduler.stop(),
      ]);
      const drained = await app.drain(config.shutdownDrainMs);
      if (!drained) {
        // An upload still arriving (or any call) is cut: its client sees the connection close
        // and nothing half-written stays (each write is one transaction). Then a clean exit.
        app.log.warn(
          { drainMs: config.shutdownDrainMs },
          'requests still running after the drain period were cut; shutting down',
        );
        app.server.closeAllConnections();
      }
      await scheduler;
      await app.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
  // A worker whose primary is gone (killed, say) stops too: nobody would replace it or hand it
  // connections, and the embedded database went with the primary.
  if (handed) process.once('disconnect', () => void stop('primary gone'));
};

/** A forked worker (ops/workers.ts): the primary migrated; DATABASE_URL is the shared database. */
const worker = async (config: Config, index: number) => {
  const database = await openAndWait(config, { worker: true });
  await serve(config, database, createPasswordHasher(), { background: index === 0, handed: true });
};

const main = async () => {
  const config = readConfig();
  const index = workerIndex();
  if (index !== undefined) return worker(config, index);

  const database = await openAndWait(config);
  await database.migrate();
  const hasher = createPasswordHasher();
  const first = await ensureFirstSuperAdmin(database.db, hasher, {
    email: config.adminEmail,
    password: config.adminPassword,
    noteFile: initialAdminFilePath(config.dataDir),
    signInUrl: signInUrl(config),
  });

  const count = workerCount(config.workers, database.driver);
  if (count === 1) {
    if (config.workers !== 'auto' && config.workers > 1) {
      say('SERVER_WORKERS is ignored on PGlite, which runs inside one process.');
    }
    await serve(config, database, hasher, { background: true, handed: false });
    process.stdout.write(banner(config, first));
    return;
  }

  // Several workers: this process keeps the database work of the start (and the embedded
  // PostgreSQL, which stops with it) and serves nothing itself.
  const url = config.databaseUrl ?? database.embedded?.url;
  if (!url) throw new Error('the server workers have no database URL to connect to');
  const workers = await startWorkers({
    count,
    env: { DATABASE_URL: url },
    port: config.port,
    host: config.host,
    say,
  });
  process.stdout.write(banner(config, first, count));

  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    say(`${signal}: stopping the ${count} server workers.`);
    // Each worker drains its own requests (SHUTDOWN_DRAIN_MS) and closes; a worker still there
    // after its own limit and a margin is killed.
    const clean = await workers.stop('SIGTERM', config.shutdownDrainMs + CLOSE_GRACE_MS + 2000);
    try {
      await database.close();
    } catch (err) {
      say(`closing the database failed: ${(err as Error).message}`);
      process.exit(1);
    }
    process.exit(clean ? 0 : 1);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
};

main().catch((err: unknown) => {
  process.stderr.write(`Failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
