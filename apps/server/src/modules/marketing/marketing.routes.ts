import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_PATHS,
  MARKETING_CHANNELS,
  MARKETING_MESSAGES as M,
  addScheduledNotificationFieldsSchema,
  deleteScheduledNotificationRequestSchema,
  envelopeSchema,
  requestSchema,
  scheduledNotificationListQuerySchema,
  scheduledNotificationListSchema,
  scheduledNotificationSchema,
  updateScheduledNotificationFieldsSchema,
} from '@safarnama/contract';
import { requireAuth } from '../../http/access.js';
import { ok, okRecord } from '../../http/envelope.js';
import { docFile, multipartDoc } from '../../http/form-fields.js';
import { formReader, multipartValidatorCompiler, registerMultipart } from '../../http/multipart.js';
import { errorResponses } from '../../http/schemas.js';
import { CHANNELS_FIELD, IMAGE_FIELD, type MarketingService } from './marketing.service.js';
import { MARKETING_AUDIT } from './marketing.audit.js';

const P = API_PATHS.marketing;
const tags = ['marketing'];
const multipart = { consumes: ['multipart/form-data'] } as const;
const one = envelopeSchema(z.object({ data: scheduledNotificationSchema }));
const extra = {
  [IMAGE_FIELD]: docFile('Image (jpeg, png, gif, webp; ≤ 10 MB); a new one replaces the old'),
  [`${CHANNELS_FIELD}[i]`]: z
    .enum(MARKETING_CHANNELS)
    .optional()
    .meta({ description: 'Channels, sent as `channels[0]`, `channels[1]`, … (at least one)' }),
};
const required = ['title', 'message', 'audienceType', 'scheduledAt'];

export interface MarketingRoutesDeps {
  marketing: Pick<MarketingService, 'add' | 'list' | 'update' | 'remove'>;
}

/** Spec §7 "Marketing": scheduled notifications under /api/v1/admin/marketing. */
export const marketingRoutes =
  ({ marketing }: MarketingRoutesDeps) =>
  async (app: FastifyInstance) => {
    await registerMultipart(app);
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post(
      P.add,
      {
        config: { access: 'marketing.create', audit: MARKETING_AUDIT.add },
        validatorCompiler: multipartValidatorCompiler,
        schema: {
          tags,
          summary:
            'Schedule a notification (multipart): title, message, optional image (or copyImageFrom: the id of a notification whose image is copied) and link, channels, audience, a future time',
          ...multipart,
          body: multipartDoc(addScheduledNotificationFieldsSchema, required, extra),
          response: { 201: one, ...errorResponses(400, 401, 403, 413, 415) },
        },
      },
      async (request, reply) => {
        const saved = await marketing.add(requireAuth(request), formReader(request), request.log);
        reply.code(201);
        return okRecord(saved, M.created, 201);
      },
    );

    r.get(
      P.list,
      {
        config: { access: 'marketing.view' },
        schema: {
          tags,
          summary:
            'Scheduled notifications, newest scheduled time first; search over title and message, optional status',
          querystring: scheduledNotificationListQuerySchema,
          response: {
            200: envelopeSchema(scheduledNotificationListSchema),
            ...errorResponses(400, 401, 403),
          },
        },
      },
      async (request) => ok(await marketing.list(request.query), M.list),
    );

    r.post(
      P.update,
      {
        config: { access: 'marketing.update', audit: MARKETING_AUDIT.update },
        validatorCompiler: multipartValidatorCompiler,
        schema: {
          tags,
          summary:
            'Change a notification that is still scheduled (multipart: id, the fields, image, removeImage); 409 once sending started',
          ...multipart,
          body: multipartDoc(updateScheduledNotificationFieldsSchema, ['id', ...required], extra),
          response: { 200: one, ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
        },
      },
      async (request) =>
        okRecord(await marketing.update(formReader(request), request.log), M.updated),
    );

    r.post(
      P.delete,
      {
        config: { access: 'marketing.delete', audit: MARKETING_AUDIT.remove },
        schema: {
          tags,
          summary:
            'Delete a notification that is still scheduled (and its image); 409 once sending started',
          body: requestSchema(deleteScheduledNotificationRequestSchema),
          response: {
            200: envelopeSchema(z.object({ _id: z.string(), id: z.string() })),
            ...errorResponses(400, 401, 403, 404, 409),
          },
        },
      },
      async (request) => ok(await marketing.remove(request.body.data.id, request.log), M.deleted),
    );
  };
