import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { openDatabase } from './db/open-database.js';
import { createPasswordHasher } from './lib/password.js';
import { openStorage } from './media/open-storage.js';
import { waitForDatabase } from './ops/startup.js';
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
const banner = (config: Config, first: FirstAdminResult) => {
  const lines = [`Safarnama back-office is running at ${config.publicUrl}`];
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

const main = async () => {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onError: (err) => process.stderr.write(`database connection error: ${err.message}\n`),
    say: (line) => process.stderr.write(`${line}\n`),
    embedded: config.db.embedded,
    serverPort: config.port,
    queryTimeoutMs: config.db.queryTimeoutMs,
    maintenanceTimeoutMs: config.db.maintenanceTimeoutMs,
  });
  // An unreachable database is waited for (with a stand-in answering 503 on the port).
  await waitForDatabase(database, {
    port: config.port,
    host: config.host,
    say: (line) => process.stderr.write(`${line}\n`),
  });
  await database.migrate();
  const hasher = createPasswordHasher();
  const first = await ensureFirstSuperAdmin(database.db, hasher, {
    email: config.adminEmail,
    password: config.adminPassword,
    noteFile: initialAdminFilePath(config.dataDir),
    signInUrl: signInUrl(config),
  });

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
  await app.listen({ port: config.port, host: config.host });
  process.stdout.write(banner(config, first));
  // The marketing poller (SCHEDULER_INTERVAL_MS, 0 = this node sends nothing); app.close() stops it.
  if (config.schedulerIntervalMs > 0) {
    app.services.marketing.scheduler.start();
    // Scheduled publishing (issue 21): publishes, unpublishes and homepage lineups.
    app.services.schedule.scheduler.start();
  }
  // Issue 23: rows whose content-quality codes were computed under older rules (all of them after
  // the migration) are computed again in the background, by one process (modules/quality).
  app.services.quality.start();
  // Issue 24: images stored before it get their difference hash and crops, in the background.
  app.services.media.start();

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
};

main().catch((err: unknown) => {
  process.stderr.write(`Failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
