import { z } from 'zod';
import { editVersionSchema } from './version.js';
import { recordSchema } from './envelope.js';
import { DEFAULT_LIBRARY_MONTH, LIBRARY_MONTHS, LIBRARY_STATUSES } from './constants.js';
import { imageSchema } from './media.js';
import { listQuerySchema, paginationSchema } from './pagination.js';

export const LIBRARY_TITLE_MAX = 150;
export const LIBRARY_DESCRIPTION_MAX = 2000;

export const libraryMonthSchema = z.enum(LIBRARY_MONTHS as unknown as [string, ...string[]]);
export const libraryStatusSchema = z.enum(LIBRARY_STATUSES);

/** Image library (spec §3). */
export const imageLibrarySchema = z.object({
  _id: z.string(),
  id: z.string(),
  title: z.string(),
  description: z.string(),
  month: libraryMonthSchema,
  images: z.array(imageSchema),
  status: libraryStatusSchema,
  /** Issue 21: the edit version (1 when created, +1 with every change). */
  version: z.number().int().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
  author: z.object({ name: z.string(), image: z.string().nullable() }).nullable(),
});
export type ImageLibrary = z.infer<typeof imageLibrarySchema>;

/**
 * The text fields of `POST /image-libraries` and `PUT /image-libraries/{id}` (always sent as
 * `multipart/form-data`; files and the indexed fields are parsed beside these). Title is required
 * after trimming.
 */
export const imageLibraryFieldsSchema = z.strictObject({
  title: z.string().trim().min(1, 'Title is required').max(LIBRARY_TITLE_MAX),
  description: z.string().trim().max(LIBRARY_DESCRIPTION_MAX).default(''),
  month: libraryMonthSchema.default(DEFAULT_LIBRARY_MONTH),
  /** Update only (issue 21): the version the library was edited from. */
  version: editVersionSchema.optional(),
});
export type ImageLibraryFields = z.input<typeof imageLibraryFieldsSchema>;

/**
 * Multipart field names (spec §7). `images` are new files with `altTexts[i]` for the i-th file;
 * `existingImages[i]` are ids of images to keep with `existingAltTexts[i]`; images of the library
 * not listed are removed. `imageOrder[i]` lists the final order: an existing image's id, or
 * `new:<k>` for the k-th new file; without it, kept images come first (in the order listed), then
 * the new ones. A ref the request does not keep or add is refused (400); kept or new images that
 * `imageOrder` leaves out follow the listed ones in that default order.
 *
 * The server's reading of each route:
 * - `POST` (create): `existingImages`/`existingAltTexts` must be empty (nothing exists yet).
 * - `PUT {id}`: title/description/month, and the image fields only if the form sends any of
 *   them; a form with none of `images`, `altTexts[i]`, `existingImages[i]`, `existingAltTexts[i]`
 *   leaves the images as they are (the edit form only sends the text fields).
 * - `PUT {id}/images`: the image fields only (plus `imageOrder[i]`); the listed set is the new set,
 *   so a form listing nothing removes every image. Applied in one transaction.
 */
export const LIBRARY_MULTIPART_FIELDS = {
  images: 'images',
  altTexts: 'altTexts',
  existingImages: 'existingImages',
  existingAltTexts: 'existingAltTexts',
  imageOrder: 'imageOrder',
} as const;
export const newImageRef = (index: number) => `new:${index}`;

/** page (default 1), limit (default 10), optional search (spec §7). */
export const imageLibraryListQuerySchema = listQuerySchema;

export const imageLibraryListSchema = z.object({
  libraries: z.array(imageLibrarySchema),
  pagination: paginationSchema,
});
export type ImageLibraryList = z.infer<typeof imageLibraryListSchema>;

/** One library is answered as `data.data` (spec §7: "for one library data.data.title"). */
export const imageLibraryOneSchema = recordSchema(imageLibrarySchema);

export const imageLibraryDeletedSchema = z.object({ _id: z.string(), id: z.string() });

/** Texts of spec §8 for the image library screens, and the server's own answers. */
export const IMAGE_LIBRARY_MESSAGES = {
  listed: 'Image libraries fetched successfully',
  fetched: 'Image library fetched successfully',
  deleted: 'Image library deleted successfully',
  activated: 'Image library activated',
  deactivated: 'Image library deactivated',
  notFound: 'Image library not found',
  unknownImage: 'Image not found in this library',
  created: 'Image library created successfully!',
  updated: 'Image library updated successfully!',
  saveFailed: 'Failed to save image library. Please try again.',
  saveError: 'Error creating/updating image library. Please try again.',
  deleteConfirm: 'Are you sure you want to delete this image library?',
  imagesUpdated: 'Images updated successfully!',
  imagesFailed: 'Failed to save images. Please try again.',
  imagesFormError: 'Failed to save images',
  imagesError: 'Error updating images. Please try again.',
  titleRequired: 'Title is required',
  fetchFailed: 'Failed to fetch image libraries',
  createFailed: 'Failed to create image library',
  updateFailed: 'Failed to update image library',
  updateImagesFailed: 'Failed to update image library images',
  deleteFailed: 'Failed to delete image library',
  toggleFailed: 'Failed to toggle image library status',
} as const;
