import {
  API_PATHS,
  type ShareLink,
  type ShareLinkCreate,
  type ShareLinkCreated,
  type ShareLinkList,
} from '@safarnama/contract';
import { dataOf, getQuery, injectEndpoints, mutation, recordOf } from '../../app/api';

const PATHS = API_PATHS.itineraryTools;

/**
 * One itinerary's links, cached under the itinerary's tag type with an id of their own (`share:<id>`):
 * a create or revoke reloads that list only, and no itinerary change touches it.
 */
const linksOf = (id: string) => [{ type: 'Itinerary', id: `share:${id}` }] as const;

/**
 * Issue 22, share links (`POST/GET …/itinerary/{id}/share`, `DELETE …/share/{linkId}`). The
 * create sends no Idempotency-Key: its answer carries the link's token, which the server never
 * stores, so it honours none (a retry makes a second link).
 */
export const shareLinksApi = injectEndpoints({
  listShareLinks: getQuery((id: string) => PATHS.share(id), dataOf<ShareLinkList>, linksOf),
  createShareLink: mutation(
    ({ id, input }: { id: string; input: ShareLinkCreate }) => ({
      url: PATHS.share(id),
      method: 'POST',
      body: { data: input },
    }),
    recordOf<ShareLinkCreated>,
    ({ id }) => linksOf(id),
  ),
  revokeShareLink: mutation(
    ({ id, linkId }: { id: string; linkId: string }) => ({
      url: PATHS.shareLink(id, linkId),
      method: 'DELETE',
    }),
    recordOf<ShareLink>,
    ({ id }) => linksOf(id),
  ),
});

export const { useListShareLinksQuery, useCreateShareLinkMutation, useRevokeShareLinkMutation } =
  shareLinksApi;

/** The WhatsApp share of a link: `wa.me` with the title and the URL as its text. */
export const whatsappShareUrl = (text: string): string =>
  `https://wa.me/?text=${encodeURIComponent(text)}`;
