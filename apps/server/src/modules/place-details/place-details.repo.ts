import { MONTHS } from '@safarnama/contract';
import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { pageWithTotal, type CountLimits } from '../../db/counting.js';
import { countries, imageLibraries, placeDetails, places, states } from '../../db/schema/index.js';
import { containsText, lowered } from '../../db/search.js';
import { NEEDS_ATTENTION } from '../../db/quality.js';

export type PlaceDetailsRow = typeof placeDetails.$inferSelect;
export type NewPlaceDetails = typeof placeDetails.$inferInsert;

export interface PlaceDetailsWithNames {
  details: PlaceDetailsRow;
  countryName: string;
  stateName: string;
  placeName: string;
  libraryTitle: string | null;
}

/** The record with its country, state and place names and its library's title: one query. */
const withNames = (db: Executor) =>
  db
    .select({
      details: placeDetails,
      countryName: countries.name,
      stateName: states.name,
      placeName: places.name,
      libraryTitle: imageLibraries.title,
    })
    .from(placeDetails)
    .innerJoin(places, eq(places.id, placeDetails.placeId))
    .innerJoin(states, eq(states.id, placeDetails.stateId))
    .innerJoin(countries, eq(countries.id, placeDetails.countryId))
    .leftJoin(imageLibraries, eq(imageLibraries.id, placeDetails.imageLibraryId));

/**
 * Search by place name (trigram index on places.name, through the place ids) or month: the code
 * (`jan`, trigram index on month) or a month name (`january` → JAN).
 */
const search = (term: string): SQL | undefined => {
  const lower = term.toLowerCase();
  const codes = MONTHS.filter((m) => m.name.toLowerCase().includes(lower)).map((m) => m.code);
  return or(
    inArray(
      placeDetails.placeId,
      sql`(select ${places.id} from ${places} where ${containsText(lowered(places.name), term)})`,
    ),
    containsText(lowered(placeDetails.month), term),
    codes.length > 0 ? inArray(placeDetails.month, codes) : undefined,
  );
};

/** The list's WHERE (also the CSV export's, issue 24). */
export const placeDetailsWhere = (query: {
  search: string;
  needsAttention?: boolean | undefined;
}): SQL | undefined =>
  and(
    query.search ? search(query.search) : undefined,
    query.needsAttention ? NEEDS_ATTENTION.placeDetails : undefined,
  );

/**
 * A page, newest first, and its total (the count strategy of db/counting.ts); `needsAttention`
 * (issue 23): only records failing a quality rule.
 */
export const listPlaceDetails = (
  db: Executor,
  query: { page: number; limit: number; search: string; needsAttention?: boolean | undefined },
  limits?: CountLimits,
) => {
  const where = placeDetailsWhere(query);
  return pageWithTotal(
    db,
    { table: placeDetails, where, page: query.page, limit: query.limit, limits },
    ({ limit, offset }) =>
      withNames(db)
        .where(where)
        .orderBy(desc(placeDetails.createdAt), desc(placeDetails.id))
        .limit(limit)
        .offset(offset),
  );
};

export const findPlaceDetails = async (
  db: Executor,
  id: string,
): Promise<PlaceDetailsWithNames | undefined> => {
  const [row] = await withNames(db).where(eq(placeDetails.id, id)).limit(1);
  return row;
};

export const lockPlaceDetails = async (db: Executor, id: string) => {
  const [row] = await db
    .select({ id: placeDetails.id })
    .from(placeDetails)
    .where(eq(placeDetails.id, id))
    .for('update')
    .limit(1);
  return row;
};

export const insertPlaceDetails = async (db: Executor, values: NewPlaceDetails) => {
  const [row] = await db.insert(placeDetails).values(values).returning({ id: placeDetails.id });
  if (!row) throw new Error('insert place details returned nothing');
  return row;
};

export const updatePlaceDetails = async (
  db: Executor,
  id: string,
  values: Partial<
    Pick<
      NewPlaceDetails,
      | 'imageLibraryId'
      | 'month'
      | 'description'
      | 'temperature'
      | 'location'
      | 'bestTimeToVisit'
      | 'status'
    >
  >,
) => {
  await db
    .update(placeDetails)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(placeDetails.id, id));
};

export const libraryExists = async (db: Executor, id: string) => {
  const [row] = await db
    .select({ id: imageLibraries.id })
    .from(imageLibraries)
    .where(eq(imageLibraries.id, id))
    .limit(1);
  return row !== undefined;
};
