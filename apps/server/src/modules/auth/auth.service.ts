import type { z } from 'zod';
import type { LoginResponse, TokenType, loginRequestSchema } from '@safarnama/contract';
import type { Database } from '../../db/client.js';
import type { AuthContext } from '../../http/access.js';
import { RateLimited, Unauthenticated } from '../../http/errors.js';
import type { PasswordHasher } from '../../lib/password.js';
import { generatePassword, hashToken, newToken } from '../../lib/tokens.js';
import { findAdminWithTypeByEmail, setLastLogin } from '../admins/admins.repo.js';
import { effectivePermissions } from '../roles/roles.repo.js';
import {
  clearAttempts,
  findSessionByTokenHash,
  insertSession,
  refundAttempt,
  reserveAttempt,
  revokeSession,
  touchSession,
} from './auth.repo.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Session lifetimes. A `Session` token lives in the tab's sessionStorage: 8 h without use, 24 h at
 * most. A `Cookie` token (remember me): 7 days without use, 30 days at most. Use extends the idle
 * expiry (never past the absolute one), written at most once a minute per session.
 */
export const SESSION_POLICY: Record<TokenType, { idleMs: number; absoluteMs: number }> = {
  Session: { idleMs: 8 * HOUR, absoluteMs: 24 * HOUR },
  Cookie: { idleMs: 7 * DAY, absoluteMs: 30 * DAY },
};
export const TOUCH_INTERVAL_MS = MINUTE;

/** Sign-in throttle: fixed 15-minute windows, 5 attempts per account, 20 per IP address. */
export const LOGIN_THROTTLE = { windowSeconds: 15 * 60, accountLimit: 5, ipLimit: 20 } as const;

export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  loginSuccess: 'Login successful',
  logoutSuccess: 'Logged out successfully',
  profile: 'Profile details fetched successfully',
  tooManyAttempts: (seconds: number) => {
    const minutes = Math.max(1, Math.ceil(seconds / 60));
    return `Too many sign-in attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
  },
} as const;

export type LoginInput = z.output<typeof loginRequestSchema>;

export interface LoginMeta {
  ip: string;
  userAgent: string | undefined;
}

export interface LoginResult extends LoginResponse {
  /** The raw token, to be put in the cookie for `Cookie` sessions. */
  rawToken: string;
  /** Seconds until the session's absolute expiry (the cookie's Max-Age). */
  maxAgeSeconds: number;
}

export interface AuthServiceDeps {
  db: Database;
  hasher: PasswordHasher;
  now: () => Date;
}

export const accountKey = (email: string) => `acct:${email.trim().toLowerCase()}`;
export const ipKey = (ip: string) => `ip:${ip}`;

export const createAuthService = ({ db, hasher, now }: AuthServiceDeps) => {
  // An unknown e-mail is checked against this hash so it costs as much time as a wrong password.
  let dummyHash: Promise<string> | undefined;
  const getDummyHash = () => (dummyHash ??= hasher.hash(generatePassword()));

  /** Reserves an attempt on the account and on the IP before any password is looked at. */
  const throttle = async (email: string, ip: string) => {
    const { windowSeconds, accountLimit, ipLimit } = LOGIN_THROTTLE;
    const account = await reserveAttempt(db, accountKey(email), accountLimit, windowSeconds);
    const address = await reserveAttempt(db, ipKey(ip), ipLimit, windowSeconds);
    const waits = [
      account.attempts > accountLimit ? account.retryAfterSeconds : 0,
      address.attempts > ipLimit ? address.retryAfterSeconds : 0,
    ];
    const wait = Math.max(...waits);
    if (wait > 0) throw new RateLimited(AUTH_MESSAGES.tooManyAttempts(wait), wait);
  };

  const login = async (input: LoginInput, meta: LoginMeta): Promise<LoginResult> => {
    await throttle(input.email, meta.ip);
    const found = await findAdminWithTypeByEmail(db, input.email);
    const passwordHash = found?.admin.passwordHash ?? (await getDummyHash());
    const valid = await hasher.verify(passwordHash, input.password);
    if (!found || !found.admin.passwordHash || !valid || !found.admin.isActive) {
      throw new Unauthenticated(AUTH_MESSAGES.invalidCredentials);
    }

    const tokenType: TokenType = input.rememberMe ? 'Cookie' : 'Session';
    const policy = SESSION_POLICY[tokenType];
    const at = now();
    const rawToken = newToken();
    await db.transaction(async (tx) => {
      await insertSession(tx, {
        adminId: found.admin.id,
        tokenHash: hashToken(rawToken),
        tokenType,
        ip: meta.ip,
        userAgent: meta.userAgent?.slice(0, 512) ?? null,
        location: input.location ?? null,
        createdAt: at,
        lastSeenAt: at,
        idleExpiresAt: new Date(at.getTime() + policy.idleMs),
        absoluteExpiresAt: new Date(at.getTime() + policy.absoluteMs),
      });
      await setLastLogin(tx, found.admin.id, at);
      await clearAttempts(tx, accountKey(input.email));
      await refundAttempt(tx, ipKey(meta.ip));
    });
    return {
      token: tokenType === 'Session' ? rawToken : null,
      tokenType,
      rawToken,
      maxAgeSeconds: Math.floor(policy.absoluteMs / 1000),
    };
  };

  /** The caller behind a token, or null when the session is unknown, over, revoked or disabled. */
  const authenticate = async (
    token: string,
    via: AuthContext['via'],
  ): Promise<AuthContext | null> => {
    const row = await findSessionByTokenHash(db, hashToken(token));
    if (!row) return null;
    const { session, admin, userType } = row;
    const at = now();
    if (session.revokedAt || !admin.isActive) return null;
    if (session.idleExpiresAt <= at || session.absoluteExpiresAt <= at) return null;
    if (at.getTime() - session.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
      const idle = Math.min(
        at.getTime() + SESSION_POLICY[session.tokenType].idleMs,
        session.absoluteExpiresAt.getTime(),
      );
      await touchSession(db, session.id, at, new Date(idle));
    }
    return { session, admin, userType, permissions: new Set(effectivePermissions(userType)), via };
  };

  const logout = async (auth: AuthContext) => {
    await revokeSession(db, auth.session.id, 'logout', now());
  };

  return { login, authenticate, logout, warmUp: async () => void (await getDummyHash()) };
};

export type AuthService = ReturnType<typeof createAuthService>;
