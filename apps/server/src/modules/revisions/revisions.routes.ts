import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_PATHS,
  REVISION_MESSAGES as M,
  envelopeSchema,
  listQuerySchema,
  recordSchema,
  revisionDetailSchema,
  revisionListSchema,
  revisionRestoredSchema,
  type PermissionKey,
} from '@safarnama/contract';
import { ok } from '../../http/envelope.js';
import { errorResponses } from '../../http/schemas.js';
import { restoreRule, type RevisionsService } from './revisions.service.js';

export interface RevisionsRoutesDeps {
  revisions: RevisionsService;
}

const tags = ['revisions'];
const revisionParams = z.strictObject({ revisionId: z.string().max(100) });
/** The entity is checked by the service (an unknown one is a 404, not a 400). */
const listQuery = listQuerySchema.omit({ search: true }).extend({
  entity: z.string().trim().min(1).max(64),
  id: z.string().trim().min(1).max(64).optional(),
});
const restoreBody = z
  .strictObject({
    data: z
      .strictObject({
        /** Restore what still exists and keep the current images where the snapshot's are gone. */
        withoutMissingImages: z.boolean().optional(),
      })
      .optional(),
  })
  .nullish();

/**
 * Revisions (issue 21). Any signed-in admin may call them; the service checks the entity's
 * permission (view to read, update to restore), since the entity is named by the request.
 */
export const revisionRoutes =
  ({ revisions }: RevisionsRoutesDeps) =>
  async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const permissions = (request: FastifyRequest): ReadonlySet<PermissionKey> =>
      request.auth?.permissions ?? new Set();

    r.get(
      API_PATHS.revisions.list,
      {
        config: { access: 'self' },
        schema: {
          tags,
          summary:
            "An entity's revisions, newest first (entity: itinerary, blog, place-details, image-library, homepage-settings)",
          querystring: listQuery,
          response: {
            200: envelopeSchema(revisionListSchema),
            ...errorResponses(400, 401, 403, 404),
          },
        },
      },
      async (request) => ok(await revisions.list(permissions(request), request.query), M.list),
    );

    r.get(
      `${API_PATHS.revisions.list}/:revisionId`,
      {
        config: { access: 'self' },
        schema: {
          tags,
          summary: 'One revision: the record as saved and its diff against the revision before it',
          params: revisionParams,
          response: {
            200: envelopeSchema(recordSchema(revisionDetailSchema)),
            ...errorResponses(401, 403, 404),
          },
        },
      },
      async (request) =>
        ok({ data: await revisions.one(permissions(request), request.params.revisionId) }, M.one),
    );

    r.post(
      `${API_PATHS.revisions.list}/:revisionId/restore`,
      {
        config: { access: 'self', audit: restoreRule },
        schema: {
          tags,
          summary:
            'Make a revision current again (a new revision); 409 naming what it refers to that is gone',
          params: revisionParams,
          body: restoreBody,
          response: {
            200: envelopeSchema(revisionRestoredSchema),
            ...errorResponses(400, 401, 403, 404, 409),
          },
        },
      },
      async (request) =>
        ok(
          await revisions.restore(
            permissions(request),
            request.params.revisionId,
            request.body?.data ?? {},
          ),
          M.restored,
        ),
    );
  };
