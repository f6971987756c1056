import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SIZE } from '@safarnama/contract';
import { rowsOf, type DatabaseHandle, type Executor } from '../../db/client.js';
import { itineraries } from '../../db/schema/index.js';
import { makeCountry, makeImageRow, makePlace, makeState } from '../../test/factories.js';
import { openTestDatabase } from '../../test/harness.js';
import { listItineraryPage, type ItineraryFilter } from './itineraries.repo.js';

/**
 * The page every list opens on (page 1 at the default size) is a statement of its own with its
 * LIMIT written in (itineraries.repo.ts `FIRST_PAGE_ROWS`), and each row brings its gallery in
 * the same query. Both must read exactly what the general statement reads.
 */
describe('the itinerary list page statements', () => {
  let database: DatabaseHandle;
  let placeA: string;
  let placeB: string;
  const unique = () => randomBytes(4).toString('hex');

  beforeAll(async () => {
    database = await openTestDatabase();
    const db = database.db;
    const country = await makeCountry(db);
    const state = await makeState(db, country.id);
    placeA = (await makePlace(db, { countryId: country.id, stateId: state.id })).id;
    placeB = (await makePlace(db, { countryId: country.id, stateId: state.id })).id;
    // 40 itineraries, one millisecond apart (newest first is by created_at, then id), every
    // third private, alternately in two places (those of the first failing a quality rule), the
    // newest two with galleries.
    const base = Date.now() - 60_000;
    for (let n = 0; n < 40; n++) {
      const [row] = await db
        .insert(itineraries)
        .values({
          title: `Page trip ${String(n)} ${unique()}`,
          duration: '3 Days',
          languages: ['English'],
          countryId: country.id,
          stateId: state.id,
          placeId: n % 2 === 0 ? placeA : placeB,
          visibility: n % 3 === 0 ? 'private' : 'public',
          qualityIssues: n % 2 === 0 ? ['meta-title-length'] : [],
          createdAt: new Date(base + n),
        })
        .returning({ id: itineraries.id });
      if (!row) throw new Error('itinerary');
      if (n >= 38) {
        // Inserted out of display order: the column must answer them by sort order, then id.
        for (const sortOrder of [2, 0, 1]) {
          await makeImageRow(db, {
            ownerType: 'itinerary-gallery',
            ownerId: row.id,
            altText: `shot ${String(sortOrder)}`,
            sortOrder,
          });
        }
      }
    }
  });
  afterAll(() => database.close());

  const titles = async (db: Executor, filter: ItineraryFilter, limit: number, offset: number) =>
    (await listItineraryPage(db, filter, { limit, offset })).map((row) => row.itinerary.title);

  it('reads the same rows on the first page as the general statement', async () => {
    const filters: ItineraryFilter[] = [
      { search: '' },
      { search: '', placeId: placeA },
      { search: '', publishable: true },
      { search: '', placeId: placeB, publishable: true },
      { search: '', needsAttention: true },
    ];
    for (const filter of filters) {
      // PAGE_SIZE + 1 rows from the start: the first page's statement; one more: the general one.
      const first = await titles(database.db, filter, PAGE_SIZE + 1, 0);
      const general = await titles(database.db, filter, PAGE_SIZE + 2, 0);
      expect(first.length, JSON.stringify(filter)).toBe(PAGE_SIZE + 1);
      expect(first).toEqual(general.slice(0, PAGE_SIZE + 1));
      // And the second page continues where it stopped.
      const second = await titles(database.db, filter, PAGE_SIZE + 1, PAGE_SIZE);
      expect(second[0]).toBe(general[PAGE_SIZE]);
    }
    expect(await titles(database.db, { search: '', placeId: null }, PAGE_SIZE + 1, 0)).toEqual([]);
  });

  it('answers each row with its gallery in display order, and [] without one', async () => {
    const rows = await listItineraryPage(database.db, { search: '' }, { limit: 3, offset: 0 });
    expect(rows.map((row) => row.gallery.map((image) => image.altText))).toEqual([
      ['shot 0', 'shot 1', 'shot 2'],
      ['shot 0', 'shot 1', 'shot 2'],
      [],
    ]);
    const [image] = rows[0]?.gallery ?? [];
    expect(image).toMatchObject({ mimeType: 'image/jpeg', width: 40, height: 30, bytes: 1000 });
    expect(image?.variants).toEqual([]);
  });

  it('stops being planned per run on PostgreSQL (its plan cached on the connection)', async () => {
    if (database.driver !== 'postgres') return;
    // One transaction: one connection, whose prepared statements pg_prepared_statements lists.
    const [all, byPlace, later] = await database.db.transaction(async (tx) => {
      const plans = async (name: string) =>
        rowsOf(
          await tx.execute(
            sql`select generic_plans::int as generic, custom_plans::int as custom
                from pg_prepared_statements where name = ${name}`,
          ),
        )[0] ?? { generic: 0, custom: 0 };
      const runs = async (filter: ItineraryFilter, name: string, offset = 0) => {
        await listItineraryPage(tx, filter, { limit: PAGE_SIZE + 1, offset });
        const before = await plans(name);
        for (let run = 0; run < 8; run++) {
          // A later page: another OFFSET each run.
          const at = offset === 0 ? 0 : offset + run;
          await listItineraryPage(tx, filter, { limit: PAGE_SIZE + 1, offset: at });
        }
        return { before, after: await plans(name) };
      };
      return [
        await runs({ search: '' }, 'itinerary_page_all_first'),
        await runs({ search: '', placeId: placeA }, 'itinerary_page_place_first'),
        // A later page at the list's size: only its OFFSET bound.
        await runs({ search: '' }, 'itinerary_page_all_sized', PAGE_SIZE),
      ];
    });
    // No parameter: the generic plan from the first run. (With `limit $1` every run was planned.)
    expect(all?.before.custom).toBe(0);
    expect(all?.after).toEqual({ generic: Number(all?.before.generic) + 8, custom: 0 });
    // The place bound: PostgreSQL plans the first five runs, then keeps the generic plan.
    expect(byPlace?.after.custom).toBeLessThanOrEqual(5);
    expect(Number(byPlace?.after.generic)).toBeGreaterThanOrEqual(4);
    // The OFFSET bound (several values): the same, where `limit $1 offset $2` planned every run.
    expect(later?.after.custom).toBeLessThanOrEqual(5);
    expect(Number(later?.after.generic)).toBeGreaterThanOrEqual(4);
  });
});
