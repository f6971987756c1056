import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_PATHS,
  SHARE_LINK_MESSAGES as M,
  envelopeSchema,
  requestSchema,
  shareLinkCreateSchema,
  shareLinkCreatedOneSchema,
  shareLinkListSchema,
  shareLinkOneSchema,
} from '@safarnama/contract';
import { requireAuth } from '../../http/access.js';
import { ok, okRecord } from '../../http/envelope.js';
import { errorResponses } from '../../http/schemas.js';
import { SHARE_AUDIT } from './share.audit.js';
import type { ShareService } from './share.service.js';

const T = API_PATHS.itineraryTools;
const tags = ['itineraries'];
const idParams = z.strictObject({ id: z.string().max(100) });
const linkParams = z.strictObject({ id: z.string().max(100), linkId: z.string().max(100) });
const sharePath = T.share(':id').replace(encodeURIComponent(':id'), ':id');
const linkPath = `${sharePath}/:linkId`;

export interface ShareRoutesDeps {
  share: ShareService;
}

/** Issue 22: an itinerary's share links (admin API; rules in share.service.ts). */
export const shareRoutes =
  ({ share }: ShareRoutesDeps) =>
  async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post(
      sharePath,
      {
        config: { access: 'itineraries.update', audit: SHARE_AUDIT.create },
        schema: {
          tags,
          summary:
            'Create a share link of an active, public itinerary; the answer holds its URL, shown this once (only the token hash is kept)',
          params: idParams,
          body: requestSchema(shareLinkCreateSchema),
          response: {
            201: envelopeSchema(shareLinkCreatedOneSchema),
            ...errorResponses(400, 401, 403, 404, 409),
          },
          // The answer carries the token: an idempotency record would store it.
          idempotency: false,
        },
      },
      async (request, reply) => {
        const { admin } = requireAuth(request);
        const link = await share.create(request.params.id, request.body.data, {
          id: admin.id,
          name: admin.name,
        });
        reply.code(201);
        return okRecord(link, M.created, 201);
      },
    );

    r.get(
      sharePath,
      {
        config: { access: 'itineraries.view' },
        schema: {
          tags,
          summary: "The itinerary's share links, newest first, with their views (no URLs)",
          params: idParams,
          response: {
            200: envelopeSchema(shareLinkListSchema),
            ...errorResponses(401, 403, 404),
          },
        },
      },
      async (request) => ok(await share.list(request.params.id), M.listed),
    );

    r.delete(
      linkPath,
      {
        config: { access: 'itineraries.update', audit: SHARE_AUDIT.revoke },
        schema: {
          tags,
          summary: 'Revoke a share link: it stops opening at once',
          params: linkParams,
          response: { 200: envelopeSchema(shareLinkOneSchema), ...errorResponses(401, 403, 404) },
        },
      },
      async (request) =>
        okRecord(await share.revoke(request.params.id, request.params.linkId), M.revoked),
    );
  };
