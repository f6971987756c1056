import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type {
  BestTimeToVisit,
  LibraryStatus,
  Location,
  MonthCode,
  Temperature,
} from '@safarnama/contract';
import { id, qualityColumns, timestamps, trigramIndex, version } from './columns.js';
import { placeColumns, placeForeignKey } from './geography.js';
import { imageLibraryRef } from './image-libraries.js';

/**
 * Place details: one record per place and month (DESIGN §5). Cover photo and gallery are `images`
 * rows with owner_type `place-details-cover` / `place-details-gallery`.
 */
export const placeDetails = pgTable(
  'place_details',
  {
    id: id(),
    ...placeColumns(),
    month: text('month').$type<MonthCode>().notNull(),
    /** Sanitised HTML (lib/rich-text.ts). */
    description: text('description').notNull().default(''),
    imageLibraryId: imageLibraryRef(),
    temperature: jsonb('temperature').$type<Temperature>(),
    location: jsonb('location').$type<Location>(),
    bestTimeToVisit: jsonb('best_time_to_visit').$type<BestTimeToVisit>(),
    status: text('status').$type<LibraryStatus>().notNull().default('active'),
    version: version(),
    ...qualityColumns(),
    /** Issue 23: passes every quality rule (the coverage grid's `complete`, read index-only). */
    qualityOk: boolean('quality_ok')
      .notNull()
      .generatedAlwaysAs(sql`cardinality(quality_issues) = 0`),
    ...timestamps(),
  },
  (t) => [
    placeForeignKey('place_details_place_fk', t),
    uniqueIndex('place_details_place_month_key').on(t.placeId, t.month),
    index('place_details_created_idx').on(t.createdAt, t.id),
    index('place_details_library_idx').on(t.imageLibraryId),
    // The coverage grid's totals and the dashboard's emptiest places: an index-only scan, not the
    // wide heap (descriptions), per place and month.
    index('place_details_coverage_idx').on(t.placeId, t.month, t.qualityOk),
    // Issue 23: the "Needs attention" filter (walked newest first) and its count.
    index('place_details_needs_attention_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.qualityIssues} <> '{}'::text[]`),
    trigramIndex('place_details_month_trgm_idx', sql`lower(${t.month})`),
    check(
      'place_details_month_check',
      sql`${t.month} in ('JAN','FEB','MAR','APR','MAY','JUN','JUL','AUG','SEP','OCT','NOV','DEC')`,
    ),
    check('place_details_status_check', sql`${t.status} in ('active', 'inactive')`),
  ],
);
