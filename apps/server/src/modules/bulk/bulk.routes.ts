import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  BULK_LIMIT,
  BULK_MESSAGES as M,
  bulkOutcomeSchema,
  bulkRequestSchema,
  envelopeSchema,
  requestSchema,
} from '@safarnama/contract';
import { recordScope, type QualityRefresher } from '../../http/audit.js';
import { requireAuth } from '../../http/access.js';
import { ok } from '../../http/envelope.js';
import { errorResponses } from '../../http/schemas.js';
import type { BulkService } from './bulk.service.js';

export interface BulkRoutesDeps {
  bulk: BulkService;
  /** The records' content-quality codes, refreshed with each record's change (issue 23). */
  quality?: QualityRefresher;
}

/**
 * Issue 24: `POST /api/v1/admin/bulk`. Any signed-in admin may call it; the service checks the
 * entity's permission for the action (the entity is named by the body), and each record's
 * change writes its own audit entry with its entity's rule.
 */
export const bulkRoutes =
  ({ bulk, quality }: BulkRoutesDeps) =>
  async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.post(
      API_PATHS.bulk,
      {
        config: {
          access: 'self',
          audit: { records: "each record's status or delete rule of its own module" },
        },
        schema: {
          tags: ['bulk'],
          summary: `Activate, deactivate or delete up to ${BULK_LIMIT} itineraries, blogs, places, place details or image libraries in one transaction; answered per id (done, forbidden, not_found, in_use). The entity's update permission activates and deactivates, its delete permission deletes.`,
          body: requestSchema(bulkRequestSchema),
          response: {
            200: envelopeSchema(bulkOutcomeSchema),
            ...errorResponses(400, 401, 403),
          },
        },
      },
      async (request) => {
        const auth = requireAuth(request);
        const outcome = await bulk.apply(auth.permissions, request.body.data, (rule, id) =>
          recordScope(request, rule, id, quality),
        );
        return ok(outcome, M.done);
      },
    );
  };
