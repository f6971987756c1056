import { execFile, spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@safarnama/contract';
import { MESSAGES } from '../http/errors.js';
import { ensureSuperAdminRole } from '../modules/roles/roles.repo.js';
import { loginAs, makeAdmin } from '../test/factories.js';
import { createTestApp } from '../test/harness.js';
import { freePort, signInOver, startServerProcess, until } from '../test/server-process.js';
import { openPglite, rowsOf } from './client.js';
import {
  embeddedPaths,
  findBinaries,
  isAlive,
  openEmbeddedCluster,
  usableBinaries,
  type Binaries,
} from './embedded-postgres.js';
import { openDatabase } from './open-database.js';

/**
 * The embedded default (db/embedded-postgres.ts): a PostgreSQL server run by this process from
 * the npm binaries. Each test makes its own DATA_DIR.
 */
let bin: Binaries;
const dirs: string[] = [];
const lines: string[] = [];
const say = (line: string) => lines.push(line);

const newDataDir = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'safarnama-embedded-'));
  await chmod(dir, 0o711); // as root the cluster runs as another user
  dirs.push(dir);
  return dir;
};

const postmasterPid = async (dataDir: string) =>
  Number.parseInt(
    (await readFile(join(embeddedPaths(dataDir).cluster, 'postmaster.pid'), 'utf8')).split(
      '\n',
    )[0] ?? '',
    10,
  );

beforeAll(async () => {
  const found = await findBinaries();
  if (!found) throw new Error('no PostgreSQL binaries for this platform');
  bin = found;
});
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true, maxRetries: 5 });
});

describe('the embedded PostgreSQL', () => {
  it('is made on first start, refuses a second server on the same DATA_DIR, and restarts', async () => {
    const dataDir = await newDataDir();
    const database = await openDatabase({ databaseUrl: undefined, dataDir, say });
    expect(database.embedded?.version).toMatch(/^\d+\.\d+/);
    await database.migrate();
    const [row] = rowsOf(await database.db.execute(sql`select current_setting('fsync') as f`));
    expect(row?.f).toBe('on'); // the product's cluster keeps every commit on disk
    const state = JSON.parse(await readFile(embeddedPaths(dataDir).state, 'utf8')) as {
      password: string;
    };
    expect(state.password.length).toBeGreaterThanOrEqual(24);
    expect(lines.join('\n')).toContain('Created the embedded database');

    await expect(openDatabase({ databaseUrl: undefined, dataDir, say })).rejects.toThrow(
      `Another Safarnama server (pid ${process.pid}`,
    );

    await database.close();
    expect(existsSync(embeddedPaths(dataDir).lock)).toBe(false);
    const again = await openDatabase({ databaseUrl: undefined, dataDir, say });
    await again.ping();
    await again.close();
  }, 60_000);

  it('starts the postmaster again when it dies under the server (calls fail meanwhile)', async () => {
    const dataDir = await newDataDir();
    const database = await openDatabase({ databaseUrl: undefined, dataDir, say });
    try {
      const first = await postmasterPid(dataDir);
      process.kill(first, 'SIGKILL');
      await until(async () => (database.embedded?.running() ? undefined : true), 5000);
      await expect(database.ping(1000)).rejects.toThrow();
      await until(async () => (database.embedded?.running() ? true : undefined), 20_000);
      await until(async () => {
        await database.ping(1000);
        return true;
      }, 10_000);
      expect(await postmasterPid(dataDir)).not.toBe(first);
      expect(lines.join('\n')).toContain('The embedded database is running again.');
    } finally {
      await database.close();
    }
  }, 60_000);

  it('stops a postmaster left behind without its server before starting', async () => {
    const dataDir = await newDataDir();
    const made = await openEmbeddedCluster(bin, { dataDir, say });
    await made.stop();
    // A postmaster running on the folder with no server holding the lock (as after a kill -9
    // of server and watchdog together, or on Windows): started by hand here.
    const { uid, gid } = statSync(embeddedPaths(dataDir).cluster);
    const stray = spawn(
      (await usableBinaries(bin)).postgres,
      [
        '-D',
        embeddedPaths(dataDir).cluster,
        '-p',
        String(await freePort()),
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'unix_socket_directories=',
      ],
      {
        ...(process.getuid?.() === 0 ? { uid, gid } : {}),
        stdio: 'ignore',
        detached: true,
      },
    );
    stray.once('error', (err) => lines.push(`stray: ${err.message}`));
    stray.unref();
    const strayPid = await until(async () => {
      const pid = await postmasterPid(dataDir);
      return pid === stray.pid ? pid : undefined;
    }, 10_000);
    const database = await openDatabase({ databaseUrl: undefined, dataDir, say });
    try {
      expect(isAlive(strayPid)).toBe(false);
      expect(lines.join('\n')).toContain(
        `The embedded database (pid ${strayPid}) was left running`,
      );
      await database.ping();
    } finally {
      await database.close();
    }
  }, 60_000);

  it('refuses a cluster made by another major version with what to do', async () => {
    const dataDir = await newDataDir();
    const made = await openEmbeddedCluster(bin, { dataDir, say, unsafeNoSync: true });
    await made.stop();
    const version = join(embeddedPaths(dataDir).cluster, 'PG_VERSION');
    await writeFile(version, `${bin.major - 1}\n`);
    await expect(openDatabase({ databaseUrl: undefined, dataDir, say })).rejects.toThrow(
      `was made by PostgreSQL ${bin.major - 1}; this release runs PostgreSQL ${bin.major}. Start the release that made it, take a backup (npm run backup)`,
    );
    expect(existsSync(embeddedPaths(dataDir).lock)).toBe(false);
  }, 60_000);
});

describe('storage that fails under the running server (issue 18)', () => {
  it('answers 503 with what happened, keeps /api/health, and answers again once storage is back', async () => {
    const dataDir = await newDataDir();
    const database = await openDatabase({ databaseUrl: undefined, dataDir, say });
    await database.migrate();
    await ensureSuperAdminRole(database.db);
    const t = await createTestApp({ database });
    const cluster = embeddedPaths(dataDir).cluster;
    try {
      const who = await makeAdmin(t.database.db, t.hasher, { superAdmin: true });
      const { headers } = await loginAs(t.app, who);
      const listBlogs = () =>
        t.app.inject({ method: 'GET', url: API_PATHS.service.listBlogs, headers });
      // The files of a table no connection has opened yet become unwritable (chmod as on a
      // folder remounted read-only): PostgreSQL opens table files for writing, reads included.
      const [file] = rowsOf(
        await database.db.execute(sql`select pg_relation_filepath('place_blogs') as path`),
      );
      const blogsFile = join(cluster, String(file?.path));
      await chmod(blogsFile, 0o400);
      await database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and pid <> pg_backend_pid()`,
      );
      try {
        const failing = await until(async () => {
          const res = await listBlogs();
          return res.statusCode === 503 ? res : undefined;
        }, 10_000);
        expect(failing.json()).toEqual({
          status: 503,
          success: false,
          code: 'SERVICE_UNAVAILABLE',
          message: MESSAGES.storage,
        });
        expect((await t.app.inject({ method: 'GET', url: API_PATHS.health })).statusCode).toBe(200);
        const ready = await t.app.inject({ method: 'GET', url: API_PATHS.ready });
        expect([ready.statusCode, ready.json<{ message: string }>().message]).toEqual([
          503,
          MESSAGES.storage,
        ]);
      } finally {
        await chmod(blogsFile, 0o600);
      }
      expect((await listBlogs()).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  }, 60_000);
});

describe('a DATA_DIR made by the PGlite default of earlier releases', () => {
  const seedPglite = async (dataDir: string) => {
    const old = await openPglite({ dataDir: embeddedPaths(dataDir).cluster });
    await old.migrate();
    await ensureSuperAdminRole(old.db);
    await old.db.execute(
      sql`insert into user_types (id, name, description) values (gen_random_uuid(), 'Travel desk', 'from PGlite')`,
    );
    await old.close();
  };
  const userTypeNames = async (database: Awaited<ReturnType<typeof openDatabase>>) =>
    rowsOf(await database.db.execute(sql`select name from user_types order by name`)).map((r) =>
      String(r.name),
    );

  it('moves into the new cluster on first start, keeping the old folder', async () => {
    const dataDir = await newDataDir();
    await seedPglite(dataDir);
    const database = await openDatabase({ databaseUrl: undefined, dataDir, say });
    try {
      expect(await userTypeNames(database)).toContain('Travel desk');
      expect(existsSync(join(embeddedPaths(dataDir).pgliteKept, 'PG_VERSION'))).toBe(true);
      const log = lines.join('\n');
      expect(log).toContain('Moving the embedded database from PGlite to PostgreSQL');
      expect(log).toMatch(/Copied \d+ tables, \d+ rows from PGlite into PostgreSQL\./);
      expect(log).toContain(`kept in ${embeddedPaths(dataDir).pgliteKept}`);
    } finally {
      await database.close();
    }
    // The next start uses the new cluster as it is.
    const again = await openDatabase({ databaseUrl: undefined, dataDir, say });
    expect(await userTypeNames(again)).toContain('Travel desk');
    await again.close();
  }, 90_000);

  it('starts over when the move was cut short, and copies each row once', async () => {
    const dataDir = await newDataDir();
    await seedPglite(dataDir);
    // A move that dies after the copy, before it is committed.
    await expect(
      openEmbeddedCluster(bin, { dataDir, say }, async () => {
        throw new Error('power cut');
      }),
    ).rejects.toThrow('power cut');
    expect(existsSync(embeddedPaths(dataDir).state)).toBe(false);
    expect(existsSync(join(embeddedPaths(dataDir).cluster, 'PG_VERSION'))).toBe(true);

    const database = await openDatabase({ databaseUrl: undefined, dataDir, say });
    try {
      const names = await userTypeNames(database);
      expect(names.filter((n) => n === 'Travel desk')).toHaveLength(1);
    } finally {
      await database.close();
    }
  }, 90_000);
});

describe('the server process on the embedded default', () => {
  it('npm run backup while the server runs reads through its cluster; a second server is refused', async () => {
    const server = await startServerProcess({});
    try {
      await server.ready(60_000);
      const cli = fileURLToPath(new URL('../ops/backup-cli.ts', import.meta.url));
      const out = join(server.dataDir, 'while-running.jsonl.gz');
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', cli, 'backup', '--out', out],
        {
          cwd: dirname(cli),
          env: { ...process.env, DATA_DIR: server.dataDir, DATABASE_URL: '' },
          timeout: 60_000,
        },
      );
      expect(stdout).toContain(`written to ${out}`);
      expect(existsSync(out)).toBe(true);

      const second = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', fileURLToPath(new URL('../main.ts', import.meta.url))],
        {
          env: { ...process.env, DATA_DIR: server.dataDir, DATABASE_URL: '', PORT: '0' },
          timeout: 60_000,
        },
      ).catch((err: { code?: number; stderr?: string }) => err);
      expect(second).toMatchObject({ code: 1 });
      expect((second as { stderr: string }).stderr).toContain('Another Safarnama server (pid');
      // The first one still answers.
      expect((await fetch(`${server.base}/api/ready`)).status).toBe(200);
    } finally {
      await server.dispose();
    }
  }, 120_000);

  it('kill -9 under write load: the database goes with it, the next start is clean, every acknowledged write is there', async () => {
    const first = await startServerProcess({});
    const { dataDir } = first;
    try {
      await first.ready(60_000);
      const token = await signInOver(first.base);
      const acknowledged: string[] = [];
      let stop = false;
      const writer = async (lane: number) => {
        for (let n = 0; !stop; n++) {
          const name = `Desk ${lane}-${n}`;
          const res = await fetch(`${first.base}${API_PATHS.manage.addUserType}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify({ data: { name } }),
          }).catch(() => undefined);
          if (res?.status === 201) acknowledged.push(name);
          else if (res === undefined) return;
        }
      };
      const writers = [0, 1, 2, 3].map(writer);
      await until(async () => (acknowledged.length >= 40 ? true : undefined), 30_000);
      const pgPid = await postmasterPid(dataDir);
      first.signal('SIGKILL');
      stop = true;
      await Promise.all(writers);
      await first.exited;
      // The watchdog takes the postmaster down with the server.
      await until(async () => (isAlive(pgPid) ? undefined : true), 15_000);

      const database = await openDatabase({ databaseUrl: undefined, dataDir, say });
      try {
        const stored = new Set(
          rowsOf(await database.db.execute(sql`select name from user_types`)).map((r) =>
            String(r.name),
          ),
        );
        const missing = acknowledged.filter((name) => !stored.has(name));
        expect(missing).toEqual([]);
      } finally {
        await database.close();
      }
    } finally {
      await first.dispose();
    }
  }, 120_000);
});
