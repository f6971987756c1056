import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ALT_TEXT_MAX,
  API_PATHS,
  PLACE_DETAILS_MESSAGES as M,
  UPLOAD_LIMITS,
  envelopeSchema,
  placeDetailsListQuerySchema,
  placeDetailsAddFieldsSchema,
  placeDetailsByIdQuerySchema,
  placeDetailsGalleryRemoveSchema,
  placeDetailsListSchema,
  placeDetailsOneSchema,
  placeDetailsUpdateFieldsSchema,
  requestSchema,
  dependantsErrorSchema,
  forceQuerySchema,
} from '@safarnama/contract';
import { ok, okRecord } from '../../http/envelope.js';
import { forceOf } from '../media-usage/force.js';
import { docFile, multipartDoc } from '../../http/form-fields.js';
import {
  RICH_TEXT_MULTIPART,
  formReader,
  multipartValidatorCompiler,
  registerMultipart,
} from '../../http/multipart.js';
import { deleteRecordSchema, errorResponses } from '../../http/schemas.js';
import type { PlaceDetailsService } from './place-details.service.js';
import { PLACE_DETAILS_AUDIT } from './place-details.audit.js';

const S = API_PATHS.service;
const tags = ['place-details'];
const multipart = { consumes: ['multipart/form-data'] } as const;
const one = envelopeSchema(placeDetailsOneSchema);
const cover = {
  coverPhoto: docFile(
    'Cover photo (jpeg, png, gif, webp; ≤ 10 MB); on update only a real file replaces it',
  ),
};

export interface PlaceDetailsRoutesDeps {
  placeDetails: PlaceDetailsService;
}

export const placeDetailsRoutes =
  ({ placeDetails }: PlaceDetailsRoutesDeps) =>
  async (app: FastifyInstance) => {
    await registerMultipart(app, RICH_TEXT_MULTIPART);
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post(
      S.addPlaceDetails,
      {
        config: { access: 'place-details.create', audit: PLACE_DETAILS_AUDIT.add },
        validatorCompiler: multipartValidatorCompiler,
        schema: {
          tags,
          summary:
            'Add the details of a place for one month (multipart; temperature, location and bestTimeToVisit as JSON text)',
          ...multipart,
          body: multipartDoc(
            placeDetailsAddFieldsSchema,
            ['countryId', 'stateId', 'placeId', 'month'],
            cover,
          ),
          response: { 201: one, ...errorResponses(400, 401, 403, 409, 413, 415) },
        },
      },
      async (request, reply) => {
        const saved = await placeDetails.add(formReader(request), request.log);
        reply.code(201);
        return okRecord(saved, M.added, 201);
      },
    );

    r.get(
      S.listPlaceDetails,
      {
        config: { access: 'place-details.view' },
        schema: {
          tags,
          summary:
            'Place details, newest first; search by place name or month; needsAttention=true: only those failing a quality rule',
          querystring: placeDetailsListQuerySchema,
          response: {
            200: envelopeSchema(placeDetailsListSchema),
            ...errorResponses(400, 401, 403),
          },
        },
      },
      async (request) => ok(await placeDetails.list(request.query), M.listed),
    );

    r.patch(
      S.updatePlaceDetails,
      {
        config: { access: 'place-details.update', audit: PLACE_DETAILS_AUDIT.update },
        validatorCompiler: multipartValidatorCompiler,
        schema: {
          tags,
          summary:
            'Update place details (multipart): imageLibraryId always (empty clears it); other fields only when sent',
          ...multipart,
          body: multipartDoc(placeDetailsUpdateFieldsSchema, ['id', 'imageLibraryId'], cover),
          response: { 200: one, ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
        },
      },
      async (request) =>
        okRecord(await placeDetails.update(formReader(request), request.log), M.updated),
    );

    r.get(
      S.placeDetailsById,
      {
        config: { access: 'place-details.view' },
        schema: {
          tags,
          summary: 'One place details record with its gallery in order (data.data)',
          querystring: placeDetailsByIdQuerySchema,
          response: { 200: one, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => okRecord(await placeDetails.get(request.query.id), M.fetched),
    );

    r.put(
      S.addPlaceDetailsGallery,
      {
        config: { access: 'place-details.update', audit: PLACE_DETAILS_AUDIT.galleryAdd },
        validatorCompiler: multipartValidatorCompiler,
        schema: {
          tags,
          summary: 'Append images to the gallery (multipart: id, images, altTexts[i])',
          ...multipart,
          body: z.object({
            id: z.string(),
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
        okRecord(await placeDetails.addGallery(formReader(request), request.log), M.galleryUpdated),
    );

    r.delete(
      S.removePlaceDetailsGallery,
      {
        config: { access: 'place-details.delete', audit: PLACE_DETAILS_AUDIT.galleryRemove },
        schema: {
          tags,
          summary:
            'Remove gallery images (JSON {data: {id, imageIds}}); in use: 409 unless ?force=true',
          querystring: forceQuerySchema,
          body: requestSchema(placeDetailsGalleryRemoveSchema),
          response: {
            200: one,
            ...errorResponses(400, 401, 403, 404),
            409: dependantsErrorSchema,
          },
        },
      },
      async (request) =>
        okRecord(
          await placeDetails.removeGallery(
            request.body.data,
            request.log,
            forceOf(request, 'place-details.delete'),
          ),
          M.imageRemoved,
        ),
    );

    r.delete(
      `${S.deletePlaceDetails('')}:id`,
      {
        config: { access: 'place-details.delete', audit: PLACE_DETAILS_AUDIT.remove },
        schema: deleteRecordSchema(
          tags,
          'Delete place details with their cover and gallery (files removed after the commit)',
        ),
      },
      async (request) => ok(await placeDetails.remove(request.params.id, request.log), M.deleted),
    );
  };
