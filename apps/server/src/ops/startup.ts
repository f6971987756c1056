import { createServer } from 'node:http';
import type { DatabaseHandle } from '../db/client.js';

/**
 * Start-up with the database away (SECURITY 22): instead of dying, the process says so and tries
 * again with backoff (1 s, 2 s, 4 s … 30 s). Meanwhile a stand-in HTTP server on the real port
 * answers `/api/health` 200 and everything else, `/api/ready` included, 503 in the API envelope,
 * so an orchestrator sees a live process that is not ready yet.
 */
export const BACKOFF_MS = [1000, 2000, 4000, 8000, 16_000, 30_000] as const;

const envelope = (status: number, message: string, data?: unknown) =>
  JSON.stringify(
    status < 300
      ? { status, success: true, message, data }
      : { status, success: false, message, code: 'SERVICE_UNAVAILABLE' },
  );

const reasonOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

export const waitForDatabase = async (
  database: DatabaseHandle,
  options: {
    port: number;
    host: string;
    say: (line: string) => void;
    backoffMs?: readonly number[];
  },
): Promise<void> => {
  const backoff = options.backoffMs ?? BACKOFF_MS;
  try {
    await database.ping(5000);
    return;
  } catch (err) {
    options.say(`The database cannot be reached (${reasonOf(err)}).`);
  }

  let lastError = 'not reached yet';
  const standIn = createServer((req, res) => {
    const health = req.url === '/api/health';
    res.writeHead(health ? 200 : 503, {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      ...(health ? {} : { 'retry-after': '5' }),
    });
    res.end(
      health
        ? envelope(200, 'OK', { status: 'ok', uptime: process.uptime() })
        : envelope(503, `Starting: waiting for the database (${lastError})`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    standIn.once('error', reject);
    standIn.listen(options.port, options.host, () => resolve());
  });
  try {
    for (let attempt = 0; ; attempt++) {
      const wait = backoff[Math.min(attempt, backoff.length - 1)] ?? 30_000;
      options.say(`Retrying in ${Math.round(wait / 1000)} s…`);
      await new Promise((resolve) => setTimeout(resolve, wait));
      try {
        await database.ping(5000);
        options.say('The database answers: starting.');
        return;
      } catch (err) {
        lastError = reasonOf(err);
        options.say(`Still cannot reach the database (${lastError}).`);
      }
    }
  } finally {
    standIn.closeAllConnections();
    await new Promise<void>((resolve) => standIn.close(() => resolve()));
  }
};
