import { z } from 'zod';
import { PASSWORD_MAX, emailSchema, loginLocationSchema, tokenTypeSchema } from './auth.js';
import { PASSWORD_POLICY, isCommonPassword, passwordLength } from './password-policy.js';
import { paginationSchema } from './pagination.js';

/**
 * Account security (issue 7): password reset and invitation links, profile, password change,
 * login activity, two-factor authentication. Bodies travel inside `data` (see `requestSchema`).
 */

/**
 * A new password (SECURITY.md case 4): 12 to 128 characters counted as code points (an emoji is
 * one), never truncated, not one of the common passwords. The server adds the account-specific
 * check (not the e-mail or name).
 */
export const newPasswordSchema = z
  .string()
  .max(PASSWORD_MAX * 2, PASSWORD_POLICY.messages.tooLong)
  .superRefine((value, ctx) => {
    const length = passwordLength(value);
    if (length < PASSWORD_POLICY.minLength) {
      ctx.addIssue({ code: 'custom', message: PASSWORD_POLICY.messages.tooShort });
    } else if (length > PASSWORD_POLICY.maxLength) {
      ctx.addIssue({ code: 'custom', message: PASSWORD_POLICY.messages.tooLong });
    } else if (isCommonPassword(value)) {
      ctx.addIssue({ code: 'custom', message: PASSWORD_POLICY.messages.common });
    }
  });

/**
 * A reset or invitation token as the link carries it: 256 random bits, base64url (43 characters).
 * Anything else (`{}`, `[]`, null, a number, a 10 kB string) is a 400 (SECURITY.md case 6).
 */
export const linkTokenSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/, 'The reset link is either invalid or has expired.');

/** `POST /admin/auth/forgot-password`. */
export const forgotPasswordRequestSchema = z.strictObject({ email: emailSchema });
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequestSchema>;

/** `POST /admin/auth/validate-forgot-password-token`: 200 when valid, 400 otherwise. */
export const validateLinkTokenRequestSchema = z.strictObject({ token: linkTokenSchema });

/** `POST /admin/auth/forgot-set-password` (also accepts invitation links). */
export const forgotSetPasswordRequestSchema = z.strictObject({
  token: linkTokenSchema,
  password: newPasswordSchema,
});
export type ForgotSetPasswordRequest = z.input<typeof forgotSetPasswordRequestSchema>;

/** What a valid link is for: the set-password screen words itself accordingly. */
export const LINK_PURPOSES = ['reset', 'invite'] as const;
export type LinkPurpose = (typeof LINK_PURPOSES)[number];
export const validateLinkTokenResponseSchema = z.object({
  purpose: z.enum(LINK_PURPOSES),
  email: z.string(),
});
export type ValidateLinkTokenResponse = z.infer<typeof validateLinkTokenResponseSchema>;

/** Link lifetimes (issue 7): reset 30 minutes, invitation 72 hours. */
export const LINK_TTL_MINUTES = { reset: 30, invite: 72 * 60 } as const;

/** `POST /admin/auth/change-password`: other sessions are revoked, the current one stays. */
export const changePasswordRequestSchema = z.strictObject({
  currentPassword: z
    .string()
    .min(1, 'Current password is required')
    .max(PASSWORD_MAX * 2),
  newPassword: newPasswordSchema,
});
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;

export const PHONE_PATTERN = /^\+?[0-9][0-9 ()-]{5,22}[0-9]$/;
export const phoneSchema = z
  .string()
  .trim()
  .max(24)
  .refine((value) => value === '' || PHONE_PATTERN.test(value), 'Enter a valid phone number')
  .transform((value) => (value === '' ? null : value));

export const NAME_MAX = 100;
export const personNameSchema = z
  .string()
  .trim()
  .min(1, 'Name is required')
  .max(NAME_MAX, `Name must be at most ${NAME_MAX} characters`);

/**
 * Text fields of `POST /admin/auth/update-profile-details` (multipart; the `avatar` image file
 * travels beside them through the media pipeline). Changing `email` needs `currentPassword`.
 * `removeAvatar` 'true' clears the picture.
 */
export const updateProfileFieldsSchema = z.strictObject({
  name: personNameSchema,
  phone: phoneSchema.default(''),
  email: emailSchema.optional(),
  currentPassword: z
    .string()
    .max(PASSWORD_MAX * 2)
    .optional(),
  removeAvatar: z
    .union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')])
    .default(false),
});
export type UpdateProfileFields = z.input<typeof updateProfileFieldsSchema>;

/** Sign-in attempt outcomes shown on the login activity screen. */
export const LOGIN_RESULTS = [
  'success',
  'failed',
  'locked',
  'two_factor_required',
  'two_factor_failed',
  /** A right authenticator code whose step was already used (a replay); counts like a wrong one. */
  'two_factor_reused',
] as const;
export type LoginResult = (typeof LOGIN_RESULTS)[number];

/** One row of `GET /admin/auth/get-login-activity` (newest first). */
export const loginActivitySchema = z.object({
  _id: z.string(),
  result: z.enum(LOGIN_RESULTS),
  /** How the second step was passed when it was: 'totp' or 'recovery_code'. */
  method: z.enum(['password', 'totp', 'recovery_code']),
  createdAt: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  browser: z.string(),
  os: z.string(),
  device: z.enum(['desktop', 'mobile', 'tablet', 'unknown']),
  location: loginLocationSchema.nullable(),
  /** The session it opened (successful sign-ins only). */
  session: z
    .object({
      _id: z.string(),
      tokenType: tokenTypeSchema,
      active: z.boolean(),
      current: z.boolean(),
      lastSeenAt: z.string(),
    })
    .nullable(),
});
export type LoginActivity = z.infer<typeof loginActivitySchema>;

export const loginActivityListSchema = z.object({
  activities: z.array(loginActivitySchema),
  pagination: paginationSchema,
  /** Sessions of this admin that are still open, the current one included. */
  activeSessions: z.number().int().min(0),
});
export type LoginActivityList = z.infer<typeof loginActivityListSchema>;

/** `POST /admin/auth/logout-all-other-device` answers how many sessions it closed. */
export const logoutOthersResponseSchema = z.object({ revoked: z.number().int().min(0) });

/** A six-digit TOTP code or a recovery code (`xxxxx-xxxxx`, case and dash insensitive). */
export const otpSchema = z
  .string()
  .trim()
  .min(6, 'Enter the 6-digit code')
  .max(20, 'Enter the 6-digit code or a recovery code')
  .regex(
    /^[0-9]{6}$|^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/,
    'Enter the 6-digit code or a recovery code',
  );

/** `POST /admin/auth/generate-2fa-secret` (no body): the pending secret to scan or type. */
export const twoFactorSecretSchema = z.object({
  /** Base32 key for manual entry. */
  secret: z.string(),
  otpauthUrl: z.string(),
  /** PNG data URL of the QR code. */
  qrCode: z.string(),
});
export type TwoFactorSecret = z.infer<typeof twoFactorSecretSchema>;

/** `POST /admin/auth/verify-2fa-enable-otp` {otp}: turns 2FA on. */
export const verifyTwoFactorRequestSchema = z.strictObject({
  otp: z
    .string()
    .trim()
    .regex(/^[0-9]{6}$/, 'Enter the 6-digit code'),
});
/** Ten one-time recovery codes, shown once (only their hashes are kept). */
export const RECOVERY_CODE_COUNT = 10;
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/**
 * `POST /admin/auth/disable-2fa`: a current code (or a recovery code) or the password. The spec
 * shows no body; we require proof so a stolen session cannot turn 2FA off (ARCHITECTURE.md).
 */
export const disableTwoFactorRequestSchema = z.union([
  z.strictObject({ otp: otpSchema }),
  z.strictObject({
    password: z
      .string()
      .min(1, 'Password is required')
      .max(PASSWORD_MAX * 2),
  }),
]);
export type DisableTwoFactorRequest = z.input<typeof disableTwoFactorRequestSchema>;

/** `POST /admin/auth/validate-login-token` {loginToken, otp}: the second sign-in step. */
export const validateLoginTokenRequestSchema = z.strictObject({
  loginToken: linkTokenSchema,
  otp: otpSchema,
});
export type ValidateLoginTokenRequest = z.input<typeof validateLoginTokenRequestSchema>;

/** A login challenge lives 5 minutes and allows five wrong codes (SECURITY.md case 7). */
export const LOGIN_CHALLENGE = { ttlMinutes: 5, maxAttempts: 5 } as const;

export const ACCOUNT_MESSAGES = {
  forgotPassword:
    'If an account exists for that e-mail, a link to set a new password is on its way. It is valid for 30 minutes.',
  linkValid: 'The link is valid',
  linkInvalid: 'The reset link is either invalid or has expired. Please request a new one.',
  passwordSet: 'Your password has been set. Sign in with your new password.',
  profileUpdated: 'Profile updated successfully',
  emailNeedsPassword: 'Enter your current password to change your e-mail address',
  emailTaken: 'Another admin already uses this e-mail address',
  currentPasswordWrong: 'The current password is not correct',
  passwordChanged: 'Password changed. Your other sessions have been signed out.',
  passwordSameAsOld: 'The new password must differ from the current one',
  passwordPersonal: 'The password must not contain your e-mail or name',
  loginActivity: 'Login activity fetched successfully',
  loggedOutOthers: 'Signed out of all other devices',
  twoFactorRequired: 'Enter the code from your authenticator app',
  twoFactorSecret: 'Scan the QR code with your authenticator app, then enter the code it shows',
  twoFactorAlreadyOn: 'Two-factor authentication is already on',
  twoFactorNotStarted: 'Generate a new secret first',
  twoFactorEnabled: 'Two-factor authentication is on. Keep your recovery codes somewhere safe.',
  twoFactorDisabled: 'Two-factor authentication is off',
  twoFactorNotOn: 'Two-factor authentication is not on',
  invalidCode: 'The code is not valid. Try the current code from your app.',
  /** A right TOTP code whose 30-second step was already spent (each step signs in once). */
  codeAlreadyUsed: 'This code was already used. Wait for the next code in your authenticator app.',
  loginChallengeExpired: 'The sign-in has expired. Sign in again.',
  tooManyCodes: 'Too many wrong codes. Sign in again.',
} as const;
