import { desc, eq } from 'drizzle-orm';
import { makePagination, type LoginActivity, type Pagination } from '@safarnama/contract';
import type { Executor } from '../../db/client.js';
import { countRows, pageWithCount, type ListPage } from '../../db/counting.js';
import { loginAttempts, sessions } from '../../db/schema/index.js';
import { parseUserAgent } from './user-agent.js';

/**
 * Login activity, shared by the admin's own screen (`get-login-activity`, issue 7) and the admin
 * user info screen (`get-admin-user-by-id`, issue 8): one query, one presenter.
 */

export type LoginAttemptRow = typeof loginAttempts.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

export interface LoginActivityRow {
  attempt: LoginAttemptRow;
  session: SessionRow | null;
}

/** One admin's sign-in attempts, newest first, each with the session it opened (if any). */
export const listLoginActivityRows = async (
  db: Executor,
  adminId: string,
  { page, limit }: { page: number; limit: number },
): Promise<ListPage<LoginActivityRow>> => {
  const where = eq(loginAttempts.adminId, adminId);
  return pageWithCount(
    { page, limit },
    (window) =>
      db
        .select({ attempt: loginAttempts, session: sessions })
        .from(loginAttempts)
        .leftJoin(sessions, eq(sessions.id, loginAttempts.sessionId))
        .where(where)
        .orderBy(desc(loginAttempts.createdAt), desc(loginAttempts.id))
        .limit(window.limit)
        .offset(window.offset),
    countRows(db, loginAttempts, where),
  );
};

export interface LoginActivityView {
  /** The time that decides whether a session is still open. */
  now: Date;
  /** The caller's own session (marked `current`); null when looking at another admin. */
  currentSessionId: string | null;
}

/** A session is open while not revoked and neither idle- nor absolutely expired. */
export const isSessionOpen = (session: SessionRow, now: Date) =>
  session.revokedAt === null && session.idleExpiresAt > now && session.absoluteExpiresAt > now;

export const presentLoginActivity = (
  { attempt, session }: LoginActivityRow,
  view: LoginActivityView,
): LoginActivity => ({
  _id: attempt.id,
  result: attempt.result,
  method: attempt.method,
  createdAt: attempt.createdAt.toISOString(),
  ip: attempt.ip,
  userAgent: attempt.userAgent,
  ...parseUserAgent(attempt.userAgent),
  location: attempt.location ?? null,
  session: session
    ? {
        _id: session.id,
        tokenType: session.tokenType,
        active: isSessionOpen(session, view.now),
        current: session.id === view.currentSessionId,
        lastSeenAt: session.lastSeenAt.toISOString(),
      }
    : null,
});

/** A page of login activity in the contract's shape (`activities` + `pagination`). */
export const loginActivityPage = async (
  db: Executor,
  adminId: string,
  query: { page: number; limit: number },
  view: LoginActivityView,
): Promise<{ activities: LoginActivity[]; pagination: Pagination }> => {
  const { rows, ...counted } = await listLoginActivityRows(db, adminId, query);
  return {
    activities: rows.map((row) => presentLoginActivity(row, view)),
    pagination: makePagination(counted.total, query.page, query.limit, counted),
  };
};
