import { and, asc, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { reuse } from '../db/prepared.js';
import { images } from '../db/schema/index.js';

export type ImageRow = typeof images.$inferSelect;
export type NewImage = typeof images.$inferInsert;

/** Owner kinds of the `images` table (one per owning entity). */
export type ImageOwnerType =
  | 'image-library'
  | 'country'
  | 'state'
  | 'place'
  | 'place-details-cover'
  | 'place-details-gallery'
  | 'blog-cover'
  | 'itinerary-gallery'
  | 'admin-avatar'
  | 'app-logo'
  | 'marketing-notification';

/** The columns of an image row that `presentImage` reads. */
export type ShownImage = Pick<
  ImageRow,
  | 'id'
  | 'fileKey'
  | 'altText'
  | 'sortOrder'
  | 'mimeType'
  | 'width'
  | 'height'
  | 'bytes'
  | 'placeholder'
  | 'variants'
  | 'focalX'
  | 'focalY'
  | 'crops'
>;

/** One image row (`alias`) as the JSON of a {@link ShownImage}. */
const shownImageJson = (alias: string): SQL =>
  sql.raw(`json_build_object('id', ${alias}.id, 'fileKey', ${alias}.file_key,
    'altText', ${alias}.alt_text, 'sortOrder', ${alias}.sort_order, 'mimeType', ${alias}.mime_type,
    'width', ${alias}.width, 'height', ${alias}.height, 'bytes', ${alias}.bytes,
    'placeholder', ${alias}.placeholder, 'variants', ${alias}.variants, 'focalX', ${alias}.focal_x,
    'focalY', ${alias}.focal_y, 'crops', ${alias}.crops)`);

/**
 * The first image (by sort order) of an owner, as a JSON sub-select: a column of the caller's own
 * query, answered from `images_owner_order_idx` (no extra query per row or page). `ownerId` is the
 * owner's id column (or any SQL). Read it back with {@link shownImage}.
 */
export const firstImageSql = (ownerType: ImageOwnerType, ownerId: SQLWrapper): SQL =>
  sql`(select ${shownImageJson('fi')}
    from images fi where fi.owner_type = ${sql.raw(`'${ownerType}'`)} and fi.owner_id = ${ownerId}
    order by fi.sort_order, fi.id limit 1)`;

/**
 * All images of an owner in display order, as a JSON array sub-select (`[]` for none): like
 * {@link firstImageSql}, a column of the caller's query, so a page's galleries cost no round trip
 * of their own. Read it back with {@link shownImages}.
 */
export const imagesSql = (ownerType: ImageOwnerType, ownerId: SQLWrapper): SQL =>
  sql`(select coalesce(json_agg(${shownImageJson('gi')} order by gi.sort_order, gi.id), '[]')
    from images gi where gi.owner_type = ${sql.raw(`'${ownerType}'`)} and gi.owner_id = ${ownerId})`;

/** A JSON column as the driver answers it: parsed (node-postgres) or its text; null for none. */
const jsonColumn = (value: unknown): unknown =>
  value === null || value === undefined
    ? null
    : typeof value === 'string'
      ? JSON.parse(value)
      : value;

/** A {@link firstImageSql} value. */
export const shownImage = (value: unknown) => jsonColumn(value) as ShownImage | null;

/** An {@link imagesSql} value. */
export const shownImages = (value: unknown) => (jsonColumn(value) ?? []) as ShownImage[];

export const insertImages = async (db: Executor, rows: NewImage[]): Promise<ImageRow[]> =>
  rows.length === 0 ? [] : db.insert(images).values(rows).returning();

/**
 * Images of one owner type for these owners, in order: a page's pictures in one query (a reused
 * prepared statement, db/prepared.ts: the library, blog and geography pages run it).
 */
const imagesOfOwners = (db: Executor) =>
  db
    .select()
    .from(images)
    .where(
      and(
        eq(images.ownerType, sql.placeholder('ownerType')),
        sql`${images.ownerId} = any(${sql.placeholder('ownerIds')}::uuid[])`,
      ),
    )
    .orderBy(asc(images.ownerId), asc(images.sortOrder), asc(images.id))
    .prepare('images_of_owners');

export const listImagesOf = async (
  db: Executor,
  ownerType: ImageOwnerType,
  ownerIds: readonly string[],
): Promise<ImageRow[]> =>
  ownerIds.length === 0
    ? []
    : reuse(db, 'images_of_owners', imagesOfOwners).execute({ ownerType, ownerIds: [...ownerIds] });

/** Images of these owners under several owner types (cover and gallery) in one query. */
export const listImagesOfTypes = async (
  db: Executor,
  ownerTypes: readonly ImageOwnerType[],
  ownerIds: readonly string[],
): Promise<ImageRow[]> =>
  ownerIds.length === 0
    ? []
    : db
        .select()
        .from(images)
        .where(
          and(inArray(images.ownerType, [...ownerTypes]), inArray(images.ownerId, [...ownerIds])),
        )
        .orderBy(asc(images.ownerId), asc(images.sortOrder), asc(images.id));

/** Groups rows by owner id (keeps the order given). */
export const groupByOwner = (rows: readonly ImageRow[]): Map<string, ImageRow[]> => {
  const map = new Map<string, ImageRow[]>();
  for (const row of rows) {
    const list = map.get(row.ownerId);
    if (list) list.push(row);
    else map.set(row.ownerId, [row]);
  }
  return map;
};

export const deleteImagesByIds = async (
  db: Executor,
  ids: readonly string[],
): Promise<ImageRow[]> =>
  ids.length === 0
    ? []
    : db
        .delete(images)
        .where(inArray(images.id, [...ids]))
        .returning();

export const deleteImagesOf = async (
  db: Executor,
  ownerType: ImageOwnerType,
  ownerId: string,
): Promise<ImageRow[]> =>
  db
    .delete(images)
    .where(and(eq(images.ownerType, ownerType), eq(images.ownerId, ownerId)))
    .returning();

export const updateImagePlacement = async (
  db: Executor,
  id: string,
  values: { altText: string; sortOrder: number },
): Promise<void> => {
  await db.update(images).set(values).where(eq(images.id, id));
};

/** The first image of each owner (covers, flags: owners with one image). */
export const firstByOwner = (rows: readonly ImageRow[]): Map<string, ImageRow> => {
  const map = new Map<string, ImageRow>();
  for (const row of rows) if (!map.has(row.ownerId)) map.set(row.ownerId, row);
  return map;
};

/**
 * Replaces an owner's single image (flag, cover): the old rows are deleted, the new one inserted.
 * Answers the old rows, whose files the caller deletes after the commit.
 */
export const replaceSingleImage = async (
  db: Executor,
  ownerType: ImageOwnerType,
  ownerId: string,
  image: Omit<NewImage, 'ownerType' | 'ownerId' | 'sortOrder'>,
): Promise<ImageRow[]> => {
  const old = await deleteImagesOf(db, ownerType, ownerId);
  await insertImages(db, [{ ...image, ownerType, ownerId, sortOrder: 0 }]);
  return old;
};

/** Image rows by id, whoever owns them (the itinerary PDF reads its cover, days' and gallery's). */
export const findImagesByIds = async (db: Executor, ids: readonly string[]): Promise<ImageRow[]> =>
  ids.length === 0
    ? []
    : db
        .select()
        .from(images)
        .where(inArray(images.id, [...ids]));
