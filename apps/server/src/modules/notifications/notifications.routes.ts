import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  NOTIFICATION_MESSAGES as M,
  envelopeSchema,
  listQuerySchema,
  markNotificationsReadRequestSchema,
  notificationListSchema,
  requestSchema,
  unreadCountSchema,
} from '@safarnama/contract';
import { requireAuth } from '../../http/access.js';
import { ok } from '../../http/envelope.js';
import { errorResponses } from '../../http/schemas.js';
import type { NotificationService } from './notifications.service.js';
import { NOTIFICATIONS_AUDIT } from './notifications.audit.js';

const P = API_PATHS.auth;
const tags = ['notifications'];

export interface NotificationRoutesDeps {
  notifications: NotificationService;
}

/** The signed-in admin's own in-app notifications (spec §7 under /admin/auth). */
export const notificationRoutes =
  ({ notifications }: NotificationRoutesDeps) =>
  async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      P.notifications,
      {
        config: { access: 'self' },
        schema: {
          tags,
          summary: 'My notifications, newest first (page, limit, search over title and message)',
          querystring: listQuerySchema,
          response: { 200: envelopeSchema(notificationListSchema), ...errorResponses(400, 401) },
        },
      },
      async (request) =>
        ok(await notifications.list(requireAuth(request).admin.id, request.query), M.list),
    );

    r.post(
      P.markNotificationsRead,
      {
        config: { access: 'self', audit: NOTIFICATIONS_AUDIT.markRead },
        schema: {
          tags,
          summary: 'Mark some of my notifications read (ids of other admins are ignored)',
          body: requestSchema(markNotificationsReadRequestSchema),
          response: { 200: envelopeSchema(unreadCountSchema), ...errorResponses(400, 401, 403) },
        },
      },
      async (request) =>
        ok(
          await notifications.markAsRead(requireAuth(request).admin.id, request.body.data),
          M.marked,
        ),
    );

    r.post(
      P.markAllNotificationsRead,
      {
        config: { access: 'self', audit: NOTIFICATIONS_AUDIT.markAllRead },
        schema: {
          tags,
          summary: 'Mark all my notifications read',
          response: { 200: envelopeSchema(unreadCountSchema), ...errorResponses(401, 403) },
        },
      },
      async (request) =>
        ok(await notifications.markAllAsRead(requireAuth(request).admin.id), M.markedAll),
    );
  };
