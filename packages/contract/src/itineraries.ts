import { z } from 'zod';
import { editVersionSchema } from './version.js';
import { scheduleFieldsSchema, scheduleRecordFields } from './schedule.js';
import { recordSchema } from './envelope.js';
import {
  DEFAULT_TOUR_TYPE,
  DEFAULT_VISIBILITY,
  GROUP_SIZE_DEFAULT,
  GROUP_SIZE_MIN,
  LANGUAGES,
  MONTH_CODES,
  PRICE_DEFAULT,
  PRICE_MIN,
  TOUR_TYPES,
  VISIBILITIES,
} from './constants.js';
import { formBooleanSchema, isPlainText, PLAIN_TEXT_MESSAGE } from './forms.js';
import { namedRefSchema } from './geography.js';
import { imageSchema } from './media.js';
import { listQuerySchema, paginationSchema } from './pagination.js';
import { qualityListFields, qualityQueryFields, qualityRecordFields } from './quality-schema.js';
import { RICH_TEXT_MAX } from './place-details.js';
import { GST_RATE_MAX, MEALS, priceBandOverlap } from './itinerary-bands.js';

export const ITINERARY_LIMITS = {
  title: 200,
  duration: 100,
  groupSizeMax: 10_000,
  /** Highest price per person, in whole rupees. */
  priceMax: 100_000_000,
  metaTitle: 70,
  metaDescription: 160,
  days: 60,
  dayTitle: 200,
  dayDescription: 5000,
  faqs: 50,
  question: 300,
  answer: 3000,
  /** Issue 22: places one day visits, and the texts of a day's night and travel. */
  dayPlaces: 20,
  stay: 200,
  transfer: 200,
  /** Highlights, inclusions and exclusions: items of each list, characters of an item. */
  listItems: 30,
  listItem: 200,
  priceBands: 48,
} as const;

export const tourTypeSchema = z.enum(TOUR_TYPES);
export const languageSchema = z.enum(LANGUAGES);
export const visibilitySchema = z.enum(VISIBILITIES);
export const itineraryMonthCodeSchema = z.enum(MONTH_CODES);

/** Days and FAQs are plain text (the tour description is the rich text). */
const plain = (schema: z.ZodString) => schema.refine(isPlainText, PLAIN_TEXT_MESSAGE);

export const mealSchema = z.enum(MEALS, { error: 'A meal is breakfast, lunch or dinner' });

/**
 * A day of the plan (spec §3 {title, description}), and what issue 22 adds, all optional: the
 * places visited in order (our place records), meals, where the night is spent, how the day's
 * travel happens, and one image of the itinerary's gallery.
 */
export const dayPlanSchema = z.strictObject({
  title: plain(z.string().trim().min(1, 'Day title is required').max(ITINERARY_LIMITS.dayTitle)),
  description: plain(z.string().trim().max(ITINERARY_LIMITS.dayDescription)).default(''),
  placeIds: z
    .array(z.string().trim().min(1).max(64))
    .max(ITINERARY_LIMITS.dayPlaces)
    .refine((ids) => new Set(ids).size === ids.length, 'Each place only once a day')
    .default([]),
  meals: z
    .array(mealSchema)
    .max(MEALS.length)
    .refine((meals) => new Set(meals).size === meals.length, 'Each meal only once')
    .default([]),
  stay: plain(z.string().trim().max(ITINERARY_LIMITS.stay)).default(''),
  transfer: plain(z.string().trim().max(ITINERARY_LIMITS.transfer)).default(''),
  imageId: z.string().trim().max(64).nullable().default(null),
});
export type DayPlanInput = z.input<typeof dayPlanSchema>;
export const faqSchema = z.strictObject({
  question: plain(z.string().trim().min(1, 'Question is required').max(ITINERARY_LIMITS.question)),
  answer: plain(z.string().trim().min(1, 'Answer is required').max(ITINERARY_LIMITS.answer)),
});

/** Highlights, inclusions, exclusions (issue 22): short plain texts, in the admin's order. */
const textListSchema = z
  .array(
    plain(
      z.string().trim().min(1, 'Write something or remove the item').max(ITINERARY_LIMITS.listItem),
    ),
  )
  .max(ITINERARY_LIMITS.listItems);

const groupSizeSchema = (label: string) =>
  z
    .number()
    .int(`${label} must be a whole number`)
    .min(GROUP_SIZE_MIN, `${label} must be at least 1`)
    .max(ITINERARY_LIMITS.groupSizeMax);

/**
 * A seasonal / group price (issue 22): the months it applies in, a group-size range and a price
 * per person in whole rupees. Bands that share a month and a group size are refused (on the list,
 * below, naming the later band).
 */
export const priceBandSchema = z
  .strictObject({
    months: z
      .array(itineraryMonthCodeSchema)
      .min(1, 'Choose at least one month')
      .max(12)
      .refine((months) => new Set(months).size === months.length, 'Each month only once'),
    minGroupSize: groupSizeSchema('Smallest group'),
    maxGroupSize: groupSizeSchema('Largest group'),
    pricePerPerson: z
      .number()
      .int('Price must be whole rupees')
      .min(PRICE_MIN, 'Price cannot be negative')
      .max(ITINERARY_LIMITS.priceMax),
  })
  .refine((band) => band.minGroupSize <= band.maxGroupSize, {
    path: ['maxGroupSize'],
    message: 'The largest group cannot be smaller than the smallest',
  });
export type PriceBandInput = z.input<typeof priceBandSchema>;

export const priceBandsSchema = z
  .array(priceBandSchema)
  .max(ITINERARY_LIMITS.priceBands)
  .superRefine((bands, ctx) => {
    const overlap = priceBandOverlap(bands);
    if (overlap) {
      ctx.addIssue({
        code: 'custom',
        path: [overlap[1], 'months'],
        message: `Overlaps price band ${String(overlap[0] + 1)} for the same month and group size`,
      });
    }
  });

/** GST (issue 22): a rate of 0–28 % (two decimals at most) and whether prices include it. */
export const gstSchema = z.strictObject({
  rate: z
    .number()
    .min(0, 'GST rate cannot be negative')
    .max(GST_RATE_MAX, `GST rate is at most ${String(GST_RATE_MAX)} %`)
    .refine((rate) => Math.round(rate * 100) === rate * 100, 'At most two decimals'),
  included: z.boolean(),
});

const requiredId = (label: string) => z.string().trim().min(1, `${label} is required`).max(64);

const distinct = <T>(items: T[]) => new Set(items).size === items.length;

/**
 * The saved itinerary (spec §3), the body of `POST /create-itinerary` inside `data`. Country,
 * state and place are plain ids here. SEO fields and FAQs are kept only when visibility is public
 * (the server drops them for private ones).
 */
export const itineraryInputSchema = z.strictObject({
  title: z.string().trim().min(1, 'Title is required').max(ITINERARY_LIMITS.title),
  duration: z.string().trim().min(1, 'Duration is required').max(ITINERARY_LIMITS.duration),
  type: tourTypeSchema.default(DEFAULT_TOUR_TYPE),
  groupSize: z
    .number()
    .int('Group size must be a whole number')
    .min(GROUP_SIZE_MIN, 'Group size must be at least 1')
    .max(ITINERARY_LIMITS.groupSizeMax)
    .default(GROUP_SIZE_DEFAULT),
  languages: z
    .array(languageSchema)
    .min(1, 'Choose at least one language')
    .max(LANGUAGES.length)
    .refine(distinct, 'Each language only once'),
  pricePerPerson: z
    .number()
    .int('Price must be whole rupees')
    .min(PRICE_MIN, 'Price cannot be negative')
    .max(ITINERARY_LIMITS.priceMax)
    .default(PRICE_DEFAULT),
  visibility: visibilitySchema.default(DEFAULT_VISIBILITY),
  imageLibraryId: z.string().trim().max(64).nullable().default(null),
  months: z
    .array(itineraryMonthCodeSchema)
    .max(12)
    .refine(distinct, 'Each month only once')
    .default([]),
  description: z.string().max(RICH_TEXT_MAX).default(''),
  metaTitle: z.string().trim().max(ITINERARY_LIMITS.metaTitle).default(''),
  metaDescription: z.string().trim().max(ITINERARY_LIMITS.metaDescription).default(''),
  countryId: requiredId('Country'),
  stateId: requiredId('State'),
  placeId: requiredId('Place'),
  dailyItinerary: z.array(dayPlanSchema).max(ITINERARY_LIMITS.days).default([]),
  faqs: z.array(faqSchema).max(ITINERARY_LIMITS.faqs).default([]),
  isActive: z.boolean().default(true),
  /** Issue 21: scheduled publishing (`schedule.ts`); absent keeps the stored time, null clears. */
  ...scheduleFieldsSchema.shape,
  /**
   * Issue 22, all optional: absent in an update keeps what is stored (a spec client that knows
   * none of them changes none of them).
   */
  highlights: textListSchema.optional(),
  inclusions: textListSchema.optional(),
  exclusions: textListSchema.optional(),
  priceBands: priceBandsSchema.optional(),
  gst: gstSchema.optional(),
});
export type ItineraryInput = z.input<typeof itineraryInputSchema>;

/** `PUT /update-itinerary/{id}`: the same plus `_id` (which must match the path when sent). */
export const itineraryUpdateSchema = itineraryInputSchema.extend({
  _id: z.string().trim().max(64).optional(),
  /** Issue 21: the version the record was edited from (a stale one answers 409 EDIT_CONFLICT). */
  version: editVersionSchema.optional(),
});
export type ItineraryUpdate = z.input<typeof itineraryUpdateSchema>;

/** A place a day visits, as the itinerary answers it (issue 22). */
export const itineraryPlaceSchema = z.object({
  _id: z.string(),
  name: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type ItineraryPlace = z.infer<typeof itineraryPlaceSchema>;

/**
 * An itinerary as `get-all-itineraries` answers it: country, state and place populated as
 * objects with a name (spec §3), months as names, the gallery and the library title.
 */
export const itinerarySchema = z.object({
  _id: z.string(),
  id: z.string(),
  title: z.string(),
  duration: z.string(),
  type: tourTypeSchema,
  groupSize: z.number().int(),
  languages: z.array(languageSchema),
  pricePerPerson: z.number().int(),
  visibility: visibilitySchema,
  imageLibraryId: z.string().nullable(),
  imageLibrary: z.object({ _id: z.string(), title: z.string() }).nullable(),
  /** Month names (January … December), in calendar order. */
  months: z.array(z.string()),
  description: z.string(),
  metaTitle: z.string(),
  metaDescription: z.string(),
  countryId: namedRefSchema.extend({ shortName: z.string() }),
  stateId: namedRefSchema,
  placeId: namedRefSchema,
  dailyItinerary: z.array(
    z.object({
      title: z.string(),
      description: z.string(),
      /** Issue 22 (optional in the answer, always sent by this server). */
      placeIds: z.array(z.string()).optional(),
      /** The places' names and coordinates, in the day's order (for the route and the PDF). */
      places: z.array(itineraryPlaceSchema).optional(),
      meals: z.array(mealSchema).optional(),
      stay: z.string().optional(),
      transfer: z.string().optional(),
      imageId: z.string().nullable().optional(),
    }),
  ),
  faqs: z.array(z.object({ question: z.string(), answer: z.string() })),
  isActive: z.boolean(),
  /** Issue 22: lists, price bands, GST and the computed lowest customer price. */
  highlights: z.array(z.string()).optional(),
  inclusions: z.array(z.string()).optional(),
  exclusions: z.array(z.string()).optional(),
  priceBands: z
    .array(
      z.object({
        months: z.array(itineraryMonthCodeSchema),
        minGroupSize: z.number().int(),
        maxGroupSize: z.number().int(),
        pricePerPerson: z.number().int(),
      }),
    )
    .optional(),
  gst: z.object({ rate: z.number(), included: z.boolean() }).optional(),
  /** The lowest price a customer can get, GST applied (`itinerary-pricing.ts` fromPrice). */
  fromPrice: z.number().int().optional(),
  /** Issue 21: the edit version (1 when created, +1 with every change). */
  version: z.number().int().optional(),
  /** Issue 21: when the scheduler makes it live / takes it down (null: nothing scheduled). */
  ...scheduleRecordFields,
  gallery: z.array(imageSchema),
  /**
   * The package's picture for cards (issue 20, optional): its image library's first image, else
   * its gallery's first, else null.
   */
  coverImage: imageSchema.nullable().optional(),
  /** Issue 23: the content-quality rules it fails (`quality.ts`), as its last write stored them. */
  ...qualityRecordFields,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Itinerary = z.infer<typeof itinerarySchema>;

/**
 * `get-all-itineraries`: page, limit, search (URL-encoded), optional placeId (spec §7), and the
 * optional `publishable=true` (issue 20: only what the public site can show, active and public;
 * `false` or absent lists everything, as the spec says).
 */
export const itineraryListQuerySchema = listQuerySchema.extend({
  placeId: z.string().trim().max(64).optional(),
  publishable: formBooleanSchema.optional(),
  /** Issue 23: `needsAttention=true` lists only itineraries failing a quality rule. */
  ...qualityQueryFields,
});
export type ItineraryListQuery = z.input<typeof itineraryListQuerySchema>;

export const itineraryListSchema = z.object({
  itineraries: z.array(itinerarySchema),
  pagination: paginationSchema,
  ...qualityListFields,
});
export type ItineraryList = z.infer<typeof itineraryListSchema>;
export const itineraryOneSchema = recordSchema(itinerarySchema);
export const itineraryDeletedSchema = z.object({ _id: z.string(), id: z.string() });
/** What a delete answers (itineraries, image libraries): the id, twice. */
export type DeletedRecord = z.infer<typeof itineraryDeletedSchema>;

/** Multipart fields of `PATCH /itinerary/gallery/{itineraryId}` (spec §7). */
export const ITINERARY_GALLERY_FIELDS = {
  itineraryId: 'itineraryId',
  images: 'images',
  altTexts: 'altTexts',
} as const;

/** Texts of spec §8 for itineraries (the web shows them word for word). */
export const ITINERARY_MESSAGES = {
  created: 'Itinerary created successfully!',
  updated: 'Itinerary updated successfully!',
  saveFailed: 'Failed to save itinerary. Please try again.',
  saveError: 'Error updating/creating itinerary. Please try again.',
  deleteConfirm: 'Are you sure you want to delete this itinerary?',
  deleted: 'Itinerary deleted successfully',
  activated: 'Itinerary activated',
  deactivated: 'Itinerary deactivated',
  listed: 'Itineraries fetched successfully',
  notFound: 'Itinerary not found',
  /** 409: one title per place (a double-submitted create makes one row, SECURITY 21). */
  duplicate: 'An itinerary with this title already exists for this place',
  idMismatch: 'The itinerary id in the body does not match the address',
  unknownLibrary: 'Image library not found',
  imageNotFound: 'Image not found in this itinerary',
  /** Issue 22: a day's place or image that is not ours. */
  unknownPlace: 'Place not found',
  dayImageNotInGallery: "Choose an image from this itinerary's gallery",
  cloned: 'Itinerary duplicated',
  unknownLibraryTitle: 'Unknown Library',
} as const;

/** Spec §2 texts of the itinerary screens. */
export const ITINERARY_TEXTS = {
  pageTitle: 'Itinerary Management',
  addButton: 'Add New Itinerary',
  searchPlaceholder: 'Search by title, description, or type...',
  createTitle: 'Create New Itinerary',
  editTitle: 'Edit Itinerary',
  save: 'Save Itinerary',
  saving: 'Saving...',
  durationPlaceholder: '7 Days / 6 Nights',
  selectType: 'Select Type',
  monthsHint: 'Hold Ctrl/Cmd to select multiple months',
  addDay: 'Add Day',
  dayPlaceholder: 'Describe the activities for this day...',
  addFaq: 'Add FAQ',
  galleryTitle: (title: string) => `Gallery - ${title}`,
  manageGallery: (count: number) => `Manage Gallery (${count})`,
} as const;
