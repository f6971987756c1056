import type { FastifyInstance } from 'fastify';
import { MESSAGES, ServiceUnavailable } from './errors.js';

/**
 * Graceful stop (SECURITY 23): `app.drain(ms)` turns new requests away with 503 (and
 * `Connection: close`, so a load balancer moves on) while the listener stays open, then waits for
 * the requests already running to finish, at most `ms`. `app.close()` afterwards closes the
 * sockets and the listener. A closing app (`preClose`) also answers 503.
 */
declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves once no request is running (true) or `timeoutMs` passed (false). */
    drain: (timeoutMs: number) => Promise<boolean>;
  }
}

/** Probes that must answer however busy the server is (and never wait for the database). */
const PROBES = new Set(['/api/health', '/api/ready']);

/** API calls running at once before new ones are turned away (API_MAX_IN_FLIGHT). */
export const DEFAULT_MAX_IN_FLIGHT = 256;

/**
 * Overload (issue 18): past `maxInFlight` API calls running at once, a new one answers 503 with
 * `Retry-After: 1` at once instead of queueing behind the others; the probes and the web app's
 * files are never turned away.
 */
export const registerDrain = (
  app: FastifyInstance,
  { maxInFlight = DEFAULT_MAX_IN_FLIGHT }: { maxInFlight?: number } = {},
) => {
  let closing = false;
  let inFlight = 0;
  let apiInFlight = 0;
  let idle: (() => void) | null = null;

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (closing) {
      reply.header('connection', 'close');
      throw new ServiceUnavailable(MESSAGES.shuttingDown);
    }
    const path = request.url.split('?')[0] ?? '';
    const api = path.startsWith('/api/') && !PROBES.has(path);
    if (api && apiInFlight >= maxInFlight) {
      reply.header('retry-after', '1');
      throw new ServiceUnavailable(MESSAGES.busy);
    }
    inFlight += 1;
    if (api) apiInFlight += 1;
    reply.raw.once('close', () => {
      inFlight -= 1;
      if (api) apiInFlight -= 1;
      if (inFlight === 0) idle?.();
    });
  });
  app.addHook('preClose', async () => {
    closing = true;
  });

  app.decorate('drain', async (timeoutMs: number) => {
    closing = true;
    if (inFlight === 0) return true;
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        idle = null;
        resolve(false);
      }, timeoutMs);
      idle = () => {
        clearTimeout(timer);
        idle = null;
        resolve(true);
      };
    });
  });
};
