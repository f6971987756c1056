import { and, desc, eq, getTableColumns, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { itineraries, itineraryShareLinks } from '../../db/schema/index.js';

/** Issue 22: the queries of `itinerary_share_links` (share.service.ts holds the rules). */

export type ShareLinkRow = typeof itineraryShareLinks.$inferSelect;
/** A link as it leaves the database: never its token hash. */
export type ShareLinkShown = Omit<ShareLinkRow, 'tokenHash'>;

const { tokenHash: _tokenHash, ...shownColumns } = getTableColumns(itineraryShareLinks);

/** What decides whether an itinerary may be shared, its row locked for the create (FOR SHARE). */
export const lockShareable = async (tx: Executor, itineraryId: string) => {
  const [row] = await tx
    .select({
      id: itineraries.id,
      title: itineraries.title,
      isActive: itineraries.isActive,
      visibility: itineraries.visibility,
    })
    .from(itineraries)
    .where(eq(itineraries.id, itineraryId))
    .for('share')
    .limit(1);
  return row;
};

export const insertLink = async (
  tx: Executor,
  values: {
    itineraryId: string;
    tokenHash: string;
    createdBy: string | null;
    createdByName: string;
    createdAt: Date;
    expiresAt: Date;
  },
): Promise<ShareLinkShown> => {
  const [row] = await tx.insert(itineraryShareLinks).values(values).returning(shownColumns);
  if (!row) throw new Error('insert share link returned nothing');
  return row;
};

/** An itinerary's links, newest first (the `(itinerary_id, created_at)` index walked backwards). */
export const listLinks = (db: Executor, itineraryId: string, limit: number) =>
  db
    .select(shownColumns)
    .from(itineraryShareLinks)
    .where(eq(itineraryShareLinks.itineraryId, itineraryId))
    .orderBy(desc(itineraryShareLinks.createdAt), desc(itineraryShareLinks.id))
    .limit(limit);

/**
 * Revokes a link of this itinerary (a link of another one is not found). Revoking twice keeps the
 * first time. Undefined when there is no such link.
 */
export const revokeLink = async (
  tx: Executor,
  itineraryId: string,
  linkId: string,
  at: Date,
): Promise<ShareLinkShown | undefined> => {
  const [row] = await tx
    .update(itineraryShareLinks)
    .set({ revokedAt: sql`coalesce(${itineraryShareLinks.revokedAt}, ${at})` })
    .where(
      and(eq(itineraryShareLinks.id, linkId), eq(itineraryShareLinks.itineraryId, itineraryId)),
    )
    .returning(shownColumns);
  return row;
};

/**
 * The conditions under which a token opens its itinerary: not revoked, not expired, and the
 * itinerary (joined) still active and public. A deleted itinerary took its links with it.
 */
const opensAt = (tokenHash: string, at: Date) =>
  and(
    eq(itineraryShareLinks.tokenHash, tokenHash),
    isNull(itineraryShareLinks.revokedAt),
    gt(itineraryShareLinks.expiresAt, at),
    eq(itineraries.id, itineraryShareLinks.itineraryId),
    eq(itineraries.isActive, true),
    eq(itineraries.visibility, 'public'),
  );

/**
 * Opening the public page: ONE statement checks the link and its itinerary and counts the view
 * (`views + 1` is atomic, so parallel opens all count). Undefined when the token does not open
 * anything, for whatever reason.
 */
export const countView = async (
  db: Executor,
  tokenHash: string,
  at: Date,
): Promise<string | undefined> => {
  const [row] = await db
    .update(itineraryShareLinks)
    .set({ views: sql`${itineraryShareLinks.views} + 1`, lastViewedAt: at })
    .from(itineraries)
    .where(opensAt(tokenHash, at))
    .returning({ itineraryId: itineraryShareLinks.itineraryId });
  return row?.itineraryId;
};

/** The same check without counting (the PDF, a HEAD request), with the title (a file name). */
export const openedItinerary = async (
  db: Executor,
  tokenHash: string,
  at: Date,
): Promise<{ itineraryId: string; title: string } | undefined> => {
  const [row] = await db
    .select({ itineraryId: itineraryShareLinks.itineraryId, title: itineraries.title })
    .from(itineraryShareLinks)
    .innerJoin(itineraries, eq(itineraries.id, itineraryShareLinks.itineraryId))
    .where(opensAt(tokenHash, at))
    .limit(1);
  return row;
};

/** One link with its itinerary's title, for the audit entry (no token hash). */
export const findLinkForAudit = async (db: Executor, linkId: string) => {
  const [row] = await db
    .select({ ...shownColumns, title: itineraries.title })
    .from(itineraryShareLinks)
    .innerJoin(itineraries, eq(itineraries.id, itineraryShareLinks.itineraryId))
    .where(eq(itineraryShareLinks.id, linkId))
    .limit(1);
  return row;
};
