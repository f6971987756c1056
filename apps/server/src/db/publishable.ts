import { and, eq, type SQL } from 'drizzle-orm';
import { itineraries, placeBlogs } from './schema/index.js';

/**
 * What the public site can show (issue 20), as the list filters of `publishable=true`: the SQL of
 * the contract's `itineraryHiddenReason` / `blogHiddenReason` (packages/contract/src/homepage.ts,
 * the one definition; `publishable.test.ts` checks the two agree). Places need no filter here:
 * `get-all-active-places` already answers only active places of an active state and country.
 *
 * Plain conditions on the row, added to the list's WHERE: the page is still walked newest first
 * on its btree (`(created_at, id)`, or the place's), so paging and counts stay exact.
 */
export const PUBLISHABLE: { itinerary: SQL; blog: SQL } = {
  itinerary: and(eq(itineraries.isActive, true), eq(itineraries.visibility, 'public')) as SQL,
  blog: eq(placeBlogs.status, 'published'),
};
