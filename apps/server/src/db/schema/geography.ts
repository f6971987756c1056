import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  doublePrecision,
  foreignKey,
  index,
  pgTable,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, timestamps, trigramIndex } from './columns.js';

/**
 * Countries, states and places (spec §3, DESIGN §5). Their flag/picture is an `images` row with
 * owner_type `country` / `state` / `place`.
 *
 * Consistency of the hierarchy is the database's: a place points at `(state_id, country_id)` of a
 * state (composite foreign key), and place details and blogs at `(place_id, state_id, country_id)`
 * of a place, each `ON UPDATE CASCADE`. Moving a state to another country therefore moves its
 * places, their details and their blogs in the same statement; a place can never name a state of
 * another country.
 */
export const countries = pgTable(
  'countries',
  {
    id: id(),
    name: text('name').notNull(),
    shortName: text('short_name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('countries_name_lower_key').on(sql`lower(${t.name})`),
    index('countries_created_idx').on(t.createdAt, t.id),
    trigramIndex('countries_name_trgm_idx', sql`lower(${t.name})`),
  ],
);

export const states = pgTable(
  'states',
  {
    id: id(),
    countryId: uuid('country_id')
      .notNull()
      .references(() => countries.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('states_country_name_lower_key').on(t.countryId, sql`lower(${t.name})`),
    // Target of places' composite foreign key.
    unique('states_id_country_key').on(t.id, t.countryId),
    index('states_created_idx').on(t.createdAt, t.id),
    trigramIndex('states_name_trgm_idx', sql`lower(${t.name})`),
  ],
);

export const places = pgTable(
  'places',
  {
    id: id(),
    countryId: uuid('country_id').notNull(),
    stateId: uuid('state_id').notNull(),
    name: text('name').notNull(),
    shortDescription: text('short_description').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    /** Issue 22: where the place is (WGS 84 degrees), both or neither. */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    ...timestamps(),
  },
  (t) => [
    check(
      'places_coordinates_check',
      sql`(${t.latitude} is null and ${t.longitude} is null) or (${t.latitude} between -90 and 90 and ${t.longitude} between -180 and 180)`,
    ),
    foreignKey({
      name: 'places_state_country_fk',
      columns: [t.stateId, t.countryId],
      foreignColumns: [states.id, states.countryId],
    })
      .onUpdate('cascade')
      .onDelete('restrict'),
    uniqueIndex('places_state_name_lower_key').on(t.stateId, sql`lower(${t.name})`),
    // Target of place details' and blogs' composite foreign keys.
    unique('places_id_state_country_key').on(t.id, t.stateId, t.countryId),
    index('places_country_idx').on(t.countryId),
    index('places_created_idx').on(t.createdAt, t.id),
    trigramIndex('places_name_trgm_idx', sql`lower(${t.name})`),
  ],
);

/** The place a record is about, with its state and country (kept consistent by `placeForeignKey`). */
export const placeColumns = () => ({
  countryId: uuid('country_id').notNull(),
  stateId: uuid('state_id').notNull(),
  placeId: uuid('place_id').notNull(),
});

/** The composite foreign key of `placeColumns` to `places` (ON UPDATE CASCADE, see above). */
export const placeForeignKey = (
  name: string,
  t: { placeId: AnyPgColumn; stateId: AnyPgColumn; countryId: AnyPgColumn },
) =>
  foreignKey({
    name,
    columns: [t.placeId, t.stateId, t.countryId],
    foreignColumns: [places.id, places.stateId, places.countryId],
  })
    .onUpdate('cascade')
    .onDelete('restrict');
