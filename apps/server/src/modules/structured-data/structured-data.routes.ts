import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_PATHS,
  STRUCTURED_DATA_MESSAGES as M,
  blogPostingLdSchema,
  envelopeSchema,
  itineraryStructuredDataSchema,
  recordSchema,
  structuredDataQuerySchema,
} from '@safarnama/contract';
import { okRecord } from '../../http/envelope.js';
import { errorResponses } from '../../http/schemas.js';
import type { StructuredDataService } from './structured-data.service.js';

const ID = '__id__';
/** The contract's builders encode what they are given; Fastify wants `:id` as it is. */
const routeOf = (build: (id: string) => string) => build(ID).replace(ID, ':id');
const params = z.strictObject({ id: z.string().max(100) });

export interface StructuredDataRoutesDeps {
  structuredData: StructuredDataService;
}

/** Issue 23: the JSON-LD of an itinerary and of a blog, in `data.data`. */
export const structuredDataRoutes =
  ({ structuredData }: StructuredDataRoutesDeps) =>
  async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      routeOf(API_PATHS.structuredData.itinerary),
      {
        config: { access: 'itineraries.view' },
        schema: {
          operationId: 'getItineraryStructuredDataById',
          tags: ['itineraries'],
          summary: 'The itinerary as schema.org JSON-LD (TouristTrip, and FAQPage for its FAQs)',
          description:
            'One document with an `@graph`: the TouristTrip (name, plain-text description, images, tour type, the days as an ItemList with their places, the offer in INR from the lowest price with GST, Basic Settings as provider) and, when it has FAQs, the FAQPage. Empty fields are left out. `url`: the public page that embeds it (adds `url`, `@id`s and the offer URL).',
          params,
          querystring: structuredDataQuerySchema,
          response: {
            200: envelopeSchema(recordSchema(itineraryStructuredDataSchema)),
            ...errorResponses(400, 401, 403, 404),
          },
        },
      },
      async (request) =>
        okRecord(await structuredData.itinerary(request.params.id, request.query), M.itinerary),
    );

    r.get(
      routeOf(API_PATHS.structuredData.blog),
      {
        config: { access: 'blogs.view' },
        schema: {
          operationId: 'getBlogStructuredDataById',
          tags: ['blogs'],
          summary: 'The blog as schema.org JSON-LD (BlogPosting)',
          description:
            'Headline (≤ 110 characters), description, cover, datePublished, dateModified, author, Basic Settings as publisher, tags as keywords, the text and its word count, the place it is about. Empty fields are left out. `url`: the public page that embeds it (adds `url` and `mainEntityOfPage`).',
          params,
          querystring: structuredDataQuerySchema,
          response: {
            200: envelopeSchema(recordSchema(blogPostingLdSchema)),
            ...errorResponses(400, 401, 403, 404),
          },
        },
      },
      async (request) =>
        okRecord(await structuredData.blog(request.params.id, request.query), M.blog),
    );
  };
