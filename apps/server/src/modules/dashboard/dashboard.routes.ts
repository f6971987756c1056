import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  DASHBOARD_ACTIVITY_LIMIT,
  DASHBOARD_MESSAGES as M,
  dashboardOneSchema,
  envelopeSchema,
} from '@safarnama/contract';
import { requireAuth } from '../../http/access.js';
import { ok } from '../../http/envelope.js';
import { errorResponses } from '../../http/schemas.js';
import type { ActivityService } from '../activity/activity.service.js';
import type { DashboardService } from './dashboard.service.js';

export interface DashboardRoutesDeps {
  dashboard: DashboardService;
  /** The latest admin activity, for callers who may read the log (optional: tests without). */
  activity?: Pick<ActivityService, 'latest'>;
}

export const dashboardRoutes =
  ({ dashboard, activity }: DashboardRoutesDeps) =>
  async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      API_PATHS.service.dashboard,
      {
        config: { access: 'dashboard.view' },
        schema: {
          tags: ['dashboard'],
          summary:
            'Content at a glance: counts, homepage slots, content gaps, itineraries by type and month, and (with activity.view) the latest admin activity',
          response: { 200: envelopeSchema(dashboardOneSchema), ...errorResponses(401, 403) },
        },
      },
      async (request) => {
        const readsLog = activity && requireAuth(request).permissions.has('activity.view');
        const [data, latestActivity] = await Promise.all([
          dashboard.get(),
          readsLog ? activity.latest(DASHBOARD_ACTIVITY_LIMIT) : undefined,
        ]);
        return ok({ data: latestActivity ? { ...data, latestActivity } : data }, M.fetched);
      },
    );
  };
