import { sql } from 'drizzle-orm';
import { check, foreignKey, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { BlogStatus } from '@safarnama/contract';
import { createdAt, id, stamp, updatedAt } from './columns.js';
import { places } from './geography.js';
import { adminUsers } from './identity.js';

/** Place blogs, "Travelpedia" (DESIGN §5). The cover is an `images` row, owner_type `blog-cover`. */
export const placeBlogs = pgTable(
  'place_blogs',
  {
    id: id(),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    countryId: uuid('country_id').notNull(),
    stateId: uuid('state_id').notNull(),
    placeId: uuid('place_id').notNull(),
    excerpt: text('excerpt').notNull().default(''),
    /** Sanitised HTML (lib/rich-text.ts). */
    content: text('content').notNull().default(''),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * The tags joined by spaces, written with `tags`: `array_to_string` is not immutable, so the
     * search index cannot use the array itself.
     */
    tagsText: text('tags_text').notNull().default(''),
    metaTitle: text('meta_title').notNull().default(''),
    metaDescription: text('meta_description').notNull().default(''),
    status: text('status').$type<BlogStatus>().notNull().default('draft'),
    publishedAt: stamp('published_at'),
    authorId: uuid('author_id').references(() => adminUsers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    foreignKey({
      name: 'place_blogs_place_fk',
      columns: [t.placeId, t.stateId, t.countryId],
      foreignColumns: [places.id, places.stateId, places.countryId],
    })
      .onUpdate('cascade')
      .onDelete('restrict'),
    uniqueIndex('place_blogs_slug_key').on(t.slug),
    index('place_blogs_place_idx').on(t.placeId),
    index('place_blogs_created_idx').on(t.createdAt, t.id),
    // Lower-cased, the exact expression the list search matches (blogs.repo.ts, db/search.ts).
    index('place_blogs_search_trgm_idx').using(
      'gin',
      sql`lower(${t.title} || ' ' || ${t.excerpt} || ' ' || ${t.slug} || ' ' || ${t.tagsText}) gin_trgm_ops`,
    ),
    check('place_blogs_status_check', sql`${t.status} in ('draft', 'published')`),
  ],
);
