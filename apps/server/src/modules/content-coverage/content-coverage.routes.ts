import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  COVERAGE_MESSAGES as M,
  coverageListSchema,
  coverageQuerySchema,
  envelopeSchema,
} from '@safarnama/contract';
import { ok } from '../../http/envelope.js';
import { errorResponses } from '../../http/schemas.js';
import type { CoverageService } from './content-coverage.service.js';

export interface CoverageRoutesDeps {
  coverage: CoverageService;
}

/** Issue 23: the place × month coverage grid (reading it is reading place details). */
export const coverageRoutes =
  ({ coverage }: CoverageRoutesDeps) =>
  async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      API_PATHS.contentCoverage,
      {
        config: { access: 'place-details.view' },
        schema: {
          tags: ['place-details'],
          summary:
            'Per active place (paged, by name; optional countryId, stateId, search), the twelve months each missing, incomplete or complete, its blog and active itinerary counts, and the totals per month over every selected place',
          querystring: coverageQuerySchema,
          response: {
            200: envelopeSchema(coverageListSchema),
            ...errorResponses(400, 401, 403),
          },
        },
      },
      async (request) => ok(await coverage.grid(request.query), M.fetched),
    );
  };
