import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { BlogStatus } from '@safarnama/contract';
import {
  id,
  qualityColumns,
  stamp,
  textList,
  timestamps,
  trigramIndex,
  version,
} from './columns.js';
import { placeColumns, placeForeignKey } from './geography.js';
import { adminRef } from './identity.js';
import { scheduleColumns, scheduleIndexes } from './schedule.js';

/** Place blogs, "Travelpedia" (DESIGN §5). The cover is an `images` row, owner_type `blog-cover`. */
export const placeBlogs = pgTable(
  'place_blogs',
  {
    id: id(),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    ...placeColumns(),
    excerpt: text('excerpt').notNull().default(''),
    /** Sanitised HTML (lib/rich-text.ts). */
    content: text('content').notNull().default(''),
    tags: textList('tags'),
    /**
     * The tags joined by spaces, written with `tags`: `array_to_string` is not immutable, so the
     * search index cannot use the array itself.
     */
    tagsText: text('tags_text').notNull().default(''),
    metaTitle: text('meta_title').notNull().default(''),
    metaDescription: text('meta_description').notNull().default(''),
    status: text('status').$type<BlogStatus>().notNull().default('draft'),
    publishedAt: stamp('published_at'),
    authorId: adminRef('author_id'),
    /** Issue 21: scheduled publish / unpublish and who scheduled them (schema/schedule.ts). */
    ...scheduleColumns(),
    version: version(),
    ...qualityColumns(),
    ...timestamps(),
  },
  (t) => [
    placeForeignKey('place_blogs_place_fk', t),
    uniqueIndex('place_blogs_slug_key').on(t.slug),
    index('place_blogs_place_idx').on(t.placeId),
    index('place_blogs_created_idx').on(t.createdAt, t.id),
    // Lower-cased, the exact expression the list search matches (blogs.repo.ts, db/search.ts).
    trigramIndex(
      'place_blogs_search_trgm_idx',
      sql`lower(${t.title} || ' ' || ${t.excerpt} || ' ' || ${t.slug} || ' ' || ${t.tagsText})`,
    ),
    ...scheduleIndexes('place_blogs', t),
    // Issue 24: "where used" finds the blogs whose text names an image's file key (a LIKE
    // '%<key stem>%', which a trigram index answers without reading every blog's content).
    trigramIndex('place_blogs_content_trgm_idx', sql`${t.content}`),
    // Issue 23: the "Needs attention" filter (walked newest first) and its count.
    index('place_blogs_needs_attention_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.qualityIssues} <> '{}'::text[]`),
    check('place_blogs_status_check', sql`${t.status} in ('draft', 'published')`),
  ],
);
