import { and, count, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { reuse } from '../../db/prepared.js';
import { adminUsers, sessions, userTypes } from '../../db/schema/index.js';

/**
 * Sessions: created by the sign-in flow (auth.service.ts), looked up by token hash on every
 * request, touched (idle expiry), revoked one by one or per admin, counted while open.
 */

export type SessionRow = typeof sessions.$inferSelect;
export type NewSession = typeof sessions.$inferInsert;

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

/** Open sessions of an admin: not revoked, neither idle- nor absolutely expired. */
export const countOpenSessions = async (
  db: Executor,
  adminId: string,
  at: Date,
): Promise<number> => {
  const [row] = await db
    .select({ n: count() })
    .from(sessions)
    .where(
      and(
        eq(sessions.adminId, adminId),
        isNull(sessions.revokedAt),
        gt(sessions.idleExpiresAt, at),
        gt(sessions.absoluteExpiresAt, at),
      ),
    );
  return Number(row?.n ?? 0);
};
