import type { z } from 'zod';
import {
  API_PATHS,
  ITINERARY_MESSAGES,
  SHARE_LINK_LIST_LIMIT,
  SHARE_LINK_MESSAGES as M,
  type Branding,
  type Itinerary,
  type ShareLink,
  type ShareLinkCreated,
  type ShareLinkList,
  type shareLinkCreateSchema,
} from '@safarnama/contract';
import type { Database } from '../../db/client.js';
import { noteEntity, transaction } from '../../db/transaction.js';
import { Conflict, NotFound } from '../../http/errors.js';
import { asUuid } from '../../http/form-fields.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import type { ItineraryService } from '../itineraries/itineraries.service.js';
import { itineraryExists } from '../itineraries/itineraries.repo.js';
import { presentLink } from './share.present.js';
import {
  countView,
  insertLink,
  listLinks,
  lockShareable,
  openedItinerary,
  revokeLink,
} from './share.repo.js';

export type ShareLinkCreateData = z.output<typeof shareLinkCreateSchema>;

/** A token as `newToken` makes them: 256 bits, base64url, 43 characters. Nothing else is looked up. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const DAY_MS = 86_400_000;

export interface ShareServiceDeps {
  db: Database;
  now: () => Date;
  /** PUBLIC_URL without a trailing slash: links are `PUBLIC_URL/trip/<token>`. */
  publicUrl: string;
  itineraries: Pick<ItineraryService, 'get'>;
  /** The Basic Settings' branding (cached). */
  branding: () => Promise<Branding>;
}

/** Who makes a link (its name is copied in: it stays when the admin is deleted). */
export interface ShareActor {
  id: string;
  name: string;
}

/** What a valid token opens. */
export interface OpenedTrip {
  itinerary: Itinerary;
  branding: Branding;
}

/**
 * Issue 22, share links: the admin side (create, list, revoke) and the public side (what a token
 * opens). A token is given out once, in the create answer; the table keeps its SHA-256 only. A
 * link opens its itinerary until it expires or is revoked, and only while the itinerary is active
 * and public; every refusal looks the same from outside.
 */
export const createShareService = ({
  db,
  now,
  publicUrl,
  itineraries,
  branding,
}: ShareServiceDeps) => {
  const base = publicUrl.replace(/\/+$/, '');
  const itineraryNotFound = () => new NotFound(ITINERARY_MESSAGES.notFound);

  /** An absolute URL for a path or URL as the storage gives it (`/uploads/…` or the bucket's). */
  const absolute = (pathOrUrl: string) => new URL(pathOrUrl, `${base}/`).toString();
  const pageUrl = (token: string) => `${base}${API_PATHS.publicShare.page(token)}`;
  const pdfUrl = (token: string) => `${base}${API_PATHS.publicShare.pdf(token)}`;

  /**
   * POST …/share: a new link for an active, public itinerary (404 unknown, 409 otherwise). The
   * itinerary row is held (FOR SHARE) while the link is written, so a concurrent change to private
   * waits for it (and a link made just before that change simply stops opening).
   */
  const create = async (
    rawId: string,
    input: ShareLinkCreateData,
    actor: ShareActor,
  ): Promise<ShareLinkCreated> => {
    const id = asUuid(rawId);
    if (!id) throw itineraryNotFound();
    const token = newToken();
    const at = now();
    const row = await transaction(db, async (tx) => {
      const itinerary = await lockShareable(tx, id);
      if (!itinerary) throw itineraryNotFound();
      if (!itinerary.isActive || itinerary.visibility !== 'public') {
        throw new Conflict(M.notShareable);
      }
      const link = await insertLink(tx, {
        itineraryId: id,
        tokenHash: hashToken(token),
        createdBy: actor.id,
        createdByName: actor.name,
        createdAt: at,
        expiresAt: new Date(at.getTime() + input.expiresInDays * DAY_MS),
      });
      noteEntity(link.id);
      return link;
    });
    return { ...presentLink(row, at), url: pageUrl(token) };
  };

  /** GET …/share: the newest links (at most SHARE_LINK_LIST_LIMIT), with views; never a URL. */
  const list = async (rawId: string): Promise<ShareLinkList> => {
    const id = asUuid(rawId);
    if (!id || !(await itineraryExists(db, id))) throw itineraryNotFound();
    const at = now();
    const rows = await listLinks(db, id, SHARE_LINK_LIST_LIMIT);
    return { links: rows.map((row) => presentLink(row, at)) };
  };

  /** DELETE …/share/{linkId}: revoked at once; a link of another itinerary is not found. */
  const revoke = async (rawId: string, rawLinkId: string): Promise<ShareLink> => {
    const id = asUuid(rawId);
    const linkId = asUuid(rawLinkId);
    if (!id || !linkId) throw new NotFound(M.linkNotFound);
    const at = now();
    const row = await transaction(db, async (tx) => {
      const revoked = await revokeLink(tx, id, linkId, at);
      if (!revoked) throw new NotFound(M.linkNotFound);
      return revoked;
    });
    return presentLink(row, at);
  };

  /** Whether a token has the shape `newToken` gives; nothing else reaches the database. */
  const hashOf = (token: string): string | null => (TOKEN.test(token) ? hashToken(token) : null);

  /**
   * The public page's content for a token, or null — for a malformed, forged, expired or revoked
   * token and for an itinerary that is private, inactive or gone alike. With `count` the check is
   * the one UPDATE … RETURNING that also counts the view (a HEAD request does not count).
   */
  const open = async (token: string, { count }: { count: boolean }): Promise<OpenedTrip | null> => {
    const hash = hashOf(token);
    if (!hash) return null;
    const at = now();
    const id = count
      ? await countView(db, hash, at)
      : (await openedItinerary(db, hash, at))?.itineraryId;
    if (!id) return null;
    let itinerary: Itinerary;
    try {
      itinerary = await itineraries.get(id);
    } catch (err) {
      if (err instanceof NotFound) return null; // deleted in between
      throw err;
    }
    // Changed in between: the page shows only what the public could see.
    if (!itinerary.isActive || itinerary.visibility !== 'public') return null;
    return { itinerary, branding: await branding() };
  };

  /** The itinerary whose PDF a token may download (same check, no view counted), or null. */
  const pdfTarget = async (token: string) => {
    const hash = hashOf(token);
    return hash ? ((await openedItinerary(db, hash, now())) ?? null) : null;
  };

  return {
    create,
    list,
    revoke,
    open,
    pdfTarget,
    pageUrl,
    pdfUrl,
    absolute,
  };
};
export type ShareService = ReturnType<typeof createShareService>;
