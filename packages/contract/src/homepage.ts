import { z } from 'zod';
import { editVersionSchema } from './version.js';
import { recordSchema } from './envelope.js';
import { HOMEPAGE_LIMITS } from './constants.js';
import { namedRefSchema } from './geography.js';
import { imageSchema } from './media.js';

/**
 * Homepage settings (spec §3, §7): one record. The PUT body (inside `data`) lists ids; the GET
 * answer reads them back populated. Duplicates are dropped by the server (first wins) and the
 * limits of spec §9 are counted after that, so they are not enforced by the schema.
 */
const idSchema = z.string().trim().min(1).max(64);
/** A generous cap so a hostile body cannot be huge; the real limits are checked with messages. */
const LIST_MAX = 100;

export const homepagePackageInputSchema = z.strictObject({
  _id: idSchema,
  displayOrder: z.number().int().min(0).max(1_000_000),
});
export type HomepagePackageInput = z.infer<typeof homepagePackageInputSchema>;

export const homepageSettingsInputSchema = z.strictObject({
  trendingDestinations: z.array(idSchema).max(LIST_MAX),
  /** Always empty (spec §3). */
  trendingActivities: z.array(z.unknown()).max(0, 'Trending activities must be empty'),
  tourPackages: z.array(homepagePackageInputSchema).max(LIST_MAX),
  blogs: z.array(idSchema).max(LIST_MAX),
  isActive: z.boolean(),
  /** Issue 21: the version the record was edited from (a stale one answers 409 EDIT_CONFLICT). */
  version: editVersionSchema.optional(),
});
export type HomepageSettingsInput = z.infer<typeof homepageSettingsInputSchema>;

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
export const homepageHiddenReasonSchema = z.enum(HOMEPAGE_HIDDEN_REASONS);
export type HomepageHiddenReason = z.infer<typeof homepageHiddenReasonSchema>;

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

/**
 * Optional fields of each chosen item in the GET answer: `publishable` (false when the site no
 * longer shows it) and, then, `hiddenReason`.
 */
const publishableFields = {
  publishable: z.boolean().optional(),
  hiddenReason: homepageHiddenReasonSchema.optional(),
};

export const homepageDestinationSchema = z.object({
  _id: z.string(),
  name: z.string(),
  state: namedRefSchema,
  country: namedRefSchema,
  image: imageSchema.nullable(),
  ...publishableFields,
});
export type HomepageDestination = z.infer<typeof homepageDestinationSchema>;

export const homepagePackageSchema = z.object({
  _id: z.string(),
  displayOrder: z.number().int(),
  title: z.string(),
  duration: z.string(),
  pricePerPerson: z.number().int(),
  description: z.string(),
  /** The package's picture: its image library's first image, else its gallery's first. */
  image: imageSchema.nullable().optional(),
  ...publishableFields,
});
export type HomepagePackage = z.infer<typeof homepagePackageSchema>;

export const homepageBlogSchema = z.object({
  _id: z.string(),
  title: z.string(),
  ...publishableFields,
});
export type HomepageBlog = z.infer<typeof homepageBlogSchema>;

export const homepageSettingsSchema = z.object({
  trendingDestinations: z.array(homepageDestinationSchema),
  trendingActivities: z.array(z.never()),
  tourPackages: z.array(homepagePackageSchema),
  blogs: z.array(homepageBlogSchema),
  isActive: z.boolean(),
  /** Issue 21: the edit version (1 when created, +1 with every change). */
  version: z.number().int().optional(),
  /** Null until the settings are saved for the first time. */
  updatedAt: z.string().nullable(),
});
export type HomepageSettings = z.infer<typeof homepageSettingsSchema>;
export const homepageSettingsOneSchema = recordSchema(homepageSettingsSchema);

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
