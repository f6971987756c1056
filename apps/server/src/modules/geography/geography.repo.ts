import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { pageWithTotal, type CountLimits } from '../../db/counting.js';
import { reuse } from '../../db/prepared.js';
import { countries, places, states } from '../../db/schema/index.js';
import { containsText, lowered } from '../../db/search.js';

export type CountryRow = typeof countries.$inferSelect;
export type StateRow = typeof states.$inferSelect;
export type PlaceRow = typeof places.$inferSelect;

export interface StateWithCountry {
  state: StateRow;
  country: { name: string; shortName: string };
}
export interface PlaceWithNames {
  place: PlaceRow;
  countryName: string;
  stateName: string;
}

interface Page {
  page: number;
  limit: number;
  search: string;
}

/* Lists are newest first: `order by created_at desc, id desc` walks the (created_at, id) btree
   backwards; their totals follow the count strategy of db/counting.ts. Searches are `lower(name) LIKE lower('%term%')` (db/search.ts), each answered by its trigram
   index on `lower(name)`; a related name is matched through `… in (select id … where …)`. */

// ── countries ────────────────────────────────────────────────────────────────────────────────

/** The lists' WHERE (also the CSV exports', issue 24). */
export const countryWhere = (search: string): SQL | undefined =>
  search ? containsText(lowered(countries.name), search) : undefined;

export const listCountries = (db: Executor, query: Page, limits?: CountLimits) => {
  const where = countryWhere(query.search);
  return pageWithTotal(
    db,
    { table: countries, where, page: query.page, limit: query.limit, limits },
    ({ limit, offset }) =>
      db
        .select()
        .from(countries)
        .where(where)
        .orderBy(desc(countries.createdAt), desc(countries.id))
        .limit(limit)
        .offset(offset),
  );
};

/** Active countries by name (the forms' select). */
export const listActiveCountries = (db: Executor) =>
  db.select().from(countries).where(eq(countries.isActive, true)).orderBy(asc(countries.name));

export const findCountry = async (db: Executor, id: string, lock = false) => {
  const query = db.select().from(countries).where(eq(countries.id, id)).limit(1);
  const [row] = await (lock ? query.for('update') : query);
  return row;
};

export const insertCountry = async (db: Executor, values: typeof countries.$inferInsert) => {
  const [row] = await db.insert(countries).values(values).returning();
  if (!row) throw new Error('insert country returned nothing');
  return row;
};

export const updateCountry = async (
  db: Executor,
  id: string,
  values: Partial<Pick<CountryRow, 'name' | 'shortName' | 'isActive'>>,
) => {
  await db
    .update(countries)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(countries.id, id));
};

// ── states ───────────────────────────────────────────────────────────────────────────────────

const stateSelect = (db: Executor) =>
  db
    .select({ state: states, country: { name: countries.name, shortName: countries.shortName } })
    .from(states)
    .innerJoin(countries, eq(countries.id, states.countryId));

export const stateSearch = (term: string): SQL | undefined =>
  or(
    containsText(lowered(states.name), term),
    inArray(
      states.countryId,
      sql`(select ${countries.id} from ${countries} where ${containsText(lowered(countries.name), term)})`,
    ),
  );

export const listStates = (db: Executor, query: Page, limits?: CountLimits) => {
  const where = query.search ? stateSearch(query.search) : undefined;
  return pageWithTotal(
    db,
    { table: states, where, page: query.page, limit: query.limit, limits },
    ({ limit, offset }) =>
      stateSelect(db)
        .where(where)
        .orderBy(desc(states.createdAt), desc(states.id))
        .limit(limit)
        .offset(offset),
  );
};

/** Active states of an active country, by name. */
export const listActiveStates = (db: Executor, countryId: string) =>
  stateSelect(db)
    .where(
      and(eq(states.countryId, countryId), eq(states.isActive, true), eq(countries.isActive, true)),
    )
    .orderBy(asc(states.name));

export const findState = async (
  db: Executor,
  id: string,
): Promise<StateWithCountry | undefined> => {
  const [row] = await stateSelect(db).where(eq(states.id, id)).limit(1);
  return row;
};

export const lockState = async (db: Executor, id: string) => {
  const [row] = await db.select().from(states).where(eq(states.id, id)).for('update').limit(1);
  return row;
};

export const insertState = async (db: Executor, values: typeof states.$inferInsert) => {
  const [row] = await db.insert(states).values(values).returning();
  if (!row) throw new Error('insert state returned nothing');
  return row;
};

/** Moving a state (`countryId`) cascades to its places, their details and blogs (composite FKs). */
export const updateState = async (
  db: Executor,
  id: string,
  values: Partial<Pick<StateRow, 'name' | 'countryId' | 'isActive'>>,
) => {
  await db
    .update(states)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(states.id, id));
};

// ── places ───────────────────────────────────────────────────────────────────────────────────

const placeSelect = (db: Executor) =>
  db
    .select({ place: places, countryName: countries.name, stateName: states.name })
    .from(places)
    .innerJoin(states, eq(states.id, places.stateId))
    .innerJoin(countries, eq(countries.id, places.countryId));

export const placeSearch = (term: string): SQL | undefined =>
  or(
    containsText(lowered(places.name), term),
    inArray(
      places.stateId,
      sql`(select ${states.id} from ${states} where ${containsText(lowered(states.name), term)})`,
    ),
    inArray(
      places.countryId,
      sql`(select ${countries.id} from ${countries} where ${containsText(lowered(countries.name), term)})`,
    ),
  );

export const listPlaces = (db: Executor, query: Page, limits?: CountLimits) => {
  const where = query.search ? placeSearch(query.search) : undefined;
  return pageWithTotal(
    db,
    { table: places, where, page: query.page, limit: query.limit, limits },
    ({ limit, offset }) =>
      placeSelect(db)
        .where(where)
        .orderBy(desc(places.createdAt), desc(places.id))
        .limit(limit)
        .offset(offset),
  );
};

/** Active places of an active state of an active country, by name. */
export const listActivePlaces = (db: Executor, countryId: string, stateId: string) =>
  placeSelect(db)
    .where(
      and(
        eq(places.countryId, countryId),
        eq(places.stateId, stateId),
        eq(places.isActive, true),
        eq(states.isActive, true),
        eq(countries.isActive, true),
      ),
    )
    .orderBy(asc(places.name));

export const findPlace = async (db: Executor, id: string): Promise<PlaceWithNames | undefined> => {
  const [row] = await placeSelect(db).where(eq(places.id, id)).limit(1);
  return row;
};

export const lockPlace = async (db: Executor, id: string) => {
  const [row] = await db.select().from(places).where(eq(places.id, id)).for('update').limit(1);
  return row;
};

export const insertPlace = async (db: Executor, values: typeof places.$inferInsert) => {
  const [row] = await db.insert(places).values(values).returning();
  if (!row) throw new Error('insert place returned nothing');
  return row;
};

/** Moving a place (`stateId`, `countryId`) cascades to its details and blogs (composite FKs). */
export const updatePlace = async (
  db: Executor,
  id: string,
  values: Partial<
    Pick<
      PlaceRow,
      'name' | 'countryId' | 'stateId' | 'shortDescription' | 'isActive' | 'latitude' | 'longitude'
    >
  >,
) => {
  await db
    .update(places)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(places.id, id));
};

/**
 * The hierarchy check's statement, a reused prepared statement (db/prepared.ts): sent unnamed it
 * was parsed and planned on every write (~0.4 of its ~0.5 ms of PostgreSQL, measured).
 */
const hierarchyStatement = (db: Executor) => {
  const idOf = (name: string) => sql`${sql.placeholder(name)}::uuid`;
  return db
    .select({
      countryId: countries.id,
      stateId: states.id,
      stateCountryId: states.countryId,
      placeId: places.id,
      placeStateId: places.stateId,
      placeCountryId: places.countryId,
    })
    .from(sql`(select 1) as one`)
    .leftJoin(countries, eq(countries.id, idOf('countryId')))
    .leftJoin(states, eq(states.id, idOf('stateId')))
    .leftJoin(places, eq(places.id, idOf('placeId')))
    .prepare('hierarchy');
};

/** The parents of a place-like record, for the hierarchy checks: each row or undefined. */
export const findHierarchy = async (
  db: Executor,
  ids: {
    countryId?: string | undefined;
    stateId?: string | undefined;
    placeId?: string | undefined;
  },
) => {
  // One statement (every write of a place, its details, blogs and itineraries runs it): a row of
  // left joins on the three primary keys, nulls for what is not there or not asked for.
  const [row] = await reuse(db, 'hierarchy', hierarchyStatement).execute({
    countryId: ids.countryId ?? null,
    stateId: ids.stateId ?? null,
    placeId: ids.placeId ?? null,
  });
  const countryId = row?.countryId ?? null;
  const stateId = row?.stateId ?? null;
  const placeId = row?.placeId ?? null;
  return {
    country: countryId ? { id: countryId } : undefined,
    state: stateId ? { id: stateId, countryId: row?.stateCountryId ?? '' } : undefined,
    place: placeId
      ? {
          id: placeId,
          stateId: row?.placeStateId ?? '',
          countryId: row?.placeCountryId ?? '',
        }
      : undefined,
  };
};
