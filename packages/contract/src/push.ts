import { z } from 'zod';

/**
 * Web push (issue 9, spec §4/§6/§7): `POST /api/v1/common/save-fcm-token` {userToken, fcmToken,
 * type: 'Admin'}. `fcmToken` carries the standard Web Push subscription as JSON text
 * (PushSubscription.toJSON()); `userToken` is the admin's session token (null for cookie sessions,
 * which the cookie identifies).
 */
export const pushSubscriptionSchema = z.strictObject({
  /**
   * The push service's URL. https, except plain http to a loopback host (a local push service in
   * tests); the server also checks the host against PUSH_SERVICE_HOSTS.
   */
  endpoint: z.url({ protocol: /^https?$/ }).max(2048),
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

/** `GET /api/v1/common/vapid-public-key` (signed in): the application server key (base64url). */
export const vapidPublicKeySchema = z.object({ publicKey: z.string() });
export type VapidPublicKey = z.infer<typeof vapidPublicKeySchema>;

/** `save-fcm-token` answers `data: {saved: true, refreshAfter}` (ISO; the web re-saves after it). */
export const savedPushSubscriptionSchema = z.object({
  saved: z.literal(true),
  refreshAfter: z.string(),
});
export type SavedPushSubscription = z.infer<typeof savedPushSubscriptionSchema>;

/** The web re-registers its subscription after this long (spec §9). */
export const PUSH_REFRESH_MS = 7 * 24 * 60 * 60 * 1000;

export const PUSH_MESSAGES = {
  saved: 'Push token saved successfully',
  vapid: 'Push key fetched successfully',
  endpointNotAllowed: 'This push service is not allowed',
  userTokenMismatch: 'userToken does not belong to this session',
  invalidKeys: 'The push subscription keys are not valid',
} as const;

/** What a push message carries (the service worker shows title, body and icon). */
export interface PushPayload {
  title: string;
  body: string;
  icon?: string;
  image?: string;
  /** Opened on click; '/' when absent. */
  clickAction?: string;
}
