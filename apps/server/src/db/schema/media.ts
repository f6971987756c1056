import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, real, text, uuid } from 'drizzle-orm/pg-core';
import type { ImageCropKind } from '@safarnama/contract';
import { createdAt, id, jsonList } from './columns.js';

/** One stored WebP variant of an image (its file key, not its URL: URLs depend on the driver). */
export interface StoredVariant {
  width: number;
  height: number;
  key: string;
}

/** Issue 24: one cropped WebP variant, cut around the image's focal point. */
export interface StoredCrop extends StoredVariant {
  kind: ImageCropKind;
}

/**
 * Every stored image of every owner (DESIGN §6: flags, covers, galleries and libraries go through
 * one pipeline). `owner_type` names the owning table's kind (e.g. `image-library`); there is no
 * foreign key on `owner_id`, so the owner's service deletes its images (and, after commit, their
 * files) with it.
 */
export const images = pgTable(
  'images',
  {
    id: id(),
    ownerType: text('owner_type').notNull(),
    ownerId: uuid('owner_id').notNull(),
    /** Storage key of the re-encoded original, e.g. `images/2025/06/<uuidv7>.jpg`. */
    fileKey: text('file_key').notNull(),
    mimeType: text('mime_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** Size of the stored original, in bytes. */
    bytes: integer('bytes').notNull(),
    /** Dominant colour `#rrggbb`, painted while the image loads. */
    placeholder: text('placeholder').notNull(),
    variants: jsonList<StoredVariant>('variants'),
    altText: text('alt_text').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
    /**
     * Issue 24: the 64-bit difference hash of the picture (16 hex digits), compared bit by bit
     * to find near-identical uploads; null for an image stored before it (the media sweep fills it).
     */
    phash: text('phash'),
    /** Issue 24: the focal point (fractions of width and height); null: the centre. */
    focalX: real('focal_x'),
    focalY: real('focal_y'),
    /** Issue 24: the cropped variants, cut around the focal point (empty before it). */
    crops: jsonList<StoredCrop>('crops'),
    createdAt: createdAt(),
  },
  (t) => [
    // An owner's images in display order, ties by id: a first image (`firstImageSql`) is read
    // off the index without a sort.
    index('images_owner_order_idx').on(t.ownerType, t.ownerId, t.sortOrder, t.id),
    // All of one record's images, whatever their kind (the audit's and a restore's loads).
    index('images_owner_id_idx').on(t.ownerId),
    check(
      'images_focal_point_check',
      sql`(${t.focalX} is null and ${t.focalY} is null) or (${t.focalX} between 0 and 1 and ${t.focalY} between 0 and 1)`,
    ),
    check(
      'images_mime_type_check',
      sql`${t.mimeType} in ('image/jpeg', 'image/png', 'image/gif', 'image/webp')`,
    ),
  ],
);
