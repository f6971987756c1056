import { existsSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/open-database.js';
import { openStorage } from '../media/open-storage.js';
import { BackupError, restoreBackup, writeBackup } from './backup.js';

/**
 * `npm run backup -- [--out FILE]` and `npm run restore -- FILE [--yes]` (root package.json),
 * configured like the server (DATA_DIR, DATABASE_URL, APP_SECRET). See ops/backup.ts.
 */
const USAGE = `Usage:
  npm run backup -- [--out FILE]     write a backup (default: ./safarnama-backup-<time>.jsonl.gz)
  npm run restore -- FILE [--yes]    replace the database and uploads with FILE (stop the server first)`;

const say = (text: string) => process.stdout.write(`${text}\n`);

/** Relative paths are relative to where npm was run (INIT_CWD), like DATA_DIR. */
const fromCwd = (path: string) =>
  isAbsolute(path) ? path : resolve(process.env.INIT_CWD ?? process.cwd(), path);

const confirm = async (question: string): Promise<boolean> => {
  if (!process.stdin.isTTY) return false;
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return /^y(es)?$/i.test((await rl.question(`${question} [y/N] `)).trim());
  } finally {
    rl.close();
  }
};

/** A server still answering on this port would be writing the same (embedded) database. */
const serverAnswers = async (port: number): Promise<boolean> => {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`, {
      signal: AbortSignal.timeout(1000),
    });
    return res.ok;
  } catch {
    return false;
  }
};

const main = async (): Promise<number> => {
  const [command, ...rest] = process.argv.slice(2);
  const { values, positionals } = parseArgs({
    args: rest,
    options: { out: { type: 'string' }, yes: { type: 'boolean', default: false } },
    allowPositionals: true,
  });
  const config = loadConfig();
  const storage = await openStorage(config);
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `${config.dataDir}/db`;
  const opening = {
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    embedded: config.db.embedded,
    say,
    // A backup or restore reads or writes every table: the maintenance limit, not the API's.
    queryTimeoutMs: config.db.maintenanceTimeoutMs,
    maintenanceTimeoutMs: config.db.maintenanceTimeoutMs,
  };

  if (command === 'backup') {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const out = fromCwd(values.out ?? `safarnama-backup-${stamp}.jsonl.gz`);
    const database = await openDatabase({
      ...opening,
      // A running server's embedded database is read through that server's cluster.
      joinRunning: true,
    });
    try {
      const summary = await writeBackup({ database, storage, out, appSecret: config.appSecret });
      const rows = Object.values(summary.tables).reduce((a, b) => a + b, 0);
      say(`Backup of ${where} written to ${out}`);
      say(`  ${Object.keys(summary.tables).length} tables, ${rows} rows, ${summary.files} files`);
      say('  Keep APP_SECRET (DATA_DIR/app-secret) with it: 2FA and channel secrets need it.');
    } finally {
      await database.close();
    }
    return 0;
  }

  if (command === 'restore') {
    const [file] = positionals;
    if (!file) {
      say(USAGE);
      return 2;
    }
    const path = fromCwd(file);
    if (!existsSync(path)) throw new BackupError(`No such file: ${path}`);
    if (!config.databaseUrl && (await serverAnswers(config.port))) {
      throw new BackupError(`A server is running on port ${config.port}: stop it first`);
    }
    if (!values.yes && !(await confirm(`Replace everything in ${where} with ${path}?`))) {
      say('Nothing was changed (pass --yes to restore without asking).');
      return 1;
    }
    const database = await openDatabase(opening);
    try {
      await database.migrate();
      const result = await restoreBackup({
        database,
        storage,
        file: path,
        appSecret: config.appSecret,
      });
      const rows = Object.values(result.tables).reduce((a, b) => a + b, 0);
      say(`Restored ${path} into ${where}`);
      say(`  ${rows} rows, ${result.files} files (${result.removedFiles} files not in it removed)`);
      if (result.secretMatches === false) {
        say(
          '  Warning: the backup was made under another APP_SECRET; 2FA secrets, channel passwords and push keys will not open until that APP_SECRET is set.',
        );
      }
    } finally {
      await database.close();
    }
    return 0;
  }

  say(USAGE);
  return 2;
};

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    const known = err instanceof BackupError || err instanceof ConfigError;
    process.stderr.write(
      `${known ? (err as Error).message : `Failed: ${err instanceof Error ? err.message : String(err)}`}\n`,
    );
    process.exit(1);
  },
);
