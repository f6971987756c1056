import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { loginThrottle } from '../../db/schema/index.js';

/**
 * Throttle keys and limits of sign-in and the account-security routes, all on the sign-in
 * throttle table (`login_throttle`, atomic fixed windows; see `reserveAttempt` below). Each kind
 * has its own key prefix, so a forgot-password flood never locks anyone's sign-in and vice versa.
 */
const MINUTES = 60;

/** Sign-in throttle: fixed 15-minute windows, 5 attempts per account, 20 per IP address. */
export const LOGIN_THROTTLE = { windowSeconds: 15 * 60, accountLimit: 5, ipLimit: 20 } as const;
export const accountKey = (email: string) => `acct:${email.trim().toLowerCase()}`;
export const ipKey = (ip: string) => `ip:${ip}`;
/** A trusted browser's own allowance (identity/device-cookies.ts), instead of the account's. */
export const deviceKey = (nonce: string) => `device:${nonce}`;

/** Codes checked per admin (login second step, enabling and disabling 2FA): 10 per 15 minutes. */
export const CODE_THROTTLE = { windowSeconds: 15 * MINUTES, limit: 10 } as const;
export const codeKey = (adminId: string) => `2fa:${adminId}`;

/** Current-password checks of a signed-in admin (change password, e-mail, disable 2FA). */
export const PASSWORD_CHECK_THROTTLE = { windowSeconds: 15 * MINUTES, limit: 5 } as const;
export const passwordCheckKey = (adminId: string) => `pwcheck:${adminId}`;

/** Test messages of the communication settings, per admin: 10 per 15 minutes. */
export const TEST_SEND_THROTTLE = { windowSeconds: 15 * MINUTES, limit: 10 } as const;
export const testSendKey = (adminId: string) => `test-send:${adminId}`;

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

// ── the throttle table ─────────────────────────────────────────────────────────────────────────

export interface Reservation {
  /** Attempts in the current window, this one included. */
  attempts: number;
  /** Seconds until the current window ends (at least 1). */
  retryAfterSeconds: number;
}

/**
 * Reserves one sign-in attempt on a throttle key in a single atomic statement: a new key or an
 * expired window starts over at 1, otherwise the count goes up by one. Parallel requests each get
 * a distinct count, so no more than `limit` of them can ever see `attempts <= limit`.
 */
export const reserveAttempt = async (
  db: Executor,
  key: string,
  limit: number,
  windowSeconds: number,
): Promise<Reservation> => {
  const window = sql`(${windowSeconds}::int * interval '1 second')`;
  const expired = sql`${loginThrottle.windowStartedAt} <= now() - ${window}`;
  const [row] = await db
    .insert(loginThrottle)
    .values({ key, attempts: 1, windowStartedAt: sql`now()` })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        attempts: sql`case when ${expired} then 1 else ${loginThrottle.attempts} + 1 end`,
        windowStartedAt: sql`case when ${expired} then now() else ${loginThrottle.windowStartedAt} end`,
        lockedUntil: sql`case when ${expired} then null
          when ${loginThrottle.attempts} + 1 > ${limit}::int then ${loginThrottle.windowStartedAt} + ${window}
          else ${loginThrottle.lockedUntil} end`,
      },
    })
    .returning({
      attempts: loginThrottle.attempts,
      retryAfterSeconds: sql<number>`greatest(1, ceil(extract(epoch from (${loginThrottle.windowStartedAt} + ${window} - now()))))::int`,
    });
  if (!row) throw new Error('throttle reservation returned nothing');
  return { attempts: Number(row.attempts), retryAfterSeconds: Number(row.retryAfterSeconds) };
};

/** Forgets a key's failures (a successful sign-in clears its account key). */
export const clearAttempts = async (db: Executor, key: string) => {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
};

/** Gives back one reserved attempt (a successful sign-in does not count against its IP). */
export const refundAttempt = async (db: Executor, key: string) => {
  await db
    .update(loginThrottle)
    .set({ attempts: sql`greatest(0, ${loginThrottle.attempts} - 1)` })
    .where(eq(loginThrottle.key, key));
};
