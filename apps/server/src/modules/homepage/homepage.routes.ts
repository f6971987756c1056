import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  HOMEPAGE_MESSAGES as M,
  envelopeSchema,
  homepageSettingsInputSchema,
  homepageSettingsOneSchema,
  requestSchema,
} from '@safarnama/contract';
import { okRecord } from '../../http/envelope.js';
import { errorResponses } from '../../http/schemas.js';
import type { HomepageService } from './homepage.service.js';
import { HOMEPAGE_AUDIT } from './homepage.audit.js';

const tags = ['homepage'];
const one = envelopeSchema(homepageSettingsOneSchema);

export interface HomepageRoutesDeps {
  homepage: HomepageService;
}

export const homepageRoutes =
  ({ homepage }: HomepageRoutesDeps) =>
  async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      API_PATHS.service.homepageSettings,
      {
        config: { access: 'homepage.view' },
        schema: {
          tags,
          summary:
            'The homepage settings (an empty selection until they are first saved); each chosen item says whether the site shows it (publishable, hiddenReason)',
          response: { 200: one, ...errorResponses(401, 403) },
        },
      },
      async () => okRecord(await homepage.get(), M.fetched),
    );

    r.put(
      API_PATHS.service.homepageSettings,
      {
        config: { access: 'homepage.update', audit: HOMEPAGE_AUDIT.update },
        schema: {
          tags,
          summary:
            'Replace the homepage selection: duplicates dropped, limits 6/8/3, an added item must be publishable (place, state and country active; itinerary active and public; blog published; one saved before may stay), displayOrder rewritten to 1..n',
          body: requestSchema(homepageSettingsInputSchema),
          response: { 200: one, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => okRecord(await homepage.update(request.body.data), M.updated),
    );
  };
