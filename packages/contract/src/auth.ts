import { z } from 'zod';

/** Login location data (spec §3), as the browser gathers it before sign-in. */
export const loginLocationSchema = z.strictObject({
  ip: z.string().trim().max(64),
  lat: z.number().min(-90).max(90),
  long: z.number().min(-180).max(180),
  address: z.strictObject({
    country: z.string().trim().max(120),
    state: z.string().trim().max(120),
    city: z.string().trim().max(120),
    pinCode: z.string().trim().max(32),
    complete_display_address: z.string().trim().max(500),
  }),
});
export type LoginLocation = z.infer<typeof loginLocationSchema>;

export const EMAIL_MAX = 254;
export const PASSWORD_MAX = 128;

export const emailSchema = z
  .string()
  .trim()
  .max(EMAIL_MAX, 'E-mail must be at most 254 characters')
  .pipe(z.email('Enter a valid e-mail address'));

/** Body (inside `data`) of `POST /admin/auth/login`. */
export const loginRequestSchema = z.strictObject({
  email: emailSchema,
  // 128 characters as the policy counts them (code points); an emoji is two UTF-16 units, so
  // the raw string may be twice as long. Never truncated.
  password: z
    .string()
    .min(1, 'Password is required')
    .max(PASSWORD_MAX * 2),
  rememberMe: z.boolean().default(false),
  location: loginLocationSchema.optional(),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const TOKEN_TYPES = ['Cookie', 'Session'] as const;
export const tokenTypeSchema = z.enum(TOKEN_TYPES);
export type TokenType = z.infer<typeof tokenTypeSchema>;

/**
 * Answer of a successful login (spec §3: token and tokenType). With `Session` the token is in the
 * body for sessionStorage; with `Cookie` the server sets the HttpOnly `authToken` cookie and the
 * body's token is null, so no script ever reads a remembered session (DESIGN §4).
 */
export const loginResponseSchema = z.object({
  token: z.string().nullable(),
  tokenType: tokenTypeSchema,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/**
 * With two-factor on, a correct password answers this challenge instead; the client then calls
 * `validate-login-token` with the loginToken and a code to get the {token, tokenType} answer.
 */
export const twoFactorChallengeSchema = z.object({
  twoFactorRequired: z.literal(true),
  loginToken: z.string(),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;

/** Answer of `POST /admin/auth/login`: a session, or the two-factor challenge. */
export const loginAnswerSchema = z.union([loginResponseSchema, twoFactorChallengeSchema]);
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;
export const isTwoFactorChallenge = (answer: LoginAnswer): answer is TwoFactorChallenge =>
  'twoFactorRequired' in answer;

/** The signed-in admin as `GET /admin/auth/get-profile-details` answers it. */
export const profileSchema = z.object({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  isActive: z.boolean(),
  twoFactorEnabled: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
  userType: z.object({
    _id: z.string(),
    name: z.string(),
    isSuperAdmin: z.boolean(),
  }),
  permissions: z.array(z.string()),
  /**
   * The id of the session this answer was asked with (the `_id` of its login-activity row's
   * session): the realtime layer skips the toast of a notification this session caused itself
   * (`NotificationEvent.causedBySessionId`).
   */
  sessionId: z.string().optional(),
});
export type Profile = z.infer<typeof profileSchema>;
