import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { DEFAULT_LIBRARY_MONTH, type LibraryStatus } from '@safarnama/contract';
import { id, timestamps, trigramIndex, version } from './columns.js';
import { adminRef } from './identity.js';

/** Image libraries (spec §3). Their images are rows of `images` with owner_type `image-library`. */
export const imageLibraries = pgTable(
  'image_libraries',
  {
    id: id(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    month: text('month').notNull().default(DEFAULT_LIBRARY_MONTH),
    status: text('status').$type<LibraryStatus>().notNull().default('active'),
    authorId: adminRef('author_id'),
    version: version(),
    ...timestamps(),
  },
  (t) => [
    // Newest first (`order by created_at desc, id desc` scans this backwards), the id breaking ties.
    index('image_libraries_created_idx').on(t.createdAt, t.id),
    // Search over title, description and month: one trigram index on the expression the list
    // search matches, lower-cased (image-libraries.repo.ts `searchText`, db/search.ts).
    trigramIndex(
      'image_libraries_search_trgm_idx',
      sql`lower(${t.title} || ' ' || ${t.description} || ' ' || ${t.month})`,
    ),
    check('image_libraries_status_check', sql`${t.status} in ('active', 'inactive')`),
  ],
);

/** `image_library_id` of a record that draws on a library: cleared when the library is deleted. */
export const imageLibraryRef = () =>
  uuid('image_library_id').references(() => imageLibraries.id, { onDelete: 'set null' });
