import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ALT_TEXT_MAX,
  API_PATHS,
  GALLERY_MESSAGES,
  ITINERARY_MESSAGES as M,
  UPLOAD_LIMITS,
  envelopeSchema,
  itineraryDeletedSchema,
  itineraryInputSchema,
  itineraryListQuerySchema,
  itineraryListSchema,
  itineraryOneSchema,
  itineraryUpdateSchema,
  requestSchema,
  dependantsErrorSchema,
  forceQuerySchema,
} from '@safarnama/contract';
import { ok, okRecord } from '../../http/envelope.js';
import { forceOf } from '../media-usage/force.js';
import { formReader, multipartValidatorCompiler, registerMultipart } from '../../http/multipart.js';
import { errorResponses } from '../../http/schemas.js';
import type { ItineraryService } from './itineraries.service.js';
import { ITINERARIES_AUDIT } from './itineraries.audit.js';

const S = API_PATHS.service;
const tags = ['itineraries'];
const one = envelopeSchema(itineraryOneSchema);
const idParams = z.strictObject({ id: z.string().max(100) });
const galleryParams = z.strictObject({ itineraryId: z.string().max(100) });
const galleryImageParams = z.strictObject({
  itineraryId: z.string().max(100),
  imageId: z.string().max(100),
});
// The contract's path builders encode the id they get; Fastify wants `:name` as it is.
const path = (build: (id: string) => string, name = 'id') => `${build('')}:${name}`;

export interface ItineraryRoutesDeps {
  itineraries: ItineraryService;
}

export const itineraryRoutes =
  ({ itineraries }: ItineraryRoutesDeps) =>
  async (app: FastifyInstance) => {
    await registerMultipart(app);
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      S.listItineraries,
      {
        config: { access: 'itineraries.view' },
        schema: {
          tags,
          summary:
            'Itineraries, newest first; search over title, description and type; optional placeId; needsAttention=true: only those failing a quality rule',
          querystring: itineraryListQuerySchema,
          response: {
            200: envelopeSchema(itineraryListSchema),
            ...errorResponses(400, 401, 403),
          },
        },
      },
      async (request) => ok(await itineraries.list(request.query), M.listed),
    );

    r.post(
      S.createItinerary,
      {
        config: { access: 'itineraries.create', audit: ITINERARIES_AUDIT.create },
        schema: {
          tags,
          summary: 'Create an itinerary (country, state and place as ids)',
          body: requestSchema(itineraryInputSchema),
          response: { 201: one, ...errorResponses(400, 401, 403, 409) },
        },
      },
      async (request, reply) => {
        const saved = await itineraries.create(request.body.data);
        reply.code(201);
        return okRecord(saved, M.created, 201);
      },
    );

    r.put(
      path(S.updateItinerary),
      {
        config: { access: 'itineraries.update', audit: ITINERARIES_AUDIT.update },
        schema: {
          tags,
          summary: 'Replace an itinerary; `_id`, when sent, must equal the path id',
          params: idParams,
          body: requestSchema(itineraryUpdateSchema),
          response: { 200: one, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) =>
        okRecord(await itineraries.update(request.params.id, request.body.data), M.updated),
    );

    r.delete(
      path(S.deleteItinerary),
      {
        config: { access: 'itineraries.delete', audit: ITINERARIES_AUDIT.remove },
        schema: {
          tags,
          summary: 'Delete an itinerary with its gallery (files removed after the commit)',
          params: idParams,
          response: {
            200: envelopeSchema(itineraryDeletedSchema),
            ...errorResponses(401, 403, 404),
          },
        },
      },
      async (request) => ok(await itineraries.remove(request.params.id, request.log), M.deleted),
    );

    r.patch(
      path(S.toggleItinerary),
      {
        config: { access: 'itineraries.update', audit: ITINERARIES_AUDIT.status },
        schema: {
          tags,
          summary: 'Flip isActive (no body)',
          params: idParams,
          response: { 200: one, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => {
        const saved = await itineraries.toggle(request.params.id);
        return okRecord(saved, saved.isActive ? M.activated : M.deactivated);
      },
    );

    r.patch(
      path(S.itineraryGallery, 'itineraryId'),
      {
        config: { access: 'itineraries.update', audit: ITINERARIES_AUDIT.galleryAdd },
        validatorCompiler: multipartValidatorCompiler,
        schema: {
          tags,
          summary: 'Append images to the gallery (multipart: itineraryId, images, altTexts[i])',
          consumes: ['multipart/form-data'],
          params: galleryParams,
          body: z.object({
            itineraryId: z.string().optional().meta({ description: 'Must equal the path id' }),
            images: z
              .array(z.string().meta({ format: 'binary' }))
              .max(UPLOAD_LIMITS.maxFiles)
              .meta({ description: `Image files (≤ ${UPLOAD_LIMITS.maxFiles} per request)` }),
            'altTexts[i]': z
              .string()
              .max(ALT_TEXT_MAX)
              .optional()
              .meta({ description: 'Alt text of the i-th file; sent as `altTexts[0]`, …' }),
          }),
          response: { 200: one, ...errorResponses(400, 401, 403, 404, 413, 415) },
        },
      },
      async (request) =>
        okRecord(
          await itineraries.addGallery(
            request.params.itineraryId,
            formReader(request),
            request.log,
          ),
          GALLERY_MESSAGES.updated,
        ),
    );

    r.delete(
      `${S.itineraryGallery('')}:itineraryId/:imageId`,
      {
        config: { access: 'itineraries.update', audit: ITINERARIES_AUDIT.galleryRemove },
        schema: {
          tags,
          summary:
            'Remove one gallery image (files deleted after the commit); in use: 409 unless ?force=true',
          params: galleryImageParams,
          querystring: forceQuerySchema,
          response: {
            200: one,
            ...errorResponses(400, 401, 403, 404),
            409: dependantsErrorSchema,
          },
        },
      },
      async (request) =>
        okRecord(
          await itineraries.removeGalleryImage(
            request.params.itineraryId,
            request.params.imageId,
            request.log,
            forceOf(request, 'itineraries.delete'),
          ),
          GALLERY_MESSAGES.removed,
        ),
    );

    r.post(
      path(API_PATHS.itineraryTools.clone),
      {
        config: { access: 'itineraries.create', audit: ITINERARIES_AUDIT.create },
        schema: {
          tags,
          summary:
            'Duplicate an itinerary (issue 22): an inactive "Copy of <title>" with its days, FAQs, lists, prices and a copy of its gallery',
          params: idParams,
          response: { 201: one, ...errorResponses(401, 403, 404, 409) },
        },
      },
      async (request, reply) => {
        const saved = await itineraries.clone(request.params.id, request.log);
        reply.code(201);
        return okRecord(saved, M.cloned, 201);
      },
    );
  };
