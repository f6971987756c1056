import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  PUSH_MESSAGES as M,
  envelopeSchema,
  requestSchema,
  saveFcmTokenRequestSchema,
  savedPushSubscriptionSchema,
  vapidPublicKeySchema,
} from '@safarnama/contract';
import { requireAuth } from '../../http/access.js';
import { ok } from '../../http/envelope.js';
import { errorResponses } from '../../http/schemas.js';
import type { PushService } from './push.service.js';
import { PUSH_AUDIT } from './push.audit.js';

const P = API_PATHS.common;
const tags = ['push'];

export interface PushRoutesDeps {
  push: PushService;
}

/** Web push registration of the signed-in admin (spec §4 push registration, §7 save-fcm-token). */
export const pushRoutes =
  ({ push }: PushRoutesDeps) =>
  async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      P.vapidPublicKey,
      {
        config: { access: 'self' },
        schema: {
          tags,
          summary: 'The VAPID public key (base64url) to subscribe with (applicationServerKey)',
          response: { 200: envelopeSchema(vapidPublicKeySchema), ...errorResponses(401) },
        },
      },
      async () => ok({ publicKey: await push.publicKey() }, M.vapid),
    );

    r.post(
      P.saveFcmToken,
      {
        config: { access: 'self', audit: PUSH_AUDIT.register },
        schema: {
          tags,
          summary:
            "Save this browser's push subscription for me (fcmToken = PushSubscription.toJSON() as JSON text, type 'Admin')",
          body: requestSchema(saveFcmTokenRequestSchema),
          response: {
            200: envelopeSchema(savedPushSubscriptionSchema),
            ...errorResponses(400, 401, 403),
          },
        },
      },
      async (request) => {
        const { refreshAfter } = await push.register(
          requireAuth(request),
          request.body.data,
          request.headers['user-agent'] ?? null,
        );
        return ok({ saved: true as const, refreshAfter: refreshAfter.toISOString() }, M.saved);
      },
    );
  };
