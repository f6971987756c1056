import { z } from 'zod';
import { editVersionSchema } from './version.js';
import { recordSchema } from './envelope.js';
import { HOMEPAGE_HIDDEN_REASONS } from './homepage-texts.js';
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

export const homepageHiddenReasonSchema = z.enum(HOMEPAGE_HIDDEN_REASONS);

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
  /** Issue 22: the lowest price a customer can get, GST applied (`itinerary-pricing.ts`). */
  fromPrice: z.number().int().optional(),
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
