import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_BASE,
  API_PATHS,
  MEDIA_USAGE_MESSAGES as M,
  deletedRecordSchema,
  dependantsErrorSchema,
  envelopeSchema,
  forceQuerySchema,
  mediaUsageAnswerSchema,
  type PermissionKey,
} from '@safarnama/contract';
import { ok } from '../../http/envelope.js';
import { errorResponses } from '../../http/schemas.js';
import { MEDIA_AUDIT } from './media-usage.audit.js';
import type { MediaUsageService } from './media-usage.service.js';

export interface MediaUsageRoutesDeps {
  usage: MediaUsageService;
}

const tags = ['media'];
const imageParams = z.strictObject({ imageId: z.string().max(100) });
const idParams = z.strictObject({ id: z.string().max(100) });
const answer = envelopeSchema(mediaUsageAnswerSchema);

/**
 * Issue 24: where an image or a library is used, and the generic image delete. The image routes
 * are `self`: the image's owner decides the permission (its module's view to read, its gallery's
 * removal key to delete), which the service checks once it has read the image.
 */
export const mediaUsageRoutes =
  ({ usage }: MediaUsageRoutesDeps) =>
  async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const permissions = (request: FastifyRequest): ReadonlySet<PermissionKey> =>
      request.auth?.permissions ?? new Set();

    r.get(
      `${API_PATHS.media.one('')}:imageId/usage`,
      {
        config: { access: 'self' },
        schema: {
          tags,
          summary:
            "Where an image is used, each use with its link (the view permission of the image's module)",
          params: imageParams,
          response: { 200: answer, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        ok(
          { usage: await usage.imageUsage(permissions(request), request.params.imageId) },
          M.fetched,
        ),
    );

    r.get(
      `${API_BASE}/admin/image-library/:id/usage`,
      {
        config: { access: 'image-libraries.view' },
        schema: {
          tags,
          summary: 'Where an image library or one of its images is used',
          params: idParams,
          response: { 200: answer, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => ok({ usage: await usage.libraryUsage(request.params.id) }, M.fetched),
    );

    r.delete(
      `${API_PATHS.media.one('')}:imageId`,
      {
        config: { access: 'self', audit: MEDIA_AUDIT.remove },
        schema: {
          tags,
          summary:
            'Delete a gallery or library image; in use: 409 with its uses unless ?force=true (removes them)',
          params: imageParams,
          querystring: forceQuerySchema,
          response: {
            200: envelopeSchema(deletedRecordSchema),
            ...errorResponses(400, 401, 403, 404),
            409: dependantsErrorSchema,
          },
        },
      },
      async (request) =>
        ok(
          await usage.deleteImage(
            permissions(request),
            request.params.imageId,
            request.query.force === true,
            request.log,
          ),
          M.imageDeleted,
        ),
    );
  };
