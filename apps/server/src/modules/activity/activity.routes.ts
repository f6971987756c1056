import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  MANAGE_MESSAGES as M,
  adminActivityListSchema,
  envelopeSchema,
  listQuerySchema,
} from '@safarnama/contract';
import { ok } from '../../http/envelope.js';
import { errorResponses } from '../../http/schemas.js';
import type { ActivityService } from './activity.service.js';

export interface ActivityRoutesDeps {
  activity: ActivityService;
}

/** The admin activity log: read only. No route edits or deletes an entry. */
export const activityRoutes =
  ({ activity }: ActivityRoutesDeps) =>
  async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      API_PATHS.manage.activities,
      {
        config: { access: 'activity.view' },
        schema: {
          tags: ['activity'],
          summary:
            'Admin activity, newest first; search over admin name, action, entity type and summary',
          querystring: listQuerySchema,
          response: {
            200: envelopeSchema(adminActivityListSchema),
            ...errorResponses(400, 401, 403),
          },
        },
      },
      async (request) => ok(await activity.list(request.query), M.activities),
    );
  };
