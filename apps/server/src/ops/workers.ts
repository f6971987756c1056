import cluster, { type Worker } from 'node:cluster';
import { availableParallelism } from 'node:os';

/**
 * Several HTTP processes on one port (SERVER_WORKERS, issue 22's list budget): one Node event loop
 * is one core, and on PostgreSQL it was the bottleneck — at 10 connections the server's loop was
 * ~93 % busy while the machine still had a third of a core idle. The primary process opens the
 * database (it runs the embedded PostgreSQL, if that is the engine), migrates it and creates the
 * first admin, then forks the workers (node:cluster; the primary accepts connections and hands
 * them out in turn) and serves nothing itself. Each worker is a whole server on the shared
 * database, as two nodes behind a load balancer are (issue 10: sessions, permissions, throttles
 * and the rate limit in the database, sockets through the PostgreSQL adapter). A WebSocket is one
 * connection, so it stays on one worker; the web client speaks only WebSocket for that reason
 * (`SOCKET_CLIENT_OPTIONS`).
 */

/** `SERVER_WORKERS=auto` starts one worker per core, at most this many. */
export const MAX_AUTO_WORKERS = 4;

/** The environment variable a forked worker finds its index in (0 runs the background duties). */
export const WORKER_INDEX_ENV = 'SERVER_WORKER_INDEX';

/** Restart waits for a worker that keeps dying, in ms (reset once one has run a minute). */
export const WORKER_RESTART_BACKOFF_MS = [0, 1000, 2000, 5000, 10_000, 30_000] as const;
const STEADY_MS = 60_000;

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
  if (!cluster.isWorker) return undefined;
  const index = Number(process.env[WORKER_INDEX_ENV]);
  return Number.isInteger(index) && index >= 0 ? index : undefined;
};

/** What a worker sends the primary once it listens. */
export const READY_MESSAGE = 'safarnama:worker-ready';

/** Tells the primary this worker listens (no-op outside a cluster). */
export const reportReady = (): void => {
  process.send?.(READY_MESSAGE);
};

export interface WorkerPool {
  /** Sends SIGTERM to every worker and resolves once all have exited: true if all exited 0. */
  stop(signal: NodeJS.Signals, timeoutMs: number): Promise<boolean>;
  /** The workers' process ids (tests). */
  pids(): number[];
}

/**
 * Forks `count` workers with `env` added and resolves once every one listens. A worker that
 * exits while the pool is not stopping is replaced (at once the first time, then with growing
 * waits while it keeps dying). A worker that dies before it ever listened fails the start.
 */
export const startWorkers = async ({
  count,
  env,
  say,
}: {
  count: number;
  env: Record<string, string>;
  say: (line: string) => void;
}): Promise<WorkerPool> => {
  const running = new Map<number, Worker>();
  let stopping = false;

  /** Starts worker `index` again after the wait its `attempt` calls for. */
  const restart = (index: number, attempt: number) => {
    const wait =
      WORKER_RESTART_BACKOFF_MS[Math.min(attempt, WORKER_RESTART_BACKOFF_MS.length - 1)] ?? 0;
    setTimeout(() => {
      if (stopping) return;
      fork(index, attempt).then(
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
  const fork = (index: number, attempt = 0): Promise<Worker> =>
    new Promise((resolve, reject) => {
      const startedAt = Date.now();
      const worker = cluster.fork({ ...env, [WORKER_INDEX_ENV]: String(index) });
      let ready = false;
      worker.on('message', (message: unknown) => {
        if (message !== READY_MESSAGE || ready) return;
        ready = true;
        running.set(index, worker);
        resolve(worker);
      });
      worker.once('exit', (code, signal) => {
        if (running.get(index) === worker) running.delete(index);
        const how = signal ?? `exit ${String(code)}`;
        if (!ready) {
          reject(new Error(`server worker ${index + 1} stopped before it listened (${how})`));
          return;
        }
        if (stopping) return;
        const next = Date.now() - startedAt >= STEADY_MS ? 0 : attempt + 1;
        say(
          `Server worker ${index + 1} (pid ${String(worker.process.pid)}) stopped (${how}); starting another.`,
        );
        restart(index, next);
      });
    });

  try {
    await Promise.all(Array.from({ length: count }, (_, index) => fork(index)));
  } catch (err) {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
    throw err;
  }

  return {
    pids: () => [...running.values()].map((w) => w.process.pid ?? 0),
    stop: async (signal, timeoutMs) => {
      stopping = true;
      // The live ones: a worker killed earlier (and replaced) is no part of this stop.
      const workers = Object.values(cluster.workers ?? {}).filter(
        (w): w is Worker => !!w && !w.isDead(),
      );
      const exits = workers.map(
        (worker) =>
          new Promise<boolean>((resolve) =>
            // One still starting has no handler yet and ends by the signal itself: also clean.
            worker.once('exit', (code, by) => resolve(code === 0 || by === signal)),
          ),
      );
      for (const worker of workers) worker.process.kill(signal);
      const late = setTimeout(() => {
        for (const worker of workers) if (!worker.isDead()) worker.process.kill('SIGKILL');
      }, timeoutMs);
      const results = await Promise.all(exits);
      clearTimeout(late);
      return results.every(Boolean);
    },
  };
};
