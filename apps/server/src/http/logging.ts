import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** A request taking this long (ms) earns its summary line at `info`. */
export const SLOW_REQUEST_MS = 1000;

/**
 * Fastify's per-request lines at `debug` instead of `info`: at `info` (the default LOG_LEVEL) a
 * request leaves one summary line only when its answer is a server error (status ≥ 500) or it
 * took `SLOW_REQUEST_MS` or longer. Client errors (4xx) stay at `debug`: they are the caller's
 * mistake, and a sign-in page full of wrong passwords would otherwise fill the log again.
 */
export class RequestLogController extends LogController {
  readonly slowMs: number;

  constructor(options: { slowMs?: number } = {}) {
    super();
    this.slowMs = options.slowMs ?? SLOW_REQUEST_MS;
  }

  override incomingRequest(request: FastifyRequest) {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    _request: FastifyRequest,
    reply: FastifyReply,
  ) {
    const responseTime = reply.elapsedTime;
    if (error) {
      reply.log.error({ res: reply, err: error, responseTime }, 'request errored');
      return;
    }
    const failed = reply.statusCode >= 500;
    const slow = responseTime >= this.slowMs;
    if (failed || slow) {
      reply.log.info(
        { req: reply.request, res: reply, responseTime },
        failed ? 'request failed' : 'slow request',
      );
    } else {
      reply.log.debug({ res: reply, responseTime }, 'request completed');
    }
  }

  override routeNotFound(request: FastifyRequest) {
    request.log.debug({ req: request }, 'route not found');
  }
}
