import { HOMEPAGE_LIMITS } from './constants.js';

/**
 * The homepage's texts, the publishable rules and the settings' id, without zod: the Homepage
 * Settings page imports these, and a module with schemas would bring zod into its chunk (the
 * schemas are in `homepage.ts`).
 */

/** The homepage settings are one record; its revisions (issue 21) carry this id. */
export const HOMEPAGE_SETTINGS_ID = '1';

/**
 * What the public site can show (issue 20), defined once. The server filters its lists with the
 * same rules in SQL (`apps/server/src/db/publishable.ts`); the homepage answer marks each chosen
 * item that is no longer publishable with one of these reasons.
 * - an itinerary: active and public;
 * - a blog: published (blogs have no active flag);
 * - a place: active, and its state and country active.
 */
export const HOMEPAGE_HIDDEN_REASONS = [
  'Inactive',
  'Private',
  'Draft',
  'State inactive',
  'Country inactive',
] as const;
export type HomepageHiddenReason = (typeof HOMEPAGE_HIDDEN_REASONS)[number];

/** Why the site cannot show this itinerary, or null when it can. */
export const itineraryHiddenReason = (itinerary: {
  isActive: boolean;
  visibility: string;
}): HomepageHiddenReason | null =>
  !itinerary.isActive ? 'Inactive' : itinerary.visibility !== 'public' ? 'Private' : null;

/** Why the site cannot show this blog, or null when it can. */
export const blogHiddenReason = (blog: { status: string }): HomepageHiddenReason | null =>
  blog.status === 'published' ? null : 'Draft';

/** Why the site cannot show this place (itself, its state or its country inactive), or null. */
export const placeHiddenReason = (place: {
  isActive: boolean;
  stateActive: boolean;
  countryActive: boolean;
}): HomepageHiddenReason | null =>
  !place.isActive
    ? 'Inactive'
    : !place.stateActive
      ? 'State inactive'
      : !place.countryActive
        ? 'Country inactive'
        : null;

/** Texts of spec §8 (and §2's limits) for the homepage settings. */
export const HOMEPAGE_MESSAGES = {
  maxPlaces: `Maximum ${HOMEPAGE_LIMITS.places} places can be selected`,
  maxPackages: `Maximum ${HOMEPAGE_LIMITS.packages} packages can be selected`,
  maxBlogs: `Maximum ${HOMEPAGE_LIMITS.blogs} blogs can be selected`,
  updated: 'Homepage settings updated successfully',
  updateFailed: 'Failed to update homepage settings',
  updateError: 'An error occurred while updating settings',
  fetched: 'Homepage settings fetched successfully',
  placeNotFound: 'Place not found',
  placeInactive: 'Place is not active',
  packageNotFound: 'Itinerary not found',
  packageInactive: 'Itinerary is not active',
  blogNotFound: 'Blog not found',
  packagePrivate: 'Itinerary is private',
  blogDraft: 'Blog is not published',
} as const;

/**
 * The message of a save refused because it adds items the site cannot show (each also has a
 * field error at its index); items saved before they became unpublishable may stay.
 */
export const notPublishableMessage = (items: readonly { name: string; reason: string }[]) =>
  `Not shown on the site, so it cannot be added: ${items
    .map((item) => `"${item.name}" (${item.reason})`)
    .join(', ')}`;

/** The flag on a chosen item the site no longer shows, e.g. 'Not shown on the site: Private'. */
export const hiddenFlagText = (reason: string) => `Not shown on the site: ${reason}`;

/** The page's warning when some chosen items are not shown. */
export const hiddenSummaryText = (count: number) =>
  count === 1
    ? '1 chosen item is not shown on the site. Remove it, or make it publishable again.'
    : `${String(count)} chosen items are not shown on the site. Remove them, or make them publishable again.`;

/** Spec §2 texts of the Homepage Settings page. */
export const HOMEPAGE_TEXTS = {
  pageTitle: 'Homepage Settings',
  destinations: 'Trending Destinations',
  packages: 'Tour Packages',
  blogs: 'Travelpedia Blogs',
  save: 'Save Changes',
  choosePlaces: 'Please select a country and state to view available places',
  searchBlogs: 'Search blogs...',
} as const;
