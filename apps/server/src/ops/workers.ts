import { fork, type ChildProcess } from 'node:child_process';
import type { Server as HttpServer } from 'node:http';
import { createServer, Socket, type Server } from 'node:net';
import { availableParallelism } from 'node:os';

/**
 * Several HTTP processes behind one port (SERVER_WORKERS, issue 22's list budget): one Node event
 * loop is one core, and on PostgreSQL it was the bottleneck — at 10 connections the server's loop
 * was ~93 % busy while the machine still had a third of a core idle. The primary process opens the
 * database (it runs the embedded PostgreSQL, if that is the engine), migrates it and creates the
 * first admin, then forks the workers and serves nothing itself: it accepts each connection on the
 * public port and hands it (the socket itself, over the IPC channel) to the worker holding the
 * fewest open connections. node:cluster's round-robin hands connections to whichever worker
 * acknowledged the previous one first, which split ten keep-alive connections 7/3 in one of four
 * rounds (the busier worker then sets the latency); counting open connections kept them 5/5. Each
 * worker is a whole server on the shared database, as two nodes behind a load balancer are (issue
 * 10: sessions, permissions, throttles and the rate limit in the database, sockets through the
 * PostgreSQL adapter). A WebSocket is one connection, so it stays with one worker; the web client
 * speaks only WebSocket for that reason (`SOCKET_CLIENT_OPTIONS`).
 */

/** `SERVER_WORKERS=auto` starts one worker per core, at most this many. */
export const MAX_AUTO_WORKERS = 4;

/** The environment variable a forked worker finds its index in (0 runs the background duties). */
const WORKER_INDEX_ENV = 'SERVER_WORKER_INDEX';

/** Restart waits for a worker that keeps dying, in ms (reset once one has run a minute). */
const WORKER_RESTART_BACKOFF_MS = [0, 1000, 2000, 5000, 10_000, 30_000] as const;
const STEADY_MS = 60_000;

/** IPC messages between the primary and its workers. */
const READY = 'safarnama:worker-ready';
const CONNECTION = 'safarnama:connection';
const CLOSED = 'safarnama:connection-closed';

/** How many worker processes to run: PGlite lives inside one process, so it always gets one. */
export const workerCount = (
  setting: 'auto' | number,
  driver: 'pglite' | 'postgres',
  cores: number = availableParallelism(),
): number => {
  if (driver === 'pglite') return 1;
  if (setting === 'auto') return Math.max(1, Math.min(cores, MAX_AUTO_WORKERS));
  return setting;
};

/** This process's index among the workers, or undefined when it is not a forked worker. */
export const workerIndex = (): number | undefined => {
  if (!process.send) return undefined; // no IPC channel: not forked by a primary
  const raw = process.env[WORKER_INDEX_ENV];
  const index = raw === undefined ? Number.NaN : Number(raw);
  return Number.isInteger(index) && index >= 0 ? index : undefined;
};

const tell = (message: string) => {
  if (process.connected) process.send?.(message);
};

/**
 * In a worker: serve the connections the primary hands over on `server` (whose own listener is a
 * private loopback port: listening sets up Node's request and header time-outs), then tell the
 * primary this worker is ready. Each handed connection's end is reported back (the primary
 * counts open connections per worker).
 */
export const serveHandedConnections = (server: HttpServer): void => {
  process.on('message', (message: unknown, handle: unknown) => {
    if (message !== CONNECTION || !(handle instanceof Socket)) return;
    handle.once('close', () => tell(CLOSED));
    server.emit('connection', handle);
    handle.resume();
  });
  tell(READY);
};

export interface WorkerPool {
  /**
   * Signals every worker and resolves once all have exited (a worker still there after
   * `timeoutMs` is killed): true if each stopped cleanly. Connections keep being handed to the
   * workers while they drain (they answer 503 and close); the port closes once all are gone.
   */
  stop(signal: NodeJS.Signals, timeoutMs: number): Promise<boolean>;
}

const alive = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

interface Slot {
  child: ChildProcess;
  ready: boolean;
  open: number;
}

/**
 * Forks `count` workers (this process's entry script and node options, `env` added), waits until
 * every one is ready, then listens on `port`/`host` and hands each connection to the ready worker
 * with the fewest open connections. A worker that exits while the pool is not stopping is
 * replaced (at once the first time, then with growing waits while it keeps dying). A worker that
 * dies before it was ever ready fails the start.
 */
export const startWorkers = async ({
  count,
  env,
  port,
  host,
  say,
}: {
  count: number;
  env: Record<string, string>;
  port: number;
  host: string;
  say: (line: string) => void;
}): Promise<WorkerPool> => {
  const slots = new Map<number, Slot>();
  let stopping = false;
  const script = process.argv[1];
  if (!script) throw new Error('no entry script to start the server workers from');

  /** Starts worker `index` again after the wait its `attempt` calls for. */
  const restart = (index: number, attempt: number) => {
    const wait =
      WORKER_RESTART_BACKOFF_MS[Math.min(attempt, WORKER_RESTART_BACKOFF_MS.length - 1)] ?? 0;
    setTimeout(() => {
      if (stopping) return;
      start(index, attempt).then(
        () => say(`Server worker ${index + 1} is running again.`),
        (err: unknown) => {
          if (stopping) return;
          say(`Server worker ${index + 1} could not start again: ${(err as Error).message}`);
          restart(index, attempt + 1);
        },
      );
    }, wait);
  };

  /** `attempt`: how many times in a row this worker has stopped without running a minute. */
  const start = (index: number, attempt = 0): Promise<void> =>
    new Promise((resolve, reject) => {
      const startedAt = Date.now();
      const child = fork(script, process.argv.slice(2), {
        execArgv: process.execArgv,
        env: { ...process.env, ...env, [WORKER_INDEX_ENV]: String(index) },
      });
      const slot: Slot = { child, ready: false, open: 0 };
      slots.set(index, slot);
      child.on('message', (message: unknown) => {
        if (message === CLOSED) slot.open = Math.max(0, slot.open - 1);
        else if (message === READY && !slot.ready) {
          slot.ready = true;
          resolve();
        }
      });
      child.once('exit', (code, signal) => {
        if (slots.get(index) === slot) slots.delete(index);
        const how = signal ?? `exit ${String(code)}`;
        if (!slot.ready) {
          reject(new Error(`server worker ${index + 1} stopped before it was ready (${how})`));
          return;
        }
        if (stopping) return;
        const next = Date.now() - startedAt >= STEADY_MS ? 0 : attempt + 1;
        say(
          `Server worker ${index + 1} (pid ${String(child.pid)}) stopped (${how}); starting another.`,
        );
        restart(index, next);
      });
    });

  const killAll = () => {
    for (const { child } of slots.values()) if (alive(child)) child.kill('SIGKILL');
  };

  try {
    await Promise.all(Array.from({ length: count }, (_, index) => start(index)));
  } catch (err) {
    stopping = true;
    killAll();
    throw err;
  }

  /** The ready worker with the fewest open connections (the lowest number on a tie). */
  const pick = (): Slot | undefined => {
    let best: Slot | undefined;
    for (const slot of slots.values()) {
      if (!slot.ready || !slot.child.connected) continue;
      if (!best || slot.open < best.open) best = slot;
    }
    return best;
  };

  const listener: Server = createServer({ pauseOnConnect: true }, (socket) => {
    const slot = pick();
    if (!slot) {
      socket.destroy();
      return;
    }
    slot.open += 1;
    slot.child.send(CONNECTION, socket, { keepOpen: false }, (err) => {
      if (!err) return;
      slot.open = Math.max(0, slot.open - 1);
      socket.destroy();
    });
  });
  try {
    await new Promise<void>((resolve, reject) => {
      listener.once('error', reject);
      listener.listen(port, host, () => {
        listener.off('error', reject);
        resolve();
      });
    });
  } catch (err) {
    stopping = true;
    killAll();
    throw err;
  }

  return {
    stop: async (signal, timeoutMs) => {
      stopping = true;
      const running = [...slots.values()].filter(({ child }) => alive(child));
      const exits = running.map(
        ({ child }) =>
          new Promise<boolean>((resolve) =>
            // One still starting has no handler yet and ends by the signal itself: also clean.
            child.once('exit', (code, by) => resolve(code === 0 || by === signal)),
          ),
      );
      for (const { child } of running) child.kill(signal);
      const late = setTimeout(killAll, timeoutMs);
      const results = await Promise.all(exits);
      clearTimeout(late);
      // Not waited for: a handed connection counts on this listener until its worker reported
      // it closed, which a worker that is gone never does.
      listener.close();
      return results.every(Boolean);
    },
  };
};
