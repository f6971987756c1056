import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  DASHBOARD_MESSAGES as M,
  dashboardOneSchema,
  envelopeSchema,
} from '@safarnama/contract';
import { ok } from '../../http/envelope.js';
import { errorResponses } from '../../http/schemas.js';
import type { DashboardService } from './dashboard.service.js';

export interface DashboardRoutesDeps {
  dashboard: DashboardService;
}

export const dashboardRoutes =
  ({ dashboard }: DashboardRoutesDeps) =>
  async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      API_PATHS.service.dashboard,
      {
        config: { access: 'dashboard.view' },
        schema: {
          tags: ['dashboard'],
          summary:
            'Content at a glance: counts, homepage slots, content gaps, itineraries by type and month',
          response: { 200: envelopeSchema(dashboardOneSchema), ...errorResponses(401, 403) },
        },
      },
      async () => ok({ data: await dashboard.get() }, M.fetched),
    );
  };
