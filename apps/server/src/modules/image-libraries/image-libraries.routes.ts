import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ALT_TEXT_MAX,
  API_PATHS,
  IMAGE_LIBRARY_MESSAGES,
  LIBRARY_DESCRIPTION_MAX,
  LIBRARY_MONTHS,
  LIBRARY_TITLE_MAX,
  UPLOAD_LIMITS,
  dependantsErrorSchema,
  envelopeSchema,
  forceQuerySchema,
  imageLibraryDeletedSchema,
  imageLibraryListQuerySchema,
  imageLibraryListSchema,
  imageLibraryOneSchema,
} from '@safarnama/contract';
import { requireAuth } from '../../http/access.js';
import { ok, okRecord } from '../../http/envelope.js';
import {
  multipartValidatorCompiler,
  readMultipart,
  registerMultipart,
} from '../../http/multipart.js';
import { errorResponses } from '../../http/schemas.js';
import type { FormSource, ImageLibraryService } from './image-libraries.service.js';
import { IMAGE_LIBRARIES_AUDIT } from './image-libraries.audit.js';
import { forceOf } from '../media-usage/force.js';

const base = API_PATHS.imageLibraries.base;
const idParams = z.strictObject({ id: z.string().max(100) });
const tags = ['image-libraries'];

/** Multipart fields for the OpenAPI document only (the handler streams and checks the body). */
const file = z.string().meta({ format: 'binary' });
const indexed = (what: string) =>
  z.string().meta({ description: `${what}; sent as \`name[0]\`, \`name[1]\`, …` });
const imageFields = {
  images: z
    .array(file)
    .max(UPLOAD_LIMITS.maxFiles)
    .optional()
    .meta({
      description: `New image files (jpeg, png, gif, webp; ≤ 10 MB each, ≤ ${UPLOAD_LIMITS.maxFiles} per request)`,
    }),
  'altTexts[i]': indexed(`Alt text of the i-th new file (≤ ${ALT_TEXT_MAX} characters)`).optional(),
  'existingImages[i]': indexed('Id of an image to keep; images not listed are removed').optional(),
  'existingAltTexts[i]': indexed('New alt text of existingImages[i]').optional(),
};
const libraryForm = z.object({
  title: z.string().min(1).max(LIBRARY_TITLE_MAX).meta({ description: 'Required after trimming' }),
  description: z.string().max(LIBRARY_DESCRIPTION_MAX).optional(),
  month: z.enum(LIBRARY_MONTHS as unknown as [string, ...string[]]).optional(),
  ...imageFields,
});
const imagesForm = z.object({
  ...imageFields,
  'imageOrder[i]': indexed(
    'Final order: an existing image id or `new:<k>` for the k-th new file',
  ).optional(),
});
const multipart = {
  consumes: ['multipart/form-data'],
} as const;

const one = envelopeSchema(imageLibraryOneSchema);

export interface ImageLibraryRoutesDeps {
  libraries: ImageLibraryService;
}

export const imageLibraryRoutes =
  ({ libraries }: ImageLibraryRoutesDeps) =>
  async (app: FastifyInstance) => {
    await registerMultipart(app);
    const r = app.withTypeProvider<ZodTypeProvider>();
    const formOf =
      (request: FastifyRequest): FormSource =>
      (spec) =>
        readMultipart(request, spec);

    r.get(
      base,
      {
        config: { access: 'image-libraries.view' },
        schema: {
          tags,
          summary: 'List image libraries, newest first; search over title, description and month',
          querystring: imageLibraryListQuerySchema,
          response: {
            200: envelopeSchema(imageLibraryListSchema),
            ...errorResponses(400, 401, 403),
          },
        },
      },
      async (request) => ok(await libraries.list(request.query), IMAGE_LIBRARY_MESSAGES.listed),
    );

    r.get(
      `${base}/:id`,
      {
        config: { access: 'image-libraries.view' },
        schema: {
          tags,
          summary: 'One image library (answered as data.data)',
          params: idParams,
          response: { 200: one, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) =>
        okRecord(await libraries.get(request.params.id), IMAGE_LIBRARY_MESSAGES.fetched),
    );

    r.post(
      base,
      {
        config: { access: 'image-libraries.create', audit: IMAGE_LIBRARIES_AUDIT.create },
        validatorCompiler: multipartValidatorCompiler,
        schema: {
          tags,
          summary: 'Create an image library (multipart), with its first images if any',
          ...multipart,
          body: libraryForm,
          response: { 201: one, ...errorResponses(400, 401, 403, 413, 415) },
        },
      },
      async (request, reply) => {
        const created = await libraries.create(
          requireAuth(request).admin.id,
          formOf(request),
          request.log,
        );
        reply.code(201);
        return okRecord(created, IMAGE_LIBRARY_MESSAGES.created, 201);
      },
    );

    r.put(
      `${base}/:id`,
      {
        config: { access: 'image-libraries.update', audit: IMAGE_LIBRARIES_AUDIT.update },
        validatorCompiler: multipartValidatorCompiler,
        schema: {
          tags,
          summary:
            'Update an image library (multipart); the images change only when image fields are sent',
          ...multipart,
          params: idParams,
          querystring: forceQuerySchema,
          body: libraryForm,
          response: {
            200: one,
            ...errorResponses(400, 401, 403, 404, 413, 415),
            409: dependantsErrorSchema,
          },
        },
      },
      async (request) =>
        okRecord(
          await libraries.update(
            request.params.id,
            formOf(request),
            request.log,
            forceOf(request, 'image-libraries.delete'),
          ),
          IMAGE_LIBRARY_MESSAGES.updated,
        ),
    );

    r.put(
      `${base}/:id/images`,
      {
        config: { access: 'image-libraries.update', audit: IMAGE_LIBRARIES_AUDIT.images },
        validatorCompiler: multipartValidatorCompiler,
        schema: {
          tags,
          summary:
            'Keep, re-caption, remove, reorder and add images in one transaction (multipart); ?force=true: see DELETE',
          ...multipart,
          params: idParams,
          querystring: forceQuerySchema,
          body: imagesForm,
          response: {
            200: one,
            ...errorResponses(400, 401, 403, 404, 413, 415),
            409: dependantsErrorSchema,
          },
        },
      },
      async (request) =>
        okRecord(
          await libraries.updateImages(
            request.params.id,
            formOf(request),
            request.log,
            forceOf(request, 'image-libraries.delete'),
          ),
          IMAGE_LIBRARY_MESSAGES.imagesUpdated,
        ),
    );

    r.delete(
      `${base}/:id`,
      {
        config: { access: 'image-libraries.delete', audit: IMAGE_LIBRARIES_AUDIT.remove },
        schema: {
          tags,
          summary:
            'Delete an image library with its images and files; in use: 409 unless ?force=true (removes the uses)',
          params: idParams,
          querystring: forceQuerySchema,
          response: {
            200: envelopeSchema(imageLibraryDeletedSchema),
            ...errorResponses(400, 401, 403, 404),
            409: dependantsErrorSchema,
          },
        },
      },
      async (request) =>
        ok(
          await libraries.remove(
            request.params.id,
            request.log,
            forceOf(request, 'image-libraries.delete'),
          ),
          IMAGE_LIBRARY_MESSAGES.deleted,
        ),
    );

    r.patch(
      `${base}/:id/toggle-status`,
      {
        config: { access: 'image-libraries.update', audit: IMAGE_LIBRARIES_AUDIT.status },
        schema: {
          tags,
          summary: 'Switch the status between active and inactive (no body)',
          params: idParams,
          response: { 200: one, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => {
        const library = await libraries.toggleStatus(request.params.id);
        return okRecord(
          library,
          library.status === 'active'
            ? IMAGE_LIBRARY_MESSAGES.activated
            : IMAGE_LIBRARY_MESSAGES.deactivated,
        );
      },
    );
  };
