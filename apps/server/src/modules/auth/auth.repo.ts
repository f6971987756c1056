import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { reuse } from '../../db/prepared.js';
import { adminUsers, loginThrottle, sessions, userTypes } from '../../db/schema/index.js';

export type SessionRow = typeof sessions.$inferSelect;
export type NewSession = typeof sessions.$inferInsert;

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

/**
 * Replaces a password hash made under older argon2 parameters with one of the same password under
 * the current ones — only if it is still the hash that was verified, so a password changed
 * meanwhile is never overwritten. Not a password change: no timestamps move, no session ends.
 */
export const replacePasswordHash = async (
  db: Executor,
  adminId: string,
  verifiedHash: string,
  passwordHash: string,
): Promise<boolean> => {
  const rows = await db
    .update(adminUsers)
    .set({ passwordHash })
    .where(and(eq(adminUsers.id, adminId), eq(adminUsers.passwordHash, verifiedHash)))
    .returning({ id: adminUsers.id });
  return rows.length === 1;
};

export const insertSession = async (db: Executor, values: NewSession): Promise<SessionRow> => {
  const [row] = await db.insert(sessions).values(values).returning();
  if (!row) throw new Error('insert session returned nothing');
  return row;
};

/** The session with this token hash, with its admin and the admin's role, read fresh. */
/**
 * The session, its admin and the admin's role: run on every authenticated request, so it is a
 * reused prepared statement (db/prepared.ts; the token hash index makes its plan fixed).
 */
const sessionByTokenHash = (db: Executor) =>
  db
    .select({ session: sessions, admin: adminUsers, userType: userTypes })
    .from(sessions)
    .innerJoin(adminUsers, eq(adminUsers.id, sessions.adminId))
    .innerJoin(userTypes, eq(userTypes.id, adminUsers.userTypeId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('session_by_token_hash');

export const findSessionByTokenHash = async (db: Executor, tokenHash: string) => {
  const [row] = await reuse(db, 'session_by_token_hash', sessionByTokenHash).execute({
    tokenHash,
  });
  return row;
};

export const touchSession = async (
  db: Executor,
  id: string,
  lastSeenAt: Date,
  idleExpiresAt: Date,
) => {
  await db
    .update(sessions)
    .set({ lastSeenAt, idleExpiresAt })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
};

export const revokeSession = async (db: Executor, id: string, reason: string, at: Date) => {
  await db
    .update(sessions)
    .set({ revokedAt: at, revokedReason: reason })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
};

/**
 * Revokes every open session of an admin (optionally all but one), returning the revoked ids so
 * the caller can disconnect their sockets through the realtime hub.
 */
export const revokeAdminSessions = async (
  db: Executor,
  adminId: string,
  reason: string,
  at: Date,
  exceptSessionId?: string,
): Promise<string[]> => {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: at, revokedReason: reason })
    .where(
      and(
        eq(sessions.adminId, adminId),
        isNull(sessions.revokedAt),
        exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined,
      ),
    )
    .returning({ id: sessions.id });
  return rows.map((row) => row.id);
};
