import { timingSafeEqual } from 'node:crypto';
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
import { requireAuth, type AuthContext } from '../../http/access.js';
import { ok } from '../../http/envelope.js';
import { BadRequest } from '../../http/errors.js';
import { errorResponses } from '../../http/schemas.js';
import { hashToken } from '../../lib/tokens.js';
import type { PushService } from './push.service.js';

const P = API_PATHS.common;
const tags = ['push'];

export interface PushRoutesDeps {
  push: PushService;
}

/** A token sent in the body must be the one this request is signed in with (null: the cookie). */
const isOwnSessionToken = (auth: AuthContext, userToken: string) => {
  const sent = Buffer.from(hashToken(userToken));
  const own = Buffer.from(auth.session.tokenHash);
  return sent.length === own.length && timingSafeEqual(sent, own);
};

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
        config: { access: 'self' },
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
        const auth = requireAuth(request);
        const { userToken, fcmToken } = request.body.data;
        if (userToken !== null && !isOwnSessionToken(auth, userToken)) {
          throw new BadRequest(M.userTokenMismatch);
        }
        const { refreshAfter } = await push.save(
          auth.admin.id,
          fcmToken,
          request.headers['user-agent'] ?? null,
        );
        return ok({ saved: true as const, refreshAfter: refreshAfter.toISOString() }, M.saved);
      },
    );
  };
