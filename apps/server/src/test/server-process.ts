import { spawn } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { mkdtemp, readdir, readFile, readlink, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_PATHS } from '@safarnama/contract';
import { embeddedPaths, isAlive } from '../db/embedded-postgres.js';
import { freePort } from '../lib/free-port.js';
import { makeJpeg, multipart } from './images.js';

export { freePort };

/**
 * The real server entry (src/main.ts, through tsx) as a child process on a free port with its own
 * data dir: for the tests that need whole processes (start-up, SIGTERM, two nodes).
 */

/** Polls `probe` until it gives a value (errors count as "not yet"). */
export const until = async <T>(
  probe: () => Promise<T | undefined>,
  timeoutMs: number,
): Promise<T> => {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

export const TEST_SERVER_ADMIN = {
  email: 'process-admin@safarnama.test',
  password: 'Process-test-password-42',
};

/**
 * The processes whose parent is `parent` and whose command line names the server's entry: the
 * server workers of a primary (ops/workers.ts). Read from /proc (Linux).
 */
export const workerPidsOf = async (parent: number): Promise<number[]> => {
  const pids: number[] = [];
  for (const entry of await readdir('/proc').catch(() => [] as string[])) {
    if (!/^\d+$/u.test(entry)) continue;
    const [stat, cmdline] = await Promise.all([
      readFile(`/proc/${entry}/stat`, 'utf8').catch(() => ''),
      readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => ''),
    ]);
    // pid (comm) state ppid …: the comm may hold spaces, so read after its closing parenthesis.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (ppid === parent && cmdline.includes('main.ts')) pids.push(Number(entry));
  }
  return pids;
};

/**
 * How many established TCP connections on local port `port` each of `pids` holds (from /proc:
 * the sockets among a process's descriptors, matched by inode against /proc/net/tcp{,6}).
 */
export const connectionsHeldBy = async (pids: number[], port: number): Promise<number[]> => {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const text = await readFile(table, 'utf8').catch(() => '');
    for (const line of text.split('\n').slice(1)) {
      const f = line.trim().split(/\s+/u);
      // local_address is hex ip:port, st 01 is ESTABLISHED, the inode is the tenth field.
      if (f[1]?.endsWith(`:${hexPort}`) && f[3] === '01' && f[9]) inodes.add(f[9]);
    }
  }
  return Promise.all(
    pids.map(async (pid) => {
      const fds = await readdir(`/proc/${pid}/fd`).catch(() => [] as string[]);
      const links = await Promise.all(
        fds.map((fd) => readlink(`/proc/${pid}/fd/${fd}`).catch(() => '')),
      );
      return links.filter((link) => inodes.has(link.slice('socket:['.length, -1))).length;
    }),
  );
};

export interface ServerProcess {
  base: string;
  dataDir: string;
  /** The process started (with SERVER_WORKERS above 1, the primary). */
  pid: number;
  /** stdout and stderr so far. */
  output: () => string;
  exited: Promise<number | null>;
  signal: (name: NodeJS.Signals) => void;
  /** Resolves once /api/ready answers 200. */
  ready: (timeoutMs?: number) => Promise<void>;
  /**
   * Kills it (if still running), waits for it and for the postmaster of its embedded database to
   * be gone, and removes its data dir.
   */
  dispose: () => Promise<void>;
}

export const startServerProcess = async (env: Record<string, string>): Promise<ServerProcess> => {
  const dataDir = await mkdtemp(join(tmpdir(), 'safarnama-process-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const main = fileURLToPath(new URL('../main.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      ADMIN_EMAIL: TEST_SERVER_ADMIN.email,
      ADMIN_PASSWORD: TEST_SERVER_ADMIN.password,
      LOG_LEVEL: 'warn',
      SCHEDULER_INTERVAL_MS: '0',
      WEB_DIST: join(dataDir, 'no-web'),
      // One process unless the test asks for workers (ops/workers.test.ts does).
      SERVER_WORKERS: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.once('error', () => resolve(null)); // never spawned: no 'exit' follows
  });
  return {
    base,
    dataDir,
    pid: child.pid ?? 0,
    output: () => output,
    exited,
    signal: (name) => child.kill(name),
    ready: async (timeoutMs = 30_000) => {
      await until(async () => {
        const res = await fetch(`${base}/api/ready`);
        return res.status === 200 ? true : undefined;
      }, timeoutMs);
    },
    dispose: async () => {
      // The postmaster outlives a killed server by up to its watchdog's tick, writing into the
      // data dir meanwhile: removing it before then fails with ENOTEMPTY. Its pid is read before
      // the kill and again after the exit (a server killed while starting may start it late).
      const postmasterPid = () =>
        readFile(join(embeddedPaths(dataDir).cluster, 'postmaster.pid'), 'utf8')
          .then((text) => Number.parseInt(text.split('\n')[0] ?? '', 10))
          .catch(() => undefined);
      const before = await postmasterPid();
      // Workers of a primary (SERVER_WORKERS) are killed with it, not left to drain.
      const workers = child.pid ? await workerPidsOf(child.pid) : [];
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      for (const pid of workers) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
      await exited;
      for (const pid of new Set([before, await postmasterPid(), ...workers])) {
        if (pid !== undefined) await until(async () => (isAlive(pid) ? undefined : true), 30_000);
      }
      await rm(dataDir, { recursive: true, force: true, maxRetries: 5 });
    },
  };
};

/** Signs in through HTTP and answers the bearer token. */
export const signInOver = async (base: string, who = TEST_SERVER_ADMIN): Promise<string> => {
  const res = await fetch(`${base}/api/v1/admin/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ data: who }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { token: string } }).data.token;
};

/** A country upload of which only the first 1000 bytes are sent until `finish()`. */
export const startSlowUpload = async (
  base: string,
  token: string,
  country: { name: string; shortName: string },
) => {
  const { payload, headers } = await multipart([
    { name: 'name', value: country.name },
    { name: 'shortName', value: country.shortName },
    { name: 'image', data: await makeJpeg(300, 200) },
  ]);
  const url = new URL(`${base}${API_PATHS.service.addCountry}`);
  const req = httpRequest({
    host: url.hostname,
    port: url.port,
    path: url.pathname,
    method: 'POST',
    headers: {
      ...headers,
      'content-length': String(payload.length),
      authorization: `Bearer ${token}`,
    },
  });
  const answer = new Promise<{ status: number; body: string } | { error: string }>((resolve) => {
    req.on('response', (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', (err) => resolve({ error: err.message }));
  });
  req.write(payload.subarray(0, 1000));
  return { answer, finish: () => req.end(payload.subarray(1000)) };
};
