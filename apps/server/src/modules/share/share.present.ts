import type { ShareLink, ShareLinkStatus } from '@safarnama/contract';
import type { ShareLinkShown } from './share.repo.js';

/** `revoked` once revoked, else `expired` once past its expiry, else `active`. */
export const statusOf = (
  row: Pick<ShareLinkShown, 'revokedAt' | 'expiresAt'>,
  at: Date,
): ShareLinkStatus => {
  if (row.revokedAt) return 'revoked';
  return row.expiresAt.getTime() <= at.getTime() ? 'expired' : 'active';
};

/** A link as the admin API answers it: no token, no hash, no admin id (only the creator's name). */
export const presentLink = (row: ShareLinkShown, at: Date): ShareLink => ({
  _id: row.id,
  expiresAt: row.expiresAt.toISOString(),
  revokedAt: row.revokedAt?.toISOString() ?? null,
  views: row.views,
  lastViewedAt: row.lastViewedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  createdBy: { name: row.createdByName },
  status: statusOf(row, at),
});
