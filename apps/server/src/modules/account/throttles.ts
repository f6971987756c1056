/**
 * Throttle keys and limits of the account-security routes, all on the sign-in throttle table
 * (`login_throttle`, atomic fixed windows; see auth.repo `reserveAttempt`). Each kind has its own
 * key prefix, so a forgot-password flood never locks anyone's sign-in and vice versa.
 */
const MINUTES = 60;

/** Codes checked per admin (login second step, enabling and disabling 2FA): 10 per 15 minutes. */
export const CODE_THROTTLE = { windowSeconds: 15 * MINUTES, limit: 10 } as const;
export const codeKey = (adminId: string) => `2fa:${adminId}`;

/** Current-password checks of a signed-in admin (change password, e-mail, disable 2FA). */
export const PASSWORD_CHECK_THROTTLE = { windowSeconds: 15 * MINUTES, limit: 5 } as const;
export const passwordCheckKey = (adminId: string) => `pwcheck:${adminId}`;

/**
 * Forgot-password requests: 3 mails per account and 10 requests per IP address an hour. Past the
 * limit the answer stays the same and no mail goes out (an attacker learns nothing, and cannot
 * flood a mailbox).
 */
export const FORGOT_THROTTLE = {
  windowSeconds: 60 * MINUTES,
  accountLimit: 3,
  ipLimit: 10,
} as const;
export const forgotAccountKey = (email: string) => `forgot:acct:${email.trim().toLowerCase()}`;
export const forgotIpKey = (ip: string) => `forgot:ip:${ip}`;
