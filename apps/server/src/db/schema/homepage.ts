import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, primaryKey, smallint, uuid } from 'drizzle-orm/pg-core';
import { updatedAt, version } from './columns.js';
import { placeBlogs } from './blogs.js';
import { places } from './geography.js';
import { itineraries } from './itineraries.js';

/**
 * Homepage settings (spec §3): ONE record. `id` is always 1 (a check keeps it so); the selections
 * live in three join tables whose foreign keys cascade on delete, so deleting an itinerary, a
 * place or a blog also removes it from the homepage selection.
 */
export const homepageSettings = pgTable(
  'homepage_settings',
  {
    id: smallint('id').primaryKey().default(1),
    isActive: boolean('is_active').notNull().default(true),
    version: version(),
    updatedAt: updatedAt(),
  },
  (t) => [check('homepage_settings_singleton_check', sql`${t.id} = 1`)],
);

export const homepageDestinations = pgTable(
  'homepage_destinations',
  {
    placeId: uuid('place_id')
      .notNull()
      .references(() => places.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.placeId] })],
);

export const homepagePackages = pgTable(
  'homepage_packages',
  {
    itineraryId: uuid('itinerary_id')
      .notNull()
      .references(() => itineraries.id, { onDelete: 'cascade' }),
    displayOrder: integer('display_order').notNull(),
  },
  (t) => [primaryKey({ columns: [t.itineraryId] })],
);

export const homepageBlogs = pgTable(
  'homepage_blogs',
  {
    blogId: uuid('blog_id')
      .notNull()
      .references(() => placeBlogs.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.blogId] })],
);
