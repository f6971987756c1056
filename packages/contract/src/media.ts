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
});
export type Image = z.infer<typeof imageSchema>;
