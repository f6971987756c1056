import { z } from 'zod';
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
});
export type HomepageSettingsInput = z.infer<typeof homepageSettingsInputSchema>;

export const homepageDestinationSchema = z.object({
  _id: z.string(),
  name: z.string(),
  state: namedRefSchema,
  country: namedRefSchema,
  image: imageSchema.nullable(),
});
export type HomepageDestination = z.infer<typeof homepageDestinationSchema>;

export const homepagePackageSchema = z.object({
  _id: z.string(),
  displayOrder: z.number().int(),
  title: z.string(),
  duration: z.string(),
  pricePerPerson: z.number().int(),
  description: z.string(),
});
export type HomepagePackage = z.infer<typeof homepagePackageSchema>;

export const homepageBlogSchema = z.object({ _id: z.string(), title: z.string() });
export type HomepageBlog = z.infer<typeof homepageBlogSchema>;

export const homepageSettingsSchema = z.object({
  trendingDestinations: z.array(homepageDestinationSchema),
  trendingActivities: z.array(z.never()),
  tourPackages: z.array(homepagePackageSchema),
  blogs: z.array(homepageBlogSchema),
  isActive: z.boolean(),
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
} as const;

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
