import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_PATHS } from '@safarnama/contract';
import { AppError } from '../../http/errors.js';
import { TOO_MANY_PAGE, UNAVAILABLE_PAGE, renderTripPage } from './share.page.js';
import type { ShareService } from './share.service.js';

/**
 * Issue 22: the public trip page of a share link, `GET /trip/{token}`, and its PDF,
 * `GET /trip/{token}/pdf` — no account, outside `/api`, registered before the web app's history
 * fallback. Every refusal (a malformed, forged, expired or revoked token; an itinerary that is
 * private, inactive or deleted; a bad path parameter) answers the same 404 page with the same
 * headers. Pages are never cached nor indexed, and send no referrer on.
 */

/** The itinerary PDF module's download: the document and its file name (one naming rule). */
export interface ItineraryPdfRenderer {
  download(itineraryId: string): Promise<{ pdf: Buffer; fileName: string }>;
}

/**
 * Per client IP, through the app's @fastify/rate-limit (its store: shared by the nodes on a
 * PostgreSQL database). A person reading a trip opens it a few times; a PDF costs a render.
 * Each route counts on its own key (`groupId`), apart from the API's 600 a minute.
 */
export const TRIP_RATE_LIMITS = {
  page: { max: 60, timeWindow: 60_000 },
  pdf: { max: 10, timeWindow: 60_000 },
} as const;

const HEADERS = {
  'cache-control': 'no-store',
  'x-robots-tag': 'noindex, nofollow',
  'referrer-policy': 'no-referrer',
} as const;

const sendHtml = (reply: FastifyReply, status: number, html: string) =>
  reply.code(status).headers(HEADERS).type('text/html; charset=utf-8').send(html);

/** Fastify's router refuses a longer parameter itself (414, `maxParamLength`). */
const tokenParams = z.strictObject({ token: z.string().max(100) });
/** The contract's builders encode what they get; Fastify wants `:token` as it is. */
const routePath = (build: (token: string) => string) =>
  build(':token').replace(encodeURIComponent(':token'), ':token');

export interface TripRoutesDeps {
  share: ShareService;
  /** The itinerary PDF service (modules/itineraries/itinerary-pdf.service.ts). */
  pdf: ItineraryPdfRenderer;
}

export const tripRoutes =
  ({ share, pdf }: TripRoutesDeps) =>
  async (app: FastifyInstance) => {
    /**
     * A page, not the API's JSON: the rate limit answers a 429 page (Retry-After is set by the
     * limiter), every other client error the one 404 page. Server errors go on to the app's
     * error handler (logged, counted for /api/ready, its 5xx envelope).
     */
    app.setErrorHandler((err: FastifyError | Error, _request, reply) => {
      const status = err instanceof AppError ? err.status : (err as FastifyError).statusCode;
      if (typeof status !== 'number' || status < 400 || status >= 500) throw err;
      if (status === 429) {
        if (err instanceof AppError) reply.headers(err.headers);
        return sendHtml(reply, 429, TOO_MANY_PAGE);
      }
      return sendHtml(reply, 404, UNAVAILABLE_PAGE);
    });

    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      routePath(API_PATHS.publicShare.page),
      {
        config: {
          access: 'public',
          rateLimit: { ...TRIP_RATE_LIMITS.page, groupId: 'trip-page', allowList: [] },
        },
        schema: { hide: true, params: tokenParams },
      },
      async (request, reply) => {
        const { token } = request.params;
        // Opening the link counts a view; a HEAD request (a link checker) does not.
        const opened = await share.open(token, { count: request.method === 'GET' });
        if (!opened) return sendHtml(reply, 404, UNAVAILABLE_PAGE);
        return sendHtml(
          reply,
          200,
          renderTripPage({
            ...opened,
            url: share.pageUrl(token),
            pdfUrl: share.pdfUrl(token),
            absolute: share.absolute,
          }),
        );
      },
    );

    r.get(
      routePath(API_PATHS.publicShare.pdf),
      {
        config: {
          access: 'public',
          rateLimit: { ...TRIP_RATE_LIMITS.pdf, groupId: 'trip-pdf', allowList: [] },
        },
        schema: { hide: true, params: tokenParams },
      },
      async (request, reply) => {
        const target = await share.pdfTarget(request.params.token);
        if (!target) return sendHtml(reply, 404, UNAVAILABLE_PAGE);
        const { pdf: file, fileName } = await pdf.download(target.itineraryId);
        return reply
          .code(200)
          .headers(HEADERS)
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .type('application/pdf')
          .send(file);
      },
    );
  };

/** A URL for the logs: a share link's token is a credential, so it never reaches them. */
export const redactTripToken = (url: string): string =>
  url.replace(/^\/trip\/[^/?#]+/, '/trip/[redacted]');
