import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_PATHS,
  MEDIA_TOOLS_MESSAGES as M,
  envelopeSchema,
  focalPointSchema,
  imageSchema,
  recordSchema,
} from '@safarnama/contract';
import { okRecord } from '../../http/envelope.js';
import { errorResponses } from '../../http/schemas.js';
import { MEDIA_AUDIT } from './media.audit.js';
import type { MediaService } from './media.service.js';

export interface MediaRoutesDeps {
  media: MediaService;
}

const tags = ['media'];
const imageParams = z.strictObject({ imageId: z.string().max(100) });
/** `{data: {x, y}}` sets the point; `{data: null}` clears it (the centre). */
const focalBody = z.strictObject({ data: focalPointSchema.nullable() });

/**
 * Media tools (issue 24). Any signed-in admin may call them; the service checks the permission of
 * the module that holds the image (update of image libraries for a library's image, and so on).
 */
export const mediaRoutes =
  ({ media }: MediaRoutesDeps) =>
  async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.put(
      `${API_PATHS.media.base}/:imageId/focal-point`,
      {
        config: { access: 'self', audit: MEDIA_AUDIT.focalPoint },
        schema: {
          tags,
          summary:
            "Set an image's focal point (x, y in 0–1; null: the centre); its cropped variants are cut again around it",
          params: imageParams,
          body: focalBody,
          response: {
            200: envelopeSchema(recordSchema(imageSchema)),
            ...errorResponses(400, 401, 403, 404),
          },
        },
      },
      async (request) =>
        okRecord(
          await media.setFocalPoint(
            {
              adminId: request.auth?.admin.id ?? '',
              permissions: request.auth?.permissions ?? new Set(),
            },
            request.params.imageId,
            request.body.data,
            request.log,
          ),
          M.focalPointSaved,
        ),
    );
  };
