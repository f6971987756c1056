import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listActivities } from '../modules/activity/activity.repo.js';
import { listBlogs } from '../modules/blogs/blogs.repo.js';
import { listCountries, listPlaces, listStates } from '../modules/geography/geography.repo.js';
import { listLibraries } from '../modules/image-libraries/image-libraries.repo.js';
import { listPlaceDetails } from '../modules/place-details/place-details.repo.js';
import { makeCountry } from '../test/factories.js';
import { openTestDatabase } from '../test/harness.js';
import type { DatabaseHandle } from './client.js';
import { countForList, pageWithTotal, settleTotal, type CountLimits } from './counting.js';
import { countries } from './schema/index.js';

/** Limits so low that the 7 countries of these tests are "a big table" and "many matches". */
const TINY: CountLimits = { exactCountLimit: 1, exactSearchCountLimit: 2 };

describe('count strategy of the paged lists', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
    for (const name of ['Kerala', 'Karnataka', 'Kashmir', 'Goa', 'Sikkim', 'Assam', 'Bihar']) {
      await makeCountry(database.db, { name: `Counting ${name}` });
    }
  });
  afterAll(async () => {
    await database.close();
  });
  const total = async () =>
    Number(
      (await database.db.select({ n: sql<number>`count(*)::int` }).from(countries))[0]?.n ?? 0,
    );

  it('counts exactly under the limits, whatever the statistics say', async () => {
    const where = sql`${countries.name} ilike '%counting k%'`;
    expect(await countForList(database.db, countries, undefined)).toEqual({
      n: await total(),
      exact: true,
    });
    expect(await countForList(database.db, countries, where)).toEqual({ n: 3, exact: true });
  });

  it('answers the planner estimate above the limits, and never a scan of every match', async () => {
    await database.db.execute(sql`analyze countries`);
    const all = await countForList(database.db, countries, undefined, TINY);
    expect(all).toEqual({ n: await total(), exact: false });
    const many = await countForList(
      database.db,
      countries,
      sql`${countries.name} ilike '%counting%'`,
      TINY,
    );
    expect(many.exact).toBe(false);
    expect(many.n).toBeGreaterThanOrEqual(TINY.exactSearchCountLimit + 1);
    // Two matches are within the search limit: exact.
    expect(
      await countForList(
        database.db,
        countries,
        sql`${countries.name} ilike '%counting ka%'`,
        TINY,
      ),
    ).toEqual({ n: 2, exact: true });
  });

  it('settles an estimate with what the page shows', () => {
    const estimate = { n: 100, exact: false };
    // A short page is the end: its position is the total.
    expect(settleTotal(estimate, 3, { page: 2, limit: 10 })).toBe(13);
    // A full page never claims fewer rows than were shown.
    expect(settleTotal({ n: 5, exact: false }, 10, { page: 3, limit: 10 })).toBe(30);
    expect(settleTotal(estimate, 10, { page: 1, limit: 10 })).toBe(100);
    // Past the end: nothing to correct with.
    expect(settleTotal(estimate, 0, { page: 50, limit: 10 })).toBe(100);
    // Exact totals are never touched.
    expect(settleTotal({ n: 7, exact: true }, 3, { page: 9, limit: 10 })).toBe(7);
  });

  it('takes a short page as its own total, and corrects an estimate at the end', async () => {
    await database.db.execute(sql`analyze countries`);
    const where = sql`${countries.name} ilike '%counting%'`;
    const page = (n: number, limit: number) =>
      pageWithTotal(
        database.db,
        { table: countries, where, page: n, limit, limits: TINY },
        database.db
          .select()
          .from(countries)
          .where(where)
          .orderBy(countries.name)
          .limit(limit)
          .offset((n - 1) * limit),
      );
    const first = await page(1, 3);
    expect(first.rows).toHaveLength(3);
    expect(first.total).toBeGreaterThanOrEqual(3);
    const last = await page(3, 3);
    expect(last.rows).toHaveLength(1);
    expect(last.total).toBe(7);
    // All 7 matches on one page: more than the search limit, yet exact, without any count.
    expect(await page(1, 10)).toMatchObject({ total: 7 });
    // Nothing on page 1: 0; past the end: the count answers.
    const none = sql`${countries.name} ilike '%no such country%'`;
    expect(
      await pageWithTotal(
        database.db,
        { table: countries, where: none, page: 1, limit: 10, limits: TINY },
        database.db.select().from(countries).where(none).limit(10),
      ),
    ).toEqual({ rows: [], total: 0 });
    expect((await page(9, 3)).total).toBeGreaterThanOrEqual(3);
  });

  it('is what every content list uses (countries, states, places, details, blogs, libraries, log)', async () => {
    await database.db.execute(sql`analyze`);
    const query = { page: 1, limit: 2, search: '' };
    const n = await total();
    const countriesPage = await listCountries(database.db, query, TINY);
    expect(countriesPage).toMatchObject({ total: n });
    expect(countriesPage.rows).toHaveLength(2);
    // A short last page settles the estimate to the exact position.
    const lastPage = Math.ceil(n / 2);
    const tail = await listCountries(database.db, { ...query, page: lastPage }, TINY);
    expect(tail.total).toBe(n);
    // The other lists answer {rows, total} through the same helper (empty tables: exact 0).
    for (const list of [listStates, listPlaces, listPlaceDetails, listBlogs, listLibraries]) {
      expect(await list(database.db, query, TINY)).toEqual({ rows: [], total: 0 });
    }
    expect(await listActivities(database.db, { page: 1, limit: 2 }, TINY)).toEqual({
      rows: [],
      total: 0,
    });
  });
});
