import { z } from 'zod';
import { editVersionSchema } from './version.js';
import { recordSchema } from './envelope.js';
import { DELETE_TEXTS } from './dependants.js';
import { LIBRARY_STATUSES, MONTH_CODES } from './constants.js';
import { idFieldSchema, jsonTextSchema, optionalIdSchema } from './forms.js';
import { namedRefSchema } from './geography.js';
import { imageSchema } from './media.js';
import { listQuerySchema, paginationSchema } from './pagination.js';
import { qualityListFields, qualityQueryFields, qualityRecordFields } from './quality-schema.js';

export const RICH_TEXT_MAX = 100_000;

export const monthCodeSchema = z.enum(MONTH_CODES);
export const placeDetailsStatusSchema = z.enum(LIBRARY_STATUSES);

/** Temperature range of the month in °C (DESIGN §5). */
export const temperatureSchema = z
  .strictObject({
    min: z.number().min(-90).max(60),
    max: z.number().min(-90).max(60),
  })
  .refine((t) => t.min <= t.max, {
    message: 'Minimum temperature cannot be above the maximum',
    path: ['min'],
  });
export type Temperature = z.infer<typeof temperatureSchema>;

export const locationSchema = z.strictObject({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  address: z.string().trim().max(300).default(''),
});
export type Location = z.infer<typeof locationSchema>;

export const bestTimeToVisitSchema = z.strictObject({
  fromMonth: monthCodeSchema,
  toMonth: monthCodeSchema,
  note: z.string().trim().max(300).default(''),
});
export type BestTimeToVisit = z.infer<typeof bestTimeToVisitSchema>;

/** Place details: one record per place and month (spec §3, DESIGN §5). */
export const placeDetailsSchema = z.object({
  _id: z.string(),
  id: z.string(),
  countryId: z.string(),
  stateId: z.string(),
  placeId: z.string(),
  country: namedRefSchema,
  state: namedRefSchema,
  place: namedRefSchema,
  month: monthCodeSchema,
  /** Sanitised rich text (HTML). */
  description: z.string(),
  imageLibraryId: z.string().nullable(),
  imageLibrary: z.object({ _id: z.string(), title: z.string() }).nullable(),
  temperature: temperatureSchema.nullable(),
  location: locationSchema.nullable(),
  bestTimeToVisit: bestTimeToVisitSchema.nullable(),
  coverPhoto: imageSchema.nullable(),
  status: placeDetailsStatusSchema,
  /** Issue 21: the edit version (1 when created, +1 with every change). */
  version: z.number().int().optional(),
  gallery: z.array(imageSchema),
  /** Issue 23: the content-quality rules it fails (`quality.ts`), as its last write stored them. */
  ...qualityRecordFields,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PlaceDetails = z.infer<typeof placeDetailsSchema>;

/**
 * `POST /add-Place-Details` form fields (spec §7): the three objects travel as JSON text;
 * imageLibraryId is sent only when present; the `coverPhoto` file travels beside them.
 */
export const placeDetailsAddFieldsSchema = z.strictObject({
  countryId: idFieldSchema('Country'),
  stateId: idFieldSchema('State'),
  placeId: idFieldSchema('Place'),
  month: monthCodeSchema,
  description: z.string().max(RICH_TEXT_MAX).default(''),
  imageLibraryId: optionalIdSchema.optional(),
  temperature: jsonTextSchema(temperatureSchema).optional(),
  location: jsonTextSchema(locationSchema).optional(),
  bestTimeToVisit: jsonTextSchema(bestTimeToVisitSchema).optional(),
  status: placeDetailsStatusSchema.default('active'),
});

/**
 * `PATCH /update-Place-Details` form fields (spec §5): id; month, description, temperature,
 * location and bestTimeToVisit only when provided; imageLibraryId ALWAYS (empty = clear it);
 * status only when defined; `coverPhoto` only when a real file.
 */
export const placeDetailsUpdateFieldsSchema = z.strictObject({
  id: idFieldSchema('Place details'),
  imageLibraryId: optionalIdSchema,
  month: monthCodeSchema.optional(),
  description: z.string().max(RICH_TEXT_MAX).optional(),
  temperature: jsonTextSchema(temperatureSchema).optional(),
  location: jsonTextSchema(locationSchema).optional(),
  bestTimeToVisit: jsonTextSchema(bestTimeToVisitSchema).optional(),
  status: placeDetailsStatusSchema.optional(),
  /** Issue 21: the version the record was edited from (a stale one answers 409 EDIT_CONFLICT). */
  version: editVersionSchema.optional(),
});

export const placeDetailsListSchema = z.object({
  placeDetails: z.array(placeDetailsSchema),
  pagination: paginationSchema,
  ...qualityListFields,
});
/**
 * `get-Place-Details`: page, limit, search, and (issue 23) the optional `needsAttention=true`
 * (only records failing a quality rule).
 */
export const placeDetailsListQuerySchema = listQuerySchema.extend(qualityQueryFields);
export type PlaceDetailsListQuery = z.input<typeof placeDetailsListQuerySchema>;
export type PlaceDetailsList = z.infer<typeof placeDetailsListSchema>;
export const placeDetailsByIdQuerySchema = z.strictObject({ id: z.string().trim().max(64) });
export const placeDetailsOneSchema = recordSchema(placeDetailsSchema);

/**
 * `PUT /update-Place-Details-Gallery-Images`: multipart `id`, `images` files and `altTexts[i]`
 * (added after the existing gallery). `DELETE /remove-Place-Details-Gallery-Images`: JSON
 * `{data: {id, imageIds}}`.
 */
export const placeDetailsGalleryRemoveSchema = z.strictObject({
  id: idFieldSchema('Place details'),
  imageIds: z.array(z.string().trim().max(64)).min(1, 'Choose at least one image').max(100),
});

export const PLACE_DETAILS_MESSAGES = {
  added: 'Place details added successfully',
  updated: 'Place details updated successfully',
  notFound: 'Place details not found',
  duplicate: 'Details for this place and month already exist',
  listed: 'Place details fetched successfully',
  fetched: 'Place details fetched successfully',
  galleryUpdated: 'Gallery updated successfully',
  /** 400 at `images`: the gallery upload carried no file. */
  noImages: 'Choose at least one image',
  /** 400 at `imageIds[i]`: the image is not in this record's gallery. */
  unknownImage: 'Image not found in this gallery',
  imageRemoved: 'Image removed successfully',
  imageRemoveConfirm: 'Are you sure you want to remove this image?',
  /** DELETE delete-Place-Details/{id} (issue 20): the record with its cover and gallery. */
  deleted: DELETE_TEXTS.deleted('Place details'),
} as const;
