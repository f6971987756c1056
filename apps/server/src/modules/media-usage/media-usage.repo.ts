import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rowsOf } from '../../db/client.js';
import {
  imageLibraries,
  images,
  itineraries,
  placeBlogs,
  placeDetails,
  places,
  scheduledNotifications,
} from '../../db/schema/index.js';
import type { ImageRow } from '../../media/images.repo.js';

/**
 * "Where used" in one statement (issue 24). The images asked about are a CTE (by id, or every
 * image of a library); each kind of reference is one arm of a UNION ALL, each answered from an
 * index: a record's own picture by its primary key (`owner_id`), a day of the owner itinerary by
 * its primary key (a day may only show its own gallery's images), a blog's text through the
 * trigram index on `place_blogs.content` (migration 0019: the file key's stem, so the original
 * and every variant match), the homepage selections by their primary keys, and a library's
 * itineraries and place details through `itineraries_library_idx` / `place_details_library_idx`.
 */

export interface UsageRow {
  kind: string;
  /** The record's id (the logo: 'basic'; a homepage section: its field). */
  recordId: string;
  name: string;
  /** A day's index, a place-details month code, or null. */
  detail: string | null;
  /** The image the reference is to (null: a reference to the library itself). */
  imageId: string | null;
}

/** Which images: these ids, or every image of one library. */
export type ImageSet = { ids: readonly string[] } | { libraryId: string };

const targetOf = (set: ImageSet): SQL =>
  'ids' in set
    ? sql`i.id in (${sql.join(
        set.ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql`i.owner_type = 'image-library' and i.owner_id = ${set.libraryId}::uuid`;

/** Every use of the images (and, for a library, of the library), in a stable order. */
export const findUsage = async (db: Executor, set: ImageSet): Promise<UsageRow[]> => {
  if ('ids' in set && set.ids.length === 0) return [];
  const libraryArms =
    'libraryId' in set
      ? sql`
    union all
    select 'itinerary', it.id::text, it.title, null, null::text, 10
      from itineraries it where it.image_library_id = ${set.libraryId}::uuid
    union all
    select 'placeDetails', pd.id::text, p.name, pd.month, null::text, 11
      from place_details pd join places p on p.id = pd.place_id
      where pd.image_library_id = ${set.libraryId}::uuid`
      : sql``;
  const result = await db.execute(sql`
    with t as (
      select i.id, i.owner_type, i.owner_id,
        replace(replace(replace(regexp_replace(i.file_key, '\\.[^./]+$', ''), '\\', '\\\\'), '%', '\\%'), '_', '\\_') as stem
      from images i where ${targetOf(set)}
    ),
    u as (
      select 'itineraryDay' as kind, it.id::text as record_id, it.title as name,
          (d.ord - 1)::text as detail, t.id::text as image_id, 1 as rank
        from t join itineraries it on t.owner_type = 'itinerary-gallery' and it.id = t.owner_id
        cross join lateral jsonb_array_elements(it.daily_itinerary) with ordinality as d(day, ord)
        where d.day ->> 'imageId' = t.id::text
      union all
      select 'blogInline', b.id::text, b.title, null, t.id::text, 2
        from t join place_blogs b on b.content like '%' || t.stem || '%'
      union all
      select 'marketingNotification', n.id::text, n.title, null, t.id::text, 3
        from t join scheduled_notifications n
          on t.owner_type = 'marketing-notification' and n.id = t.owner_id
      union all
      select 'blog', b.id::text, b.title, null, t.id::text, 4
        from t join place_blogs b on t.owner_type = 'blog-cover' and b.id = t.owner_id
      union all
      select 'placeDetails', pd.id::text, p.name, pd.month, t.id::text, 5
        from t join place_details pd on t.owner_type = 'place-details-cover' and pd.id = t.owner_id
        join places p on p.id = pd.place_id
      union all
      select 'country', c.id::text, c.name, null, t.id::text, 6
        from t join countries c on t.owner_type = 'country' and c.id = t.owner_id
      union all
      select 'state', s.id::text, s.name, null, t.id::text, 6
        from t join states s on t.owner_type = 'state' and s.id = t.owner_id
      union all
      select 'place', p.id::text, p.name, null, t.id::text, 6
        from t join places p on t.owner_type = 'place' and p.id = t.owner_id
      union all
      select 'homepage', 'trendingDestinations', '', null, t.id::text, 7
        from t join homepage_destinations h on t.owner_type = 'place' and h.place_id = t.owner_id
      union all
      select 'homepage', 'blogs', '', null, t.id::text, 7
        from t join homepage_blogs h on t.owner_type = 'blog-cover' and h.blog_id = t.owner_id
      union all
      select 'profile', a.id::text, a.name, null, t.id::text, 8
        from t join admin_users a on t.owner_type = 'admin-avatar' and a.id = t.owner_id
      union all
      select 'logo', 'basic', '', null, t.id::text, 9 from t where t.owner_type = 'app-logo'
      ${libraryArms}
    )
    select kind, record_id, name, detail, image_id from u
    order by rank, lower(name), record_id, detail, image_id
  `);
  return rowsOf(result).map((row) => ({
    kind: String(row.kind),
    recordId: String(row.record_id),
    name: String(row.name ?? ''),
    detail: row.detail === null || row.detail === undefined ? null : String(row.detail),
    imageId: row.image_id === null || row.image_id === undefined ? null : String(row.image_id),
  }));
};

/** One image by id, locked for the change when `lock`. */
export const findImage = async (
  db: Executor,
  id: string,
  lock = false,
): Promise<ImageRow | undefined> => {
  const query = db.select().from(images).where(eq(images.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
};

/** The name of the gallery or library an image lives in (null: none of those). */
export const ownerName = async (
  db: Executor,
  ownerType: string,
  ownerId: string,
): Promise<string | null> => {
  if (ownerType === 'image-library') {
    const [row] = await db
      .select({ name: imageLibraries.title })
      .from(imageLibraries)
      .where(eq(imageLibraries.id, ownerId));
    return row?.name ?? null;
  }
  if (ownerType === 'itinerary-gallery') {
    const [row] = await db
      .select({ name: itineraries.title })
      .from(itineraries)
      .where(eq(itineraries.id, ownerId));
    return row?.name ?? null;
  }
  if (ownerType === 'place-details-gallery') {
    const [row] = await db
      .select({ name: places.name, month: placeDetails.month })
      .from(placeDetails)
      .innerJoin(places, eq(places.id, placeDetails.placeId))
      .where(eq(placeDetails.id, ownerId));
    return row ? `${row.name}|${row.month}` : null;
  }
  return null;
};

export const libraryTitle = async (db: Executor, id: string): Promise<string | undefined> => {
  const [row] = await db
    .select({ title: imageLibraries.title })
    .from(imageLibraries)
    .where(eq(imageLibraries.id, id));
  return row?.title;
};

// ── removing references (inside the delete's transaction) ───────────────────────────────────────

/** The days of one itinerary showing these images show none. */
export const clearDayImages = async (
  tx: Executor,
  itineraryId: string,
  imageIds: readonly string[],
): Promise<void> => {
  const ids = sql`array[${sql.join(
    imageIds.map((id) => sql`${id}`),
    sql`, `,
  )}]::text[]`;
  await tx.execute(sql`
    update itineraries set daily_itinerary = (
      select coalesce(jsonb_agg(
        case when d.day ->> 'imageId' = any(${ids})
          then jsonb_set(d.day, '{imageId}', 'null'::jsonb) else d.day end
        order by d.ord), '[]'::jsonb)
      from jsonb_array_elements(daily_itinerary) with ordinality as d(day, ord)
    ), updated_at = now()
    where id = ${itineraryId}::uuid`);
};

export const blogContent = async (tx: Executor, id: string): Promise<string | undefined> => {
  const [row] = await tx
    .select({ content: placeBlogs.content })
    .from(placeBlogs)
    .where(eq(placeBlogs.id, id));
  return row?.content;
};

export const setBlogContent = async (tx: Executor, id: string, content: string): Promise<void> => {
  await tx
    .update(placeBlogs)
    .set({ content, updatedAt: sql`now()` })
    .where(eq(placeBlogs.id, id));
};

export const clearLibraryOf = async (
  tx: Executor,
  table: typeof itineraries | typeof placeDetails,
  ids: readonly string[],
): Promise<void> => {
  if (ids.length === 0) return;
  await tx
    .update(table)
    .set({ imageLibraryId: null, updatedAt: sql`now()` })
    .where(inArray(table.id, [...ids]));
};

export const clearNotificationImages = async (
  tx: Executor,
  imageIds: readonly string[],
): Promise<void> => {
  if (imageIds.length === 0) return;
  await tx
    .update(scheduledNotifications)
    .set({ imageId: null })
    .where(inArray(scheduledNotifications.imageId, [...imageIds]));
};
