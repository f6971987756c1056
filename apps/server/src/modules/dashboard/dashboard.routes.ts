import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  DASHBOARD_ACTIVITY_LIMIT,
  DASHBOARD_MESSAGES as M,
  DASHBOARD_UPCOMING_LIMIT,
  DASHBOARD_UPCOMING_PUBLISH_LIMIT,
  dashboardOneSchema,
  envelopeSchema,
} from '@safarnama/contract';
import { requireAuth } from '../../http/access.js';
import { okRecord } from '../../http/envelope.js';
import { errorResponses } from '../../http/schemas.js';
import type { ActivityService } from '../activity/activity.service.js';
import type { MarketingService } from '../marketing/marketing.service.js';
import type { ScheduleService } from '../schedule/schedule.service.js';
import type { CoverageService } from '../content-coverage/content-coverage.service.js';
import type { DashboardService } from './dashboard.service.js';

export interface DashboardRoutesDeps {
  dashboard: DashboardService;
  /** The latest admin activity, for callers who may read the log (optional: tests without). */
  activity?: Pick<ActivityService, 'latest'>;
  /** The upcoming scheduled notifications, for callers with marketing.view (optional: tests). */
  marketing?: Pick<MarketingService, 'upcoming'>;
  /** Issue 21: the upcoming scheduled publishes of the kinds the caller may view (optional: tests). */
  schedule?: Pick<ScheduleService, 'upcoming'>;
  /** Issue 23: the coverage card, for callers with place-details.view (optional: tests). */
  coverage?: Pick<CoverageService, 'summary'>;
}

export const dashboardRoutes =
  ({ dashboard, activity, marketing, schedule, coverage }: DashboardRoutesDeps) =>
  async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      API_PATHS.service.dashboard,
      {
        config: { access: 'dashboard.view' },
        schema: {
          tags: ['dashboard'],
          summary:
            'Content at a glance: counts, homepage slots, content gaps, itineraries by type and month, (with activity.view) the latest admin activity and (with marketing.view) the upcoming scheduled notifications and (with the view key of itineraries, blogs or the homepage) the upcoming scheduled publishes and (with place-details.view) the content coverage',
          response: { 200: envelopeSchema(dashboardOneSchema), ...errorResponses(401, 403) },
        },
      },
      async (request) => {
        const { permissions } = requireAuth(request);
        const readsLog = activity && permissions.has('activity.view');
        const readsMarketing = marketing && permissions.has('marketing.view');
        const visible = {
          itineraries: permissions.has('itineraries.view'),
          blogs: permissions.has('blogs.view'),
          lineups: permissions.has('homepage.view'),
        };
        const readsSchedule = schedule && (visible.itineraries || visible.blogs || visible.lineups);
        const readsCoverage = coverage && permissions.has('place-details.view');
        const [data, latestActivity, upcomingNotifications, upcomingPublishes, contentCoverage] =
          await Promise.all([
            dashboard.get(),
            readsLog ? activity.latest(DASHBOARD_ACTIVITY_LIMIT) : undefined,
            readsMarketing ? marketing.upcoming(DASHBOARD_UPCOMING_LIMIT) : undefined,
            readsSchedule
              ? schedule.upcoming(DASHBOARD_UPCOMING_PUBLISH_LIMIT, visible)
              : undefined,
            readsCoverage ? coverage.summary() : undefined,
          ]);
        return okRecord(
          {
            ...data,
            ...(latestActivity ? { latestActivity } : {}),
            ...(upcomingNotifications ? { upcomingNotifications } : {}),
            ...(upcomingPublishes ? { upcomingPublishes } : {}),
            ...(contentCoverage ? { coverage: contentCoverage } : {}),
          },
          M.fetched,
        );
      },
    );
  };
