import { z } from 'zod';
import { recordSchema } from './envelope.js';

/**
 * Issue 22, share links: a link that opens one active, public itinerary without an account (sent
 * on WhatsApp). `POST /admin/itinerary/{id}/share` makes one and answers its URL once (the server
 * keeps only the SHA-256 of the token, so the URL cannot be shown again); `GET …/share` lists the
 * itinerary's links newest first with their views; `DELETE …/share/{linkId}` revokes one.
 * `API_PATHS.itineraryTools.share(id)` / `.shareLink(id, linkId)` and `API_PATHS.publicShare`
 * name the routes.
 */

export const SHARE_LINK_EXPIRY = {
  minDays: 1,
  maxDays: 90,
  defaultDays: 7,
  /** What the dialog offers. */
  choices: [1, 7, 30, 90],
} as const;

/** The newest links `GET …/share` answers (older ones have long expired). */
export const SHARE_LINK_LIST_LIMIT = 100;

export const SHARE_LINK_STATUSES = ['active', 'expired', 'revoked'] as const;
export type ShareLinkStatus = (typeof SHARE_LINK_STATUSES)[number];

/** `POST /admin/itinerary/{id}/share`, inside `data`: how long the link works. */
export const shareLinkCreateSchema = z.strictObject({
  expiresInDays: z
    .number({ error: 'Expiry must be a number of days' })
    .int('Expiry must be a whole number of days')
    .min(SHARE_LINK_EXPIRY.minDays, `A link works for at least ${SHARE_LINK_EXPIRY.minDays} day`)
    .max(SHARE_LINK_EXPIRY.maxDays, `A link works for at most ${SHARE_LINK_EXPIRY.maxDays} days`)
    .default(SHARE_LINK_EXPIRY.defaultDays),
});
export type ShareLinkCreate = z.input<typeof shareLinkCreateSchema>;

/**
 * A share link as the list shows it: when it expires or was revoked, how often it was opened, who
 * made it. No URL: only the token's hash is stored.
 */
export const shareLinkSchema = z.object({
  _id: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  views: z.number().int(),
  lastViewedAt: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.object({ name: z.string() }),
  /** `revoked` once revoked, else `expired` once past `expiresAt`, else `active`. */
  status: z.enum(SHARE_LINK_STATUSES),
});
export type ShareLink = z.infer<typeof shareLinkSchema>;

/** The create answer (`data.data`): the link with its absolute URL, `PUBLIC_URL/trip/<token>`. */
export const shareLinkCreatedSchema = shareLinkSchema.extend({ url: z.string() });
export type ShareLinkCreated = z.infer<typeof shareLinkCreatedSchema>;
export const shareLinkCreatedOneSchema = recordSchema(shareLinkCreatedSchema);
export const shareLinkOneSchema = recordSchema(shareLinkSchema);

/** `GET /admin/itinerary/{id}/share`: `data.links`, newest first. */
export const shareLinkListSchema = z.object({ links: z.array(shareLinkSchema) });
export type ShareLinkList = z.infer<typeof shareLinkListSchema>;

export const SHARE_LINK_MESSAGES = {
  created: 'Share link created',
  listed: 'Share links fetched successfully',
  revoked: 'Share link revoked',
  /** 409: only what the public could see may be shared. */
  notShareable: 'Only an active, public itinerary can be shared',
  linkNotFound: 'Share link not found',
} as const;

/** The share dialog's texts (web). */
export const SHARE_LINK_TEXTS = {
  action: 'Share',
  title: (title: string) => `Share - ${title}`,
  expiryLabel: 'Link works for',
  expiryOption: (days: number) => (days === 1 ? '1 day' : `${days} days`),
  create: 'Create link',
  creating: 'Creating...',
  oneTimeNote:
    'Copy the link now: for safety it is shown only once. The list below keeps its views, expiry and status, but not the link itself.',
  urlLabel: 'Share link',
  copy: 'Copy link',
  copied: 'Link copied',
  copyFailed: 'Could not copy the link. Select it and copy it by hand.',
  whatsapp: 'Share on WhatsApp',
  whatsappText: (title: string, url: string) => `${title}\n${url}`,
  listTitle: 'Links',
  empty: 'No links yet.',
  noUrlNote: 'Links are shown only when created; the list has no addresses.',
  revoke: 'Revoke',
  revokeTitle: 'Revoke this link?',
  revokeConfirm: 'Anyone who opens it will see that the trip is no longer available.',
  notShareable:
    'Only an active, public itinerary can be shared. Its existing links show "no longer available" until it is active and public again.',
  noPermission:
    'You can see the links; creating or revoking them needs permission to edit itineraries.',
  loadFailed: 'Could not load the share links.',
  views: (count: number) => (count === 1 ? '1 view' : `${count} views`),
  statusLabels: { active: 'Active', expired: 'Expired', revoked: 'Revoked' },
  expires: 'Expires',
  expired: 'Expired',
  revokedOn: 'Revoked',
  lastViewed: 'Last opened',
  createdBy: 'Created by',
} as const;

/** Texts of the public trip page (`GET /trip/{token}`), server-rendered. */
export const PUBLIC_TRIP_TEXTS = {
  unavailableTitle: 'This trip link is no longer available',
  unavailableMessage:
    'The link may have expired or been withdrawn. Ask the person who sent it for a new one.',
  tooManyTitle: 'Too many requests',
  tooManyMessage: 'Please wait a minute and try again.',
  errorTitle: 'Something went wrong',
  errorMessage: 'The trip could not be shown just now. Please try again shortly.',
  fromPrice: (price: string) => `From ${price} per person`,
  downloadPdf: 'Download PDF',
  highlights: 'Highlights',
  overview: 'Overview',
  plan: 'Day-by-day plan',
  day: (n: number) => `Day ${n}`,
  places: 'Places',
  meals: 'Meals',
  stay: 'Stay',
  transfer: 'Travel',
  inclusions: 'Included',
  exclusions: 'Not included',
  faqs: 'Questions and answers',
} as const;
