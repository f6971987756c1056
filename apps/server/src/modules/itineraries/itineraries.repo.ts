import { and, count, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client.js';
import { countries, imageLibraries, itineraries, places, states } from '../../db/schema/index.js';
import { ilikeContains } from '../../db/search.js';

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
}

const namedColumns = {
  itinerary: shown,
  countryName: countries.name,
  countryShortName: countries.shortName,
  stateName: states.name,
  placeName: places.name,
  libraryTitle: imageLibraries.title,
};

export interface ItineraryFilter {
  search: string;
  /** A canonical UUID, or null for "no such place" (a malformed id matches nothing). */
  placeId?: string | null | undefined;
}

const whereOf = ({ search, placeId }: ItineraryFilter): SQL | undefined =>
  and(
    placeId === null ? sql`false` : placeId ? eq(itineraries.placeId, placeId) : undefined,
    // `search_text` is generated (title, type, description without tags) and trigram-indexed.
    search ? ilikeContains(itineraries.searchText, search) : undefined,
  );

/**
 * One page, newest first: the page's ids are picked from the btree (`created_at desc, id desc`,
 * or `(place_id, created_at, id)` with the place filter, or the trigram index with a search) in a
 * derived table, and only those rows are joined to their country, state, place and library. A
 * deep page therefore skips index entries, not joined rows. One query.
 */
export const listItineraryPage = async (
  db: Executor,
  filter: ItineraryFilter,
  { page, limit }: { page: number; limit: number },
): Promise<ItineraryWithNames[]> => {
  const ids = db
    .select({ id: itineraries.id })
    .from(itineraries)
    .where(whereOf(filter))
    .orderBy(desc(itineraries.createdAt), desc(itineraries.id))
    .limit(limit)
    .offset((page - 1) * limit)
    .as('page');
  return db
    .select(namedColumns)
    .from(ids)
    .innerJoin(itineraries, eq(itineraries.id, ids.id))
    .innerJoin(places, eq(places.id, itineraries.placeId))
    .innerJoin(states, eq(states.id, itineraries.stateId))
    .innerJoin(countries, eq(countries.id, itineraries.countryId))
    .leftJoin(imageLibraries, eq(imageLibraries.id, itineraries.imageLibraryId))
    .orderBy(desc(itineraries.createdAt), desc(itineraries.id));
};

/** Exact number of rows matching the filter. */
export const countItineraries = async (db: Executor, filter: ItineraryFilter): Promise<number> => {
  const [row] = await db.select({ n: count() }).from(itineraries).where(whereOf(filter));
  return Number(row?.n ?? 0);
};

/**
 * Exact number of matching rows, counting at most `cap + 1` of them: answers `cap + 1` when there
 * are more. A bounded count: past the cap, the work no longer grows with the match count.
 */
export const countItinerariesUpTo = async (
  db: Executor,
  filter: ItineraryFilter,
  cap: number,
): Promise<number> => {
  const matching = db
    .select({ one: sql`1`.as('one') })
    .from(itineraries)
    .where(whereOf(filter))
    .limit(cap + 1)
    .as('matching');
  const [row] = await db.select({ n: count() }).from(matching);
  return Number(row?.n ?? 0);
};

/** The planner's estimate of the rows matching the filter (EXPLAIN, no execution). */
export const estimateMatching = async (db: Executor, filter: ItineraryFilter): Promise<number> => {
  const where = whereOf(filter);
  const result = await db.execute(
    sql`explain (format json) select 1 from ${itineraries}${where ? sql` where ${where}` : sql``}`,
  );
  const [first] = rowsOf(result);
  const raw = first ? Object.values(first)[0] : undefined;
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as
    [{ Plan?: { 'Plan Rows'?: number } }] | undefined;
  const n = Number(plan?.[0]?.Plan?.['Plan Rows'] ?? -1);
  return Number.isFinite(n) ? Math.round(n) : -1;
};

/**
 * The planner's row estimate of the whole table (-1 when never analysed): the tuple density of
 * the last ANALYZE (or autovacuum) times the table's current size in pages, as the planner itself
 * scales it, so it follows growth between analyses. Costs a catalogue lookup, not a scan.
 */
export const estimateItineraries = async (db: Executor): Promise<number> => {
  const result = await db.execute(sql`
    select case
      when c.relpages > 0 and c.reltuples > 0 then
        (c.reltuples / c.relpages
          * (pg_relation_size(c.oid) / current_setting('block_size')::int))::bigint
      else -1
    end as n
    from pg_class c
    where c.oid = 'itineraries'::regclass`);
  const n = Number(rowsOf(result)[0]?.n ?? -1);
  return Number.isFinite(n) ? n : -1;
};

export const findItinerary = async (
  db: Executor,
  id: string,
): Promise<ItineraryWithNames | undefined> => {
  const [row] = await db
    .select(namedColumns)
    .from(itineraries)
    .innerJoin(places, eq(places.id, itineraries.placeId))
    .innerJoin(states, eq(states.id, itineraries.stateId))
    .innerJoin(countries, eq(countries.id, itineraries.countryId))
    .leftJoin(imageLibraries, eq(imageLibraries.id, itineraries.imageLibraryId))
    .where(eq(itineraries.id, id))
    .limit(1);
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

export const insertItinerary = async (db: Executor, values: ItineraryValues) => {
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

export const deleteItinerary = async (db: Executor, id: string) => {
  const [row] = await db
    .delete(itineraries)
    .where(eq(itineraries.id, id))
    .returning({ id: itineraries.id });
  return row;
};
