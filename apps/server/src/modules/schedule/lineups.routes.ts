import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_PATHS,
  HOMEPAGE_LINEUP_TEXTS as T,
  HOMEPAGE_LINEUPS_MAX_SCHEDULED,
  envelopeSchema,
  homepageLineupInputSchema,
  homepageLineupListQuerySchema,
  homepageLineupListSchema,
  homepageLineupOneSchema,
  requestSchema,
} from '@safarnama/contract';
import { ok, okRecord } from '../../http/envelope.js';
import { errorResponses } from '../../http/schemas.js';
import type { ScheduleService } from './schedule.service.js';
import { LINEUPS_AUDIT } from './lineups.audit.js';

const P = API_PATHS.homepageLineups;
const tags = ['homepage'];
const one = envelopeSchema(homepageLineupOneSchema);
const idParams = z.strictObject({ id: z.string().max(100) });
const onePath = `${P.one('')}:id`;

export interface LineupRoutesDeps {
  schedule: Pick<ScheduleService, 'list' | 'create' | 'update' | 'cancel'>;
}

/**
 * Scheduled homepage lineups (issue 21): a whole homepage configuration that replaces the live
 * one at `startsAt`. Read with the homepage's view key, scheduled, changed and cancelled with its
 * update key, like the homepage settings.
 */
export const lineupRoutes =
  ({ schedule }: LineupRoutesDeps) =>
  async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      P.list,
      {
        config: { access: 'homepage.view' },
        schema: {
          tags,
          summary:
            'Scheduled homepage lineups: status=scheduled soonest first, otherwise newest start first',
          querystring: homepageLineupListQuerySchema,
          response: {
            200: envelopeSchema(homepageLineupListSchema),
            ...errorResponses(400, 401, 403),
          },
        },
      },
      async (request) => ok(await schedule.list(request.query), T.fetched),
    );

    r.post(
      P.create,
      {
        config: { access: 'homepage.update', audit: LINEUPS_AUDIT.create },
        schema: {
          tags,
          summary: `Schedule a lineup (the homepage settings plus a future startsAt): limits 6/8/3 and a homepage save's publishable rule, or live by startsAt; ≤ ${String(HOMEPAGE_LINEUPS_MAX_SCHEDULED)} waiting (409)`,
          body: requestSchema(homepageLineupInputSchema),
          response: { 201: one, ...errorResponses(400, 401, 403, 409) },
        },
      },
      async (request, reply) => {
        const lineup = await schedule.create(request.body.data);
        reply.code(201);
        return okRecord(lineup, T.scheduled, 201);
      },
    );

    r.put(
      onePath,
      {
        config: { access: 'homepage.update', audit: LINEUPS_AUDIT.update },
        schema: {
          tags,
          summary:
            'Replace a scheduled lineup (the same checks); 409 once it is applied, cancelled or failed',
          params: idParams,
          body: requestSchema(homepageLineupInputSchema),
          response: { 200: one, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) =>
        okRecord(await schedule.update(request.params.id, request.body.data), T.updated),
    );

    r.delete(
      onePath,
      {
        config: { access: 'homepage.update', audit: LINEUPS_AUDIT.cancel },
        schema: {
          tags,
          summary:
            'Cancel a scheduled lineup (kept with status cancelled); 409 once it is no longer scheduled',
          params: idParams,
          response: { 200: one, ...errorResponses(401, 403, 404, 409) },
        },
      },
      async (request) => okRecord(await schedule.cancel(request.params.id), T.cancelled),
    );
  };
