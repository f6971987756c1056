import { sql } from 'drizzle-orm';
import { rowsOf, type Database, type Executor } from '../../db/client.js';
import { transaction } from '../../db/transaction.js';
import {
  countries,
  homepageBlogs,
  homepageDestinations,
  homepagePackages,
  imageLibraries,
  images,
  itineraries,
  placeBlogs,
  placeDetails,
  places,
  states,
} from '../../db/schema/index.js';

/**
 * Runs `work` in a transaction with parallel query workers off: on a small machine the workers'
 * start-up costs more than they save on these scans (41 → ~20 ms for the grouped itineraries at
 * 100k rows), and the service already runs its statements side by side.
 */
export const withoutParallelWorkers = <T>(db: Database, work: (tx: Executor) => Promise<T>) =>
  transaction(db, async (tx) => {
    await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
    return work(tx);
  });

/**
 * The dashboard's aggregate queries. Each answers in one statement (count … filter, group by,
 * scalar sub-selects); the service runs them side by side on the pool. No query runs per row.
 */

const num = (value: unknown) => Number(value ?? 0);

const GALLERY_OWNER = 'itinerary-gallery';
const LIBRARY_OWNER = 'image-library';

/**
 * Itineraries grouped by type, status and month set: an index-only scan of
 * `itineraries_dashboard_idx` (the heap holds descriptions and is ~40× wider). The service adds
 * the groups up: per type, active/inactive, and per month (a row counts in each of its months).
 */
export const itineraryGroups = async (db: Executor) => {
  const result = await db.execute(sql`
    select ${itineraries.type} as type, ${itineraries.isActive} as active,
           ${itineraries.months} as months, count(*) as n
    from ${itineraries}
    group by ${itineraries.type}, ${itineraries.isActive}, ${itineraries.months}`);
  return rowsOf(result).map((r) => ({
    type: String(r.type),
    active: r.active === true || r.active === 't',
    months: parseTextArray(r.months),
    n: num(r.n),
  }));
};

/** node-postgres parses text[]; PGlite too, but a literal `{A,B}` is accepted as a fallback. */
const parseTextArray = (value: unknown): string[] => {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'string')
    return value
      .replace(/^\{|\}$/g, '')
      .split(',')
      .filter(Boolean);
  return [];
};

const publicWithoutSeo = sql`${itineraries.visibility} = 'public'
  and (${itineraries.metaTitle} = '' or ${itineraries.metaDescription} = '')`;

/** Public itineraries without a meta title or description (the partial index's rows). */
export const countPublicWithoutSeo = async (db: Executor) => {
  const result = await db.execute(
    sql`select count(*) as n from ${itineraries} where ${publicWithoutSeo}`,
  );
  return num(rowsOf(result)[0]?.n);
};

/**
 * Itineraries with at least one gallery image: distinct owners in the `images_owner_order_idx` index
 * (index-only). Gallery rows never outlive their itinerary (the delete removes them in its
 * transaction), so "without gallery" = all itineraries − these; no anti-join over the table.
 */
export const countItinerariesWithGallery = async (db: Executor) => {
  const result = await db.execute(sql`
    select count(*) as n from (
      select distinct ${images.ownerId} from ${images} where ${images.ownerType} = ${GALLERY_OWNER}
    ) owners`);
  return num(rowsOf(result)[0]?.n);
};

const withoutGallery = sql`not exists (
  select 1 from ${images}
  where ${images.ownerType} = ${GALLERY_OWNER} and ${images.ownerId} = ${itineraries.id})`;

/** The newest `limit` itineraries matching a gap condition. */
const newestWhere = async (db: Executor, where: ReturnType<typeof sql>, limit: number) =>
  db
    .select({ _id: itineraries.id, title: itineraries.title })
    .from(itineraries)
    .where(where)
    .orderBy(sql`${itineraries.createdAt} desc, ${itineraries.id} desc`)
    .limit(limit);

export const newestWithoutGallery = (db: Executor, limit: number) =>
  newestWhere(db, withoutGallery, limit);
export const newestPublicWithoutSeo = (db: Executor, limit: number) =>
  newestWhere(db, publicWithoutSeo, limit);

/** Counts of the smaller tables in one statement (scalar sub-selects). */
export const otherCounts = async (db: Executor) => {
  const result = await db.execute(sql`
    select
      (select count(*) from ${places} where ${places.isActive}) as places_active,
      (select count(*) from ${places} where not ${places.isActive}) as places_inactive,
      (select count(*) from ${countries}) as countries,
      (select count(*) from ${states}) as states,
      (select count(*) from ${placeBlogs} where ${placeBlogs.status} = 'draft') as blogs_draft,
      (select count(*) from ${placeBlogs} where ${placeBlogs.status} = 'published') as blogs_published,
      (select count(*) from ${imageLibraries} where ${imageLibraries.status} = 'active') as libraries_active,
      (select count(*) from ${imageLibraries} where ${imageLibraries.status} = 'inactive') as libraries_inactive,
      (select count(*) from ${images} where ${images.ownerType} = ${LIBRARY_OWNER}) as images,
      (select count(*) from ${homepageDestinations}) as homepage_places,
      (select count(*) from ${homepagePackages}) as homepage_packages,
      (select count(*) from ${homepageBlogs}) as homepage_blogs`);
  const r = rowsOf(result)[0] ?? {};
  return {
    places: { active: num(r.places_active), inactive: num(r.places_inactive) },
    countries: num(r.countries),
    states: num(r.states),
    blogs: { draft: num(r.blogs_draft), published: num(r.blogs_published) },
    imageLibraries: { active: num(r.libraries_active), inactive: num(r.libraries_inactive) },
    images: num(r.images),
    homepage: {
      places: num(r.homepage_places),
      packages: num(r.homepage_packages),
      blogs: num(r.homepage_blogs),
    },
  };
};

/**
 * Active places with the fewest months covered by place details (any status: a record exists),
 * most missing first, then by name. Places with all 12 months are left out.
 */
export const placesMissingMonths = async (db: Executor, limit: number) => {
  const result = await db.execute(sql`
    select p.id as place_id, p.name as name, 12 - coalesce(d.n, 0) as missing
    from ${places} p
    left join (
      select ${placeDetails.placeId} as place_id, count(*) as n
      from ${placeDetails} group by ${placeDetails.placeId}
    ) d on d.place_id = p.id
    where p.is_active and coalesce(d.n, 0) < 12
    order by missing desc, p.name, p.id
    limit ${limit}`);
  return rowsOf(result).map((r) => ({
    placeId: String(r.place_id),
    name: String(r.name),
    missingMonths: num(r.missing),
  }));
};
