import { and, eq, gt, isNull } from 'drizzle-orm';
import { LINK_TTL_MINUTES, type LinkPurpose } from '@safarnama/contract';
import type { Executor } from '../../db/client.js';
import { adminUsers, passwordTokens } from '../../db/schema/index.js';
import { hashToken, newToken } from '../../lib/tokens.js';

/**
 * Set-password links (issue 7): forgot-password (30 min) and invitations (72 h) share one table
 * and one rule set. The raw token exists only in the e-mail; the table holds its SHA-256. Issuing
 * a link voids the admin's other open links; using one consumes it; any password change voids all.
 */

/**
 * Issues a fresh link for an admin and voids their older open ones. Returns the raw token (a new
 * one, or `token` when the caller made it first to mail it before storing it).
 */
export const issueLinkToken = async (
  db: Executor,
  adminId: string,
  purpose: LinkPurpose,
  now: Date,
  token: string = newToken(),
): Promise<{ token: string; expiresAt: Date }> => {
  await voidLinkTokens(db, adminId, now);
  const expiresAt = new Date(now.getTime() + LINK_TTL_MINUTES[purpose] * 60_000);
  await db.insert(passwordTokens).values({
    adminId,
    tokenHash: hashToken(token),
    purpose,
    expiresAt,
    createdAt: now,
  });
  return { token, expiresAt };
};

/** Voids every open link of an admin (a newer link, or a password change). */
export const voidLinkTokens = async (db: Executor, adminId: string, now: Date) => {
  await db
    .update(passwordTokens)
    .set({ voidedAt: now })
    .where(
      and(
        eq(passwordTokens.adminId, adminId),
        isNull(passwordTokens.usedAt),
        isNull(passwordTokens.voidedAt),
      ),
    );
};

/** The open, unexpired link for this raw token with its (active) admin, or undefined. */
export const findOpenLinkToken = async (db: Executor, token: string, now: Date) => {
  const [row] = await db
    .select({ link: passwordTokens, admin: adminUsers })
    .from(passwordTokens)
    .innerJoin(adminUsers, eq(adminUsers.id, passwordTokens.adminId))
    .where(
      and(
        eq(passwordTokens.tokenHash, hashToken(token)),
        isNull(passwordTokens.usedAt),
        isNull(passwordTokens.voidedAt),
        gt(passwordTokens.expiresAt, now),
        eq(adminUsers.isActive, true),
      ),
    )
    .limit(1);
  return row;
};

/**
 * Marks a link used, atomically: only one of two parallel uses wins (the other gets false).
 */
export const consumeLinkToken = async (db: Executor, id: string, now: Date): Promise<boolean> => {
  const rows = await db
    .update(passwordTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordTokens.id, id),
        isNull(passwordTokens.usedAt),
        isNull(passwordTokens.voidedAt),
      ),
    )
    .returning({ id: passwordTokens.id });
  return rows.length === 1;
};

/** The set-password page a link opens (always built from PUBLIC_URL, never the Host header). */
export const setPasswordUrl = (publicUrl: string, token: string) =>
  `${publicUrl.replace(/\/+$/, '')}/set-password?token=${encodeURIComponent(token)}`;
