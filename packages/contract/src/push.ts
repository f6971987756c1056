import { z } from 'zod';

/**
 * Web push (issue 9, spec §4/§6/§7): `POST /api/v1/common/save-fcm-token` {userToken, fcmToken,
 * type: 'Admin'}. `fcmToken` carries the standard Web Push subscription as JSON text
 * (PushSubscription.toJSON()); `userToken` is the admin's session token (null for cookie sessions,
 * which the cookie identifies).
 */
export const pushSubscriptionSchema = z.strictObject({
  endpoint: z.url({ protocol: /^https$/ }).max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({
    p256dh: z.string().min(1).max(200),
    auth: z.string().min(1).max(100),
  }),
});
export type PushSubscriptionJson = z.infer<typeof pushSubscriptionSchema>;

export const saveFcmTokenRequestSchema = z.strictObject({
  userToken: z.string().max(512).nullable(),
  fcmToken: z
    .string()
    .max(4096)
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'fcmToken must be a push subscription' });
        return z.NEVER;
      }
    })
    .pipe(pushSubscriptionSchema),
  type: z.literal('Admin'),
});
export type SaveFcmTokenRequest = z.input<typeof saveFcmTokenRequestSchema>;

/** `GET /api/v1/common/vapid-public-key` (signed in): the application server key. */
export const vapidPublicKeySchema = z.object({ publicKey: z.string() });

/** What a push message carries (the service worker shows title, body and icon). */
export interface PushPayload {
  title: string;
  body: string;
  icon?: string;
  image?: string;
  /** Opened on click; '/' when absent. */
  clickAction?: string;
}
