import { z } from 'zod';
import { ALT_TEXT_MAX } from './constants.js';

export const altTextSchema = z
  .string()
  .trim()
  .max(ALT_TEXT_MAX, `Alt text must be at most ${ALT_TEXT_MAX} characters`);

/** One WebP variant of a stored image. */
export const imageVariantSchema = z.object({
  width: z.number().int(),
  height: z.number().int(),
  url: z.string(),
});

/**
 * Issue 24: where the subject of an image is, each coordinate a fraction of the image's width and
 * height (0 is the left / top edge, 1 the right / bottom). Every cropped variant is cut around it
 * and the web's `<Img>` uses it as `object-position`. Without one, the centre.
 */
export const focalPointSchema = z
  .object({
    x: z.number().min(0, 'Must be between 0 and 1').max(1, 'Must be between 0 and 1'),
    y: z.number().min(0, 'Must be between 0 and 1').max(1, 'Must be between 0 and 1'),
  })
  .strict();
export type FocalPoint = z.infer<typeof focalPointSchema>;
export const DEFAULT_FOCAL_POINT: FocalPoint = { x: 0.5, y: 0.5 };

/**
 * The cropped variants every stored image gets (WebP, never upscaled): a square for thumbnails
 * and tiles, and the 1.91:1 card that link previews (Open Graph, WhatsApp) show.
 */
export const IMAGE_CROPS = {
  square: { width: 480, height: 480 },
  card: { width: 1200, height: 630 },
} as const;
export type ImageCropKind = keyof typeof IMAGE_CROPS;
export const IMAGE_CROP_KINDS = Object.keys(IMAGE_CROPS) as ImageCropKind[];

export const imageCropSchema = z.object({
  kind: z.enum(IMAGE_CROP_KINDS as [ImageCropKind, ...ImageCropKind[]]),
  width: z.number().int(),
  height: z.number().int(),
  url: z.string(),
});
export type ImageCrop = z.infer<typeof imageCropSchema>;

/** Issue 24: the image's focal point and its cropped variants (absent on answers before it). */
export const imageFramingShape = {
  /** Null: none set (the centre). */
  focalPoint: focalPointSchema.nullable().optional(),
  crops: z.array(imageCropSchema).optional(),
};

/**
 * A stored image as every owner (library, gallery, cover) presents it. `_id, url, fileKey,
 * publicUrl, altText, order` are spec §3's; the rest is what the pipeline measured.
 */
export const imageSchema = z.object({
  _id: z.string(),
  url: z.string(),
  fileKey: z.string(),
  publicUrl: z.string(),
  altText: z.string(),
  order: z.number().int(),
  mimeType: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
  /** Dominant colour as `#rrggbb`, shown while the image loads. */
  placeholder: z.string(),
  variants: z.array(imageVariantSchema),
  ...imageFramingShape,
});
export type Image = z.infer<typeof imageSchema>;

/**
 * Issue 24: near-identical uploads. Every stored image has a 64-bit difference hash; an upload
 * within this many differing bits of an image already stored (a resized or re-encoded copy) is
 * kept, and its answer lists where the other copies are.
 */
export const DUPLICATE_MAX_DISTANCE = 10;

/** One stored copy of an uploaded image: the image, who holds it and where the admin opens it. */
export const duplicateMatchSchema = z.object({
  _id: z.string(),
  url: z.string(),
  /** Differing bits of the two hashes (0: the same picture). */
  distance: z.number().int(),
  ownerType: z.string(),
  ownerId: z.string(),
  /** What a person calls the holder ('Image library “Goa beaches”'). */
  ownerName: z.string(),
  /** The web route that shows the holder; null when there is none. */
  link: z.string().nullable(),
});
export type DuplicateMatch = z.infer<typeof duplicateMatchSchema>;

/** One image of this upload that has copies already stored. */
export const duplicateUploadSchema = z.object({
  /** The new image. */
  _id: z.string(),
  fileKey: z.string(),
  matches: z.array(duplicateMatchSchema),
});
export type DuplicateUpload = z.infer<typeof duplicateUploadSchema>;
