import { join } from 'node:path';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { openDatabase } from './db/client.js';
import { createPasswordHasher } from './lib/password.js';
import { createLocalStorage } from './media/storage.js';
import { ensureFirstSuperAdmin, type FirstAdminResult } from './modules/admins/admins.bootstrap.js';

/** How long a graceful stop may take before the process gives up and exits with 1. */
const SHUTDOWN_GRACE_MS = 15_000;

const banner = (config: Config, first: FirstAdminResult) => {
  const lines = [`Safarnama back-office is running at ${config.publicUrl}`];
  if (first.created) {
    lines.push('', 'First super admin created:', `  e-mail:   ${first.email}`);
    lines.push(
      first.generatedPassword
        ? `  password: ${first.generatedPassword}`
        : '  password: the ADMIN_PASSWORD you set',
    );
    if (first.generatedPassword) {
      lines.push('', 'This password is shown only once. Sign in and change it.');
    }
  }
  const width = Math.max(...lines.map((l) => l.length)) + 4;
  const rule = '='.repeat(width);
  return `\n${rule}\n${lines.map((l) => `  ${l}`).join('\n')}\n${rule}\n`;
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
  });
  await database.migrate();
  const hasher = createPasswordHasher();
  const first = await ensureFirstSuperAdmin(database.db, hasher, {
    email: config.adminEmail,
    password: config.adminPassword,
  });

  const storage = createLocalStorage(join(config.dataDir, 'uploads'));
  const app = await buildApp({
    config: { ...config, outboxDir: join(config.dataDir, 'outbox') },
    database,
    hasher,
    storage,
  });
  await app.services.auth.warmUp();
  await app.listen({ port: config.port, host: config.host });
  process.stdout.write(banner(config, first));

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('graceful shutdown timed out');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    timer.unref();
    try {
      await app.close(); // in-flight requests finish; new ones get 503
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
