import {
  and,
  desc,
  eq,
  getTableColumns,
  inArray,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import { PAGE_SIZE } from '@safarnama/contract';
import type { Executor } from '../../db/client.js';
import { countRows, pageWithTotal, type CountLimits } from '../../db/counting.js';
import { reuse } from '../../db/prepared.js';
import { countries, imageLibraries, itineraries, places, states } from '../../db/schema/index.js';
import { PUBLISHABLE } from '../../db/publishable.js';
import { NEEDS_ATTENTION } from '../../db/quality.js';
import { containsPattern, containsText } from '../../db/search.js';
import {
  firstImageSql,
  imagesSql,
  shownImage,
  shownImages,
  type ShownImage,
} from '../../media/images.repo.js';

export type ItineraryRow = typeof itineraries.$inferSelect;
export type NewItinerary = typeof itineraries.$inferInsert;
/** The stored fields an admin sets (everything but id, stamps and the generated search text). */
export type ItineraryValues = Omit<NewItinerary, 'id' | 'createdAt' | 'updatedAt' | 'searchText'>;

/** Every column the API shows: all but `search_text` (a copy of the description, up to 100 kB). */
const { searchText: _searchText, ...shown } = getTableColumns(itineraries);
export type ItineraryShown = Omit<ItineraryRow, 'searchText'>;

export interface ItineraryWithNames {
  itinerary: ItineraryShown;
  countryName: string;
  countryShortName: string;
  stateName: string;
  placeName: string;
  libraryTitle: string | null;
  /**
   * Its image library's first image (issue 20's card thumbnails; the presenter falls back to the
   * gallery's first).
   */
  libraryCover: ShownImage | null;
  /** Its gallery in display order (a JSON column of the same query: no round trip of its own). */
  gallery: ShownImage[];
}

/**
 * The package's picture: its library's first image, else its gallery's first; two scalar
 * sub-selects on `images_owner_order_idx` (the second runs only when the first finds nothing).
 */
export const itineraryCoverSql = sql`coalesce(${firstImageSql('image-library', itineraries.imageLibraryId)}, ${firstImageSql('itinerary-gallery', itineraries.id)})`;

/**
 * The listed columns: the itinerary's own and its parents' names as scalar sub-selects (primary
 * key lookups, like the joins they replace). The planner has no join order to search, which
 * halves the planning of a page (~0.65 → ~0.2 ms at 100k rows): on a short query, planning is
 * most of PostgreSQL's work.
 */
const namedColumns = {
  itinerary: shown,
  countryName: sql<string>`(select ${countries.name} from ${countries} where ${countries.id} = ${itineraries.countryId})`,
  countryShortName: sql<string>`(select ${countries.shortName} from ${countries} where ${countries.id} = ${itineraries.countryId})`,
  stateName: sql<string>`(select ${states.name} from ${states} where ${states.id} = ${itineraries.stateId})`,
  placeName: sql<string>`(select ${places.name} from ${places} where ${places.id} = ${itineraries.placeId})`,
  libraryTitle: sql<
    string | null
  >`(select ${imageLibraries.title} from ${imageLibraries} where ${imageLibraries.id} = ${itineraries.imageLibraryId})`,
  // Only the library's: the gallery's first is the gallery column's first.
  libraryCover:
    sql<ShownImage | null>`${firstImageSql('image-library', itineraries.imageLibraryId)}`.mapWith(
      shownImage,
    ),
  gallery: sql<ShownImage[]>`${imagesSql('itinerary-gallery', itineraries.id)}`.mapWith(
    shownImages,
  ),
};

export interface ItineraryFilter {
  search: string;
  /** A canonical UUID, or null for "no such place" (a malformed id matches nothing). */
  placeId?: string | null | undefined;
  /** Only what the public site can show (`publishable=true`, db/publishable.ts). */
  publishable?: boolean | undefined;
  /** Issue 23: only itineraries failing a quality rule (`needsAttention=true`, db/quality.ts). */
  needsAttention?: boolean | undefined;
}

/** The list's WHERE (also the CSV export's, issue 24). */
export const itineraryWhere = ({
  search,
  placeId,
  publishable,
  needsAttention,
}: ItineraryFilter): SQL | undefined =>
  and(
    placeId === null ? sql`false` : placeId ? eq(itineraries.placeId, placeId) : undefined,
    publishable ? PUBLISHABLE.itinerary : undefined,
    needsAttention ? NEEDS_ATTENTION.itinerary : undefined,
    // `search_text` is generated lower-cased (title, type, description without tags) and
    // trigram-indexed.
    search ? containsText(itineraries.searchText, search) : undefined,
  );

/** The page's rows with their names: ids picked by `where`, newest first, then joined. */
const pageQuery = (
  db: Executor,
  where: SQL | undefined,
  /** A parameter, or SQL written into the text (the first page's, `FIRST_PAGE_ROWS`). */
  limit: Placeholder | SQL,
  /** A parameter; none: from the first row. */
  offset?: Placeholder,
) => {
  const ids = db
    .select({ id: itineraries.id })
    .from(itineraries)
    .where(where)
    .orderBy(desc(itineraries.createdAt), desc(itineraries.id))
    // drizzle writes an object limit as it is (`limit ${limit}`); its type names only Placeholder.
    .limit(limit as Placeholder)
    .offset(offset ?? 0)
    .as('page');
  return db
    .select(namedColumns)
    .from(ids)
    .innerJoin(itineraries, eq(itineraries.id, ids.id))
    .orderBy(desc(itineraries.createdAt), desc(itineraries.id));
};

const limitAndOffset = { limit: sql.placeholder('limit'), offset: sql.placeholder('offset') };
// db/search.ts `containsText`, with the pattern (`containsPattern(term)`) as a parameter.
const searchMatches = sql`${itineraries.searchText} like lower(${sql.placeholder('pattern')})`;
/**
 * The four pages, each built once (db/prepared.ts). Unfiltered and by place they are named
 * prepared statements (parsed once per connection); their best plan walks the `(created_at, id)`
 * or `(place_id, created_at, id)` btree. With the LIMIT and OFFSET as parameters PostgreSQL
 * still plans every run (see `FIRST_PAGE_ROWS`); the first page has statements of its own.
 *
 * A search is sent unnamed (`prepare('')`), so PostgreSQL plans it for its own term every time.
 * After five runs of a named statement PostgreSQL may switch to a generic plan, and for an
 * unknown pattern the planner assumes 0.5% of the rows match: that plan walks the newest-first
 * btree and filters — fine for a common term, a read of the whole table for a rare one (measured
 * at 100k rows: the rare-term p50 went from 10 ms to 670 ms once connections had switched).
 */
const PAGES = {
  all: { where: undefined, named: true },
  place: { where: eq(itineraries.placeId, sql.placeholder('placeId')), named: true },
  search: { where: searchMatches, named: false },
  placeSearch: {
    where: and(eq(itineraries.placeId, sql.placeholder('placeId')), searchMatches),
    named: false,
  },
};
/** The plain row conditions a page may add to its kind (`publishable`, `needsAttention`). */
interface PageFlags {
  publishable: boolean;
  needsAttention: boolean;
}

/**
 * A page statement: one of the four kinds, with or without the `publishable` condition (a plain
 * filter on the row while the same btree is walked) and the `needsAttention` one (issue 23: the
 * unfiltered page then walks the partial `itineraries_needs_attention_idx`); its own statement
 * name for each, so its own plan.
 */
const pageName = (kind: keyof typeof PAGES, { publishable, needsAttention }: PageFlags) =>
  `itinerary_page_${kind}${publishable ? '_publishable' : ''}${needsAttention ? '_attention' : ''}`;
const builtPage = (kind: keyof typeof PAGES, flags: PageFlags) => (db: Executor) =>
  pageQuery(db, pageWhere(kind, flags), limitAndOffset.limit, limitAndOffset.offset).prepare(
    PAGES[kind].named ? pageName(kind, flags) : '',
  );
const pageWhere = (kind: keyof typeof PAGES, flags: PageFlags) =>
  and(
    PAGES[kind].where,
    flags.publishable ? PUBLISHABLE.itinerary : undefined,
    flags.needsAttention ? NEEDS_ATTENTION.itinerary : undefined,
  );

/**
 * The rows of the page every list opens on: the first, at the list's own size (`PAGE_SIZE` and
 * `lookAhead`'s row after it). Unfiltered or by place it is a statement of its own with its LIMIT
 * written in and no OFFSET: PostgreSQL then caches its plan (at once without parameters; after
 * at most five planned runs when the place or the publishable flag's values are bound). With
 * `limit $1 offset $2` the generic plan assumes a tenth of the table (hash join, 13 ms at 100k
 * rows), so PostgreSQL keeps planning each run for its values: ~0.35 of the page's ~0.75 ms of
 * PostgreSQL's CPU at 100k rows, measured.
 */
const FIRST_PAGE_ROWS = PAGE_SIZE + 1;
const builtFirstPage = (kind: 'all' | 'place', flags: PageFlags) => (db: Executor) =>
  pageQuery(db, pageWhere(kind, flags), sql.raw(String(FIRST_PAGE_ROWS))).prepare(
    `${pageName(kind, flags)}_first`,
  );
/**
 * Any later page at the list's own size: the LIMIT written in as well and only the OFFSET bound.
 * For an unknown OFFSET the generic plan assumes a tenth of the table is skipped, which is the
 * same walk of the btree the custom plans make, so after five planned runs PostgreSQL keeps it
 * (page 1000 at 100k rows: ~0.25 ms of planning per run saved, measured).
 */
const builtSizedPage = (kind: 'all' | 'place', flags: PageFlags) => (db: Executor) =>
  pageQuery(
    db,
    pageWhere(kind, flags),
    sql.raw(String(FIRST_PAGE_ROWS)),
    limitAndOffset.offset,
  ).prepare(`${pageName(kind, flags)}_sized`);

/**
 * One page, newest first: the page's ids are picked from the btree (`created_at desc, id desc`,
 * or `(place_id, created_at, id)` with the place filter, or the trigram index with a search) in a
 * derived table, and only those rows get their country, state, place and library names. A deep
 * page therefore skips index entries, not joined rows. One query.
 */
export const listItineraryPage = async (
  db: Executor,
  filter: ItineraryFilter,
  { limit, offset }: { limit: number; offset: number },
): Promise<ItineraryWithNames[]> => {
  // A malformed place id matches nothing.
  if (filter.placeId === null) return [];
  const kind = filter.placeId
    ? filter.search
      ? 'placeSearch'
      : 'place'
    : filter.search
      ? 'search'
      : 'all';
  const flags: PageFlags = {
    publishable: filter.publishable === true,
    needsAttention: filter.needsAttention === true,
  };
  const values = {
    ...(filter.placeId ? { placeId: filter.placeId } : {}),
    ...(filter.search ? { pattern: containsPattern(filter.search) } : {}),
  };
  if ((kind === 'all' || kind === 'place') && limit === FIRST_PAGE_ROWS) {
    if (offset === 0) {
      const name = `${pageName(kind, flags)}_first`;
      return reuse(db, name, builtFirstPage(kind, flags)).execute(values);
    }
    const name = `${pageName(kind, flags)}_sized`;
    return reuse(db, name, builtSizedPage(kind, flags)).execute({ offset, ...values });
  }
  return reuse(db, pageName(kind, flags), builtPage(kind, flags)).execute({
    limit,
    offset,
    ...values,
  });
};

/**
 * One page and its total (the shared count strategy of `db/counting.ts`: the page is read one row
 * long, and a page with no row after it is its own total; otherwise the planner's estimate for the whole table above the limit, an
 * exact count of a search or place filter up to the search limit, the page correcting an
 * estimate).
 */
export const listItineraries = (
  db: Executor,
  filter: ItineraryFilter,
  query: { page: number; limit: number },
  limits?: CountLimits,
) =>
  pageWithTotal(
    db,
    { table: itineraries, where: itineraryWhere(filter), ...query, limits },
    (window) => listItineraryPage(db, filter, window),
  );

/** Exact number of rows matching the filter (what the count strategy avoids; benchmarks). */
export const countItineraries = (db: Executor, filter: ItineraryFilter): Promise<number> =>
  countRows(db, itineraries, itineraryWhere(filter));

/**
 * One itinerary with its names: a reused prepared statement (db/prepared.ts). Every GET, and the
 * answer of every create, update and toggle, reads through it; sent unnamed it was parsed and
 * planned each time (~0.45 of its ~0.5 ms of PostgreSQL, measured at 100k rows).
 */
const itineraryById = (db: Executor) =>
  db
    .select(namedColumns)
    .from(itineraries)
    .where(eq(itineraries.id, sql.placeholder('id')))
    .limit(1)
    .prepare('itinerary_by_id');

export const findItinerary = async (
  db: Executor,
  id: string,
): Promise<ItineraryWithNames | undefined> => {
  const [row] = await reuse(db, 'itinerary_by_id', itineraryById).execute({ id });
  return row;
};

export const lockItinerary = async (db: Executor, id: string) => {
  const [row] = await db
    .select({ id: itineraries.id })
    .from(itineraries)
    .where(eq(itineraries.id, id))
    .for('update')
    .limit(1);
  return row;
};

export const itineraryExists = async (db: Executor, id: string) => {
  const [row] = await db
    .select({ id: itineraries.id })
    .from(itineraries)
    .where(eq(itineraries.id, id))
    .limit(1);
  return row !== undefined;
};

/** A new itinerary (`id` given by a clone, which names its images' owner before the insert). */
export const insertItinerary = async (db: Executor, values: ItineraryValues & { id?: string }) => {
  const [row] = await db.insert(itineraries).values(values).returning({ id: itineraries.id });
  if (!row) throw new Error('insert itinerary returned nothing');
  return row;
};

/** Replaces every admin-set field; answers undefined when the row does not exist. */
export const replaceItinerary = async (db: Executor, id: string, values: ItineraryValues) => {
  const [row] = await db
    .update(itineraries)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(itineraries.id, id))
    .returning({ id: itineraries.id });
  return row;
};

export const toggleItinerary = async (db: Executor, id: string) => {
  const [row] = await db
    .update(itineraries)
    .set({ isActive: sql`not ${itineraries.isActive}`, updatedAt: sql`now()` })
    .where(eq(itineraries.id, id))
    .returning({ id: itineraries.id, isActive: itineraries.isActive });
  return row;
};

/** Issue 24: sets the status (a bulk action); undefined when there is no such itinerary. */
export const setItineraryActive = async (db: Executor, id: string, isActive: boolean) => {
  const [row] = await db
    .update(itineraries)
    .set({ isActive, updatedAt: sql`now()` })
    .where(eq(itineraries.id, id))
    .returning({ id: itineraries.id });
  return row;
};

export const deleteItinerary = async (db: Executor, id: string) => {
  const [row] = await db
    .delete(itineraries)
    .where(eq(itineraries.id, id))
    .returning({ id: itineraries.id });
  return row;
};

/** Issue 22: what an update without the builder's fields keeps (read under the row lock). */
export const findBuilderFields = async (db: Executor, id: string) => {
  const [row] = await db
    .select({
      highlights: itineraries.highlights,
      inclusions: itineraries.inclusions,
      exclusions: itineraries.exclusions,
      priceBands: itineraries.priceBands,
      gstRate: itineraries.gstRate,
      gstIncluded: itineraries.gstIncluded,
    })
    .from(itineraries)
    .where(eq(itineraries.id, id))
    .limit(1);
  return row;
};
export type BuilderFields = NonNullable<Awaited<ReturnType<typeof findBuilderFields>>>;

export interface DayPlaceRow {
  id: string;
  name: string;
  latitude: number | null;
  longitude: number | null;
}

/** The places days name (one query for a page of itineraries): name and coordinates by id. */
export const findDayPlaces = async (db: Executor, ids: readonly string[]) =>
  ids.length === 0
    ? []
    : db
        .select({
          id: places.id,
          name: places.name,
          latitude: places.latitude,
          longitude: places.longitude,
        })
        .from(places)
        .where(inArray(places.id, [...ids]));

/** The whole stored row of an itinerary (clone), without the generated search text. */
export const findItineraryRow = async (db: Executor, id: string) => {
  const [row] = await db.select(shown).from(itineraries).where(eq(itineraries.id, id)).limit(1);
  return row;
};

/** Titles at `placeId` that start with `prefix` (lower-cased), to name a copy uniquely. */
export const titlesLike = async (db: Executor, placeId: string, prefix: string) => {
  const rows = await db
    .select({ title: itineraries.title })
    .from(itineraries)
    .where(
      and(
        eq(itineraries.placeId, placeId),
        sql`lower(${itineraries.title}) like ${containsPattern(prefix).replace(/^%/, '')}`,
      ),
    );
  return rows.map((row) => row.title.toLowerCase());
};
