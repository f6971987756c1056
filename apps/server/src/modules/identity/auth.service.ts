import type { z } from 'zod';
import {
  ACCOUNT_MESSAGES,
  LOGIN_CHALLENGE,
  PERMISSION_KEYS,
  withDependencies,
  type LoginResponse,
  type PermissionKey,
  type TokenType,
  type loginRequestSchema,
  type validateLoginTokenRequestSchema,
} from '@safarnama/contract';
import type { Database, Executor } from '../../db/client.js';
import { noteActor, transaction } from '../../db/transaction.js';
import type { AuthContext, UserTypeRow } from '../../http/access.js';
import { BadRequest, RateLimited, Unauthenticated, ValidationError } from '../../http/errors.js';
import type { PasswordHasher } from '../../lib/password.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { generatePassword, hashToken, newToken } from '../../lib/tokens.js';
import type { Realtime } from '../../realtime/hub.js';
import type {
  NotificationInput,
  NotificationService,
} from '../notifications/notifications.service.js';
import {
  bumpChallengeAttempts,
  consumeLoginChallenge,
  countUnusedRecoveryCodes,
  findAdminWithTypeByEmail,
  insertLoginChallenge,
  lockLoginChallenge,
  recentSignIns,
  replacePasswordHash,
  setLastLogin,
} from './identity.repo.js';
import {
  findSessionByTokenHash,
  insertSession,
  revokeSession,
  touchSession,
} from './sessions.repo.js';
import { newSignInNotice, recordLoginAttempt, type AttemptSource } from './sign-ins.js';
import {
  CODE_THROTTLE,
  LOGIN_THROTTLE,
  accountKey,
  deviceKey,
  clearAttempts,
  codeKey,
  ipKey,
  refundAttempt,
  reserveAttempt,
} from './throttles.js';
import { checkSecondFactor, type SecondFactorMethod } from './two-factor.js';
import type { DeviceCookies } from './device-cookies.js';

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
export type ValidateLoginTokenInput = z.output<typeof validateLoginTokenRequestSchema>;

export interface LoginMeta {
  ip: string;
  userAgent: string | undefined;
  /** The browser's device cookie, when it sent one (identity/device-cookies.ts). */
  deviceCookie?: string | undefined;
}

export interface SessionResult extends LoginResponse {
  kind: 'session';
  /** The raw token, to be put in the cookie for `Cookie` sessions. */
  rawToken: string;
  /** Seconds until the session's absolute expiry (the cookie's Max-Age). */
  maxAgeSeconds: number;
  /** A fresh device cookie for this browser (it has now signed in successfully). */
  deviceCookie: string;
}

/** A correct password of an admin with 2FA on: the second step's token. */
export interface ChallengeResult {
  kind: 'challenge';
  loginToken: string;
}

export type LoginResult = SessionResult | ChallengeResult;

/** Where the background side effects of a sign-in report failures. */
export interface ServiceLog {
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
}

export interface AuthServiceDeps {
  db: Database;
  hasher: PasswordHasher;
  now: () => Date;
  /** Revoked sessions' sockets are disconnected through it. */
  realtime: Realtime;
  /** Sign-ins from a new device or place, and used recovery codes, notify the admin. */
  notifications: NotificationService;
  /** Opens the TOTP secrets (purpose 'totp'). */
  totpBox: SecretBox;
  /** Issues and checks the device cookies of browsers that signed in before. */
  deviceCookies: DeviceCookies;
  log: ServiceLog;
  /**
   * Idle expiry of `Session` tokens (the basic settings' session idle timeout, cached there);
   * default SESSION_POLICY.Session.idleMs. `Cookie` (remember me) sessions keep their policy.
   */
  sessionIdleMs?: () => Promise<number>;
}

type AdminWithType = Pick<AuthContext, 'admin' | 'userType'>;

/**
 * What a role actually grants: every key for a super admin, none for a disabled role, otherwise
 * its stored keys with everything they need (`withDependencies`: a form's pickers read other
 * modules' lists), so a role saved before a dependency existed works without a migration.
 */
export const effectivePermissions = (userType: UserTypeRow): PermissionKey[] => {
  if (userType.isSuperAdmin) return [...PERMISSION_KEYS];
  if (!userType.isActive) return [];
  return withDependencies(userType.permissions);
};

export const createAuthService = ({
  db,
  hasher,
  now,
  realtime,
  notifications,
  totpBox,
  deviceCookies,
  log,
  sessionIdleMs = async () => SESSION_POLICY.Session.idleMs,
}: AuthServiceDeps) => {
  const idleMsOf = async (tokenType: TokenType) =>
    tokenType === 'Session' ? sessionIdleMs() : SESSION_POLICY[tokenType].idleMs;

  // An unknown e-mail is checked against this hash so it costs as much time as a wrong password.
  let dummyHash: Promise<string> | undefined;
  const getDummyHash = () => (dummyHash ??= hasher.hash(generatePassword()));

  /** Notifications are a side effect of an event that already happened: failures are logged. */
  const notifySafely = async (adminId: string, input: NotificationInput) => {
    try {
      await notifications.notify([adminId], input);
    } catch (err) {
      log.error({ err, adminId }, 'could not create a notification');
    }
  };

  /**
   * Reserves an attempt on the account (or, from a browser with a genuine device cookie for this
   * e-mail, on that device's own allowance) and on the IP before any password is looked at;
   * answers the seconds to wait (0 = go on).
   */
  const throttleWait = async (email: string, meta: LoginMeta): Promise<number> => {
    const { windowSeconds, accountLimit, ipLimit } = LOGIN_THROTTLE;
    const { ip } = meta;
    const device = deviceCookies.verify(meta.deviceCookie, email);
    const key = device ? deviceKey(device) : accountKey(email);
    const account = await reserveAttempt(db, key, accountLimit, windowSeconds);
    const address = await reserveAttempt(db, ipKey(ip), ipLimit, windowSeconds);
    return Math.max(
      account.attempts > accountLimit ? account.retryAfterSeconds : 0,
      address.attempts > ipLimit ? address.retryAfterSeconds : 0,
    );
  };

  /**
   * Opens a session for an admin who has proven who they are (password, plus a code with 2FA on),
   * inside the caller's transaction: the session row, the last-login time and the login activity
   * row. It names the admin to the audit (`noteActor`), so the sign-in's entry is written in this
   * transaction (http/audit.ts); the two-factor step and failures name nobody and get none.
   * Answers the notification a new device or place deserves, to be sent after the commit.
   */
  const openSession = async (
    tx: Executor,
    { admin }: AdminWithType,
    options: {
      rememberMe: boolean;
      source: AttemptSource;
      method: 'password' | SecondFactorMethod;
      at: Date;
      /** The idle timeout of `Session` tokens, read BEFORE the transaction (it may query). */
      sessionIdleMs: number;
      /** The device cookie the browser came with (its allowance starts over). */
      deviceCookie: string | undefined;
    },
  ): Promise<{ result: SessionResult; notice: NotificationInput | null }> => {
    const { rememberMe, source, method, at } = options;
    const tokenType: TokenType = rememberMe ? 'Cookie' : 'Session';
    const policy = SESSION_POLICY[tokenType];
    const idleMs = tokenType === 'Session' ? options.sessionIdleMs : policy.idleMs;
    const rawToken = newToken();
    noteActor(admin);
    const history = await recentSignIns(tx, admin.id);
    const session = await insertSession(tx, {
      adminId: admin.id,
      tokenHash: hashToken(rawToken),
      tokenType,
      ip: source.ip,
      userAgent: source.userAgent?.slice(0, 512) ?? null,
      location: source.location ?? null,
      createdAt: at,
      lastSeenAt: at,
      idleExpiresAt: new Date(at.getTime() + Math.min(idleMs, policy.absoluteMs)),
      absoluteExpiresAt: new Date(at.getTime() + policy.absoluteMs),
    });
    await setLastLogin(tx, admin.id, at);
    // The allowance this attempt was counted on starts over: the device's own, or else the
    // account's (a trusted browser's success says nothing about strangers' guesses).
    const device = deviceCookies.verify(options.deviceCookie, admin.email);
    await clearAttempts(tx, device ? deviceKey(device) : accountKey(admin.email));
    await clearAttempts(tx, codeKey(admin.id));
    await recordLoginAttempt(tx, {
      adminId: admin.id,
      email: admin.email,
      result: 'success',
      method,
      sessionId: session.id,
      at,
      ...source,
    });
    return {
      result: {
        kind: 'session',
        token: tokenType === 'Session' ? rawToken : null,
        tokenType,
        rawToken,
        maxAgeSeconds: Math.floor(policy.absoluteMs / 1000),
        deviceCookie: deviceCookies.issue(admin.email),
      },
      notice: newSignInNotice(history, source),
    };
  };

  const login = async (input: LoginInput, meta: LoginMeta): Promise<LoginResult> => {
    const source: AttemptSource = {
      ip: meta.ip,
      userAgent: meta.userAgent,
      location: input.location,
    };
    const wait = await throttleWait(input.email, meta);
    if (wait > 0) {
      const known = await findAdminWithTypeByEmail(db, input.email);
      await recordLoginAttempt(db, {
        adminId: known?.admin.id ?? null,
        email: input.email,
        result: 'locked',
        at: now(),
        ...source,
      });
      throw new RateLimited(AUTH_MESSAGES.tooManyAttempts(wait), wait);
    }

    const found = await findAdminWithTypeByEmail(db, input.email);
    const passwordHash = found?.admin.passwordHash ?? (await getDummyHash());
    const valid = await hasher.verify(passwordHash, input.password);
    const at = now();
    if (!found || !found.admin.passwordHash || !valid || !found.admin.isActive) {
      await recordLoginAttempt(db, {
        adminId: found?.admin.id ?? null,
        email: input.email,
        result: 'failed',
        at,
        ...source,
      });
      throw new Unauthenticated(AUTH_MESSAGES.invalidCredentials);
    }
    if (hasher.needsRehash(found.admin.passwordHash)) {
      // Made under earlier argon2 parameters: the password is known right now, so store it
      // under the current ones (the old hash keeps working until then).
      const rehashed = await hasher.hash(input.password);
      await replacePasswordHash(db, found.admin.id, found.admin.passwordHash, rehashed);
    }

    if (found.admin.twoFactorEnabled) {
      // The password was right: the IP gets its attempt back, but the account counter stays
      // until the code is right too, so a known password does not buy endless challenges.
      const loginToken = newToken();
      await transaction(db, async (tx) => {
        await insertLoginChallenge(tx, {
          adminId: found.admin.id,
          tokenHash: hashToken(loginToken),
          rememberMe: input.rememberMe ? 1 : 0,
          ip: meta.ip,
          userAgent: meta.userAgent?.slice(0, 512) ?? null,
          location: input.location ?? null,
          expiresAt: new Date(at.getTime() + LOGIN_CHALLENGE.ttlMinutes * MINUTE),
          createdAt: at,
        });
        await recordLoginAttempt(tx, {
          adminId: found.admin.id,
          email: found.admin.email,
          result: 'two_factor_required',
          at,
          ...source,
        });
        await refundAttempt(tx, ipKey(meta.ip));
      });
      return { kind: 'challenge', loginToken };
    }

    const idleMs = await sessionIdleMs();
    const { result, notice } = await transaction(db, async (tx) => {
      const opened = await openSession(tx, found, {
        rememberMe: input.rememberMe,
        source,
        method: 'password',
        at,
        sessionIdleMs: idleMs,
        deviceCookie: meta.deviceCookie,
      });
      await refundAttempt(tx, ipKey(meta.ip));
      return opened;
    });
    if (notice) await notifySafely(found.admin.id, notice);
    return result;
  };

  type SecondStep =
    | { kind: 'expired' }
    | { kind: 'dead' }
    | { kind: 'throttled'; wait: number }
    | { kind: 'wrong'; dead: boolean; reused: boolean }
    | {
        kind: 'ok';
        adminId: string;
        result: SessionResult;
        notice: NotificationInput | null;
        recoveryCodesLeft: number | null;
      };

  /**
   * The second sign-in step (`validate-login-token`): the challenge of a correct password plus a
   * TOTP code (± 1 step, each step once) or an unused recovery code. Five wrong codes end the
   * challenge; ten codes per admin in 15 minutes (over all challenges) answer 429.
   */
  const validateLoginToken = async (
    input: ValidateLoginTokenInput,
    meta: LoginMeta,
  ): Promise<SessionResult> => {
    const at = now();
    const idleMs = await sessionIdleMs();
    const step = await transaction(db, async (tx): Promise<SecondStep> => {
      const found = await lockLoginChallenge(tx, hashToken(input.loginToken));
      if (!found) return { kind: 'expired' };
      const { challenge, admin } = found;
      if (challenge.attempts >= LOGIN_CHALLENGE.maxAttempts) return { kind: 'dead' };
      if (challenge.consumedAt || challenge.expiresAt <= at) return { kind: 'expired' };
      if (!admin.isActive || !admin.twoFactorEnabled || !admin.passwordHash) {
        return { kind: 'expired' };
      }
      const source: AttemptSource = {
        ip: meta.ip,
        userAgent: meta.userAgent,
        location: challenge.location,
      };
      const reservation = await reserveAttempt(
        tx,
        codeKey(admin.id),
        CODE_THROTTLE.limit,
        CODE_THROTTLE.windowSeconds,
      );
      if (reservation.attempts > CODE_THROTTLE.limit) {
        await recordLoginAttempt(tx, {
          adminId: admin.id,
          email: admin.email,
          result: 'locked',
          at,
          ...source,
        });
        return { kind: 'throttled', wait: reservation.retryAfterSeconds };
      }
      const check = await checkSecondFactor(tx, admin, input.otp, totpBox, at);
      if (!check.ok) {
        // A reused code counts like a wrong one (challenge attempts and the code throttle): a
        // replayed code is what an onlooker would try. It is recorded as what it was.
        const attempts = await bumpChallengeAttempts(tx, challenge.id);
        const dead = attempts >= LOGIN_CHALLENGE.maxAttempts;
        if (dead) await consumeLoginChallenge(tx, challenge.id, at);
        await recordLoginAttempt(tx, {
          adminId: admin.id,
          email: admin.email,
          result: check.reused ? 'two_factor_reused' : 'two_factor_failed',
          method: check.method,
          at,
          ...source,
        });
        return { kind: 'wrong', dead, reused: check.reused };
      }
      await consumeLoginChallenge(tx, challenge.id, at);
      const opened = await openSession(tx, found, {
        rememberMe: challenge.rememberMe === 1,
        source,
        method: check.method,
        at,
        sessionIdleMs: idleMs,
        deviceCookie: meta.deviceCookie,
      });
      return {
        kind: 'ok',
        adminId: admin.id,
        ...opened,
        recoveryCodesLeft:
          check.method === 'recovery_code' ? await countUnusedRecoveryCodes(tx, admin.id) : null,
      };
    });

    switch (step.kind) {
      case 'expired':
        throw new BadRequest(ACCOUNT_MESSAGES.loginChallengeExpired);
      case 'dead':
        throw new BadRequest(ACCOUNT_MESSAGES.tooManyCodes);
      case 'throttled':
        throw new RateLimited(ACCOUNT_MESSAGES.tooManyCodes, step.wait);
      case 'wrong': {
        if (step.dead) throw new BadRequest(ACCOUNT_MESSAGES.tooManyCodes);
        const message = step.reused
          ? ACCOUNT_MESSAGES.codeAlreadyUsed
          : ACCOUNT_MESSAGES.invalidCode;
        throw new ValidationError([{ path: 'otp', message }], message);
      }
      case 'ok':
        break;
    }
    if (step.recoveryCodesLeft !== null) {
      await notifySafely(step.adminId, {
        type: 'security',
        title: 'Recovery code used',
        message: `A recovery code was used to sign in to your account. ${step.recoveryCodesLeft} of your recovery codes ${step.recoveryCodesLeft === 1 ? 'is' : 'are'} left. If this was not you, change your password now.`,
        link: '/authenticator',
      });
    }
    if (step.notice) await notifySafely(step.adminId, step.notice);
    return step.result;
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
    const idleMs = await idleMsOf(session.tokenType);
    // A shortened idle timeout applies to open sessions at once (last use is known to a minute).
    if (at.getTime() - session.lastSeenAt.getTime() >= idleMs) return null;
    if (at.getTime() - session.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
      const idle = Math.min(at.getTime() + idleMs, session.absoluteExpiresAt.getTime());
      await touchSession(db, session.id, at, new Date(idle));
    }
    return { session, admin, userType, permissions: new Set(effectivePermissions(userType)), via };
  };

  /** Ends the current session and disconnects its sockets at once (SECURITY case 8). */
  const logout = async (auth: AuthContext) => {
    await transaction(db, (tx) => revokeSession(tx, auth.session.id, 'logout', now()));
    realtime.revokeSessions([auth.session.id], 'logout');
  };

  return {
    login,
    validateLoginToken,
    authenticate,
    logout,
    warmUp: async () => void (await getDummyHash()),
  };
};

export type AuthService = ReturnType<typeof createAuthService>;
