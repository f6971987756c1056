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
import { countNeedsAttention } from './quality.js';
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

  it('reuses a badge estimate for a while, never an exact badge count', async () => {
    await database.db.execute(sql`analyze countries`);
    const many = sql`${countries.name} ilike '%counting%'`;
    const first = await countNeedsAttention(database.db, countries, many, TINY);
    await makeCountry(database.db, { name: 'Counting Kutch' });
    await makeCountry(database.db, { name: 'Counting Kohima' });
    await database.db.execute(sql`analyze countries`);
    // Asked again at once: the same estimate, without asking the planner.
    expect(await countNeedsAttention(database.db, countries, many, TINY)).toBe(first);
    // Another database (another app) keeps its own.
    const other = await openTestDatabase();
    try {
      expect(await countNeedsAttention(other.db, countries, many, TINY)).toBe(0);
    } finally {
      await other.close();
    }
    // Exact counts follow every change.
    const few = sql`${countries.name} ilike 'counting ko%'`;
    expect(await countNeedsAttention(database.db, countries, few, TINY)).toBe(1);
    await makeCountry(database.db, { name: 'Counting Kolar' });
    expect(await countNeedsAttention(database.db, countries, few, TINY)).toBe(2);
    // The other tests count the seven countries of beforeAll.
    await database.db
      .delete(countries)
      .where(sql`${countries.name} in ('Counting Kutch', 'Counting Kohima', 'Counting Kolar')`);
  });

  it('reuses the estimate of a whole table for a while, never an exact total', async () => {
    await makeCountry(database.db, { name: 'Counting Ladakh' });
    await database.db.execute(sql`analyze countries`);
    // Limits of this test alone (the reuse is per limit): the 8 countries are "a big table".
    const limits: CountLimits = { exactCountLimit: 2, exactSearchCountLimit: 2 };
    const first = await countForList(database.db, countries, undefined, limits);
    expect(first).toEqual({ n: await total(), exact: false });
    await makeCountry(database.db, { name: 'Counting Leh' });
    await database.db.execute(sql`analyze countries`);
    // Asked again at once: the same estimate.
    expect(await countForList(database.db, countries, undefined, limits)).toEqual(first);
    // Another limit is another question; an exact total follows every change.
    expect(await countForList(database.db, countries, undefined)).toEqual({
      n: first.n + 1,
      exact: true,
    });
    await database.db
      .delete(countries)
      .where(sql`${countries.name} in ('Counting Ladakh', 'Counting Leh')`);
    expect(await countForList(database.db, countries, undefined)).toEqual({
      n: first.n - 1,
      exact: true,
    });
  });

  it('settles an estimate with what the page shows', () => {
    const estimate = { n: 100, exact: false };
    const window = (page: number) => ({ page, limit: 10 });
    // A page with no row after it is the end: its position is the exact total.
    expect(settleTotal(estimate, { shown: 3, hasNextPage: false }, window(2))).toEqual({
      n: 13,
      exact: true,
    });
    expect(settleTotal(estimate, { shown: 10, hasNextPage: false }, window(2))).toEqual({
      n: 20,
      exact: true,
    });
    // A row after the page: never fewer than the rows up to it plus that one, still an estimate.
    expect(
      settleTotal({ n: 5, exact: false }, { shown: 10, hasNextPage: true }, window(3)),
    ).toEqual({ n: 31, exact: false });
    expect(settleTotal(estimate, { shown: 10, hasNextPage: true }, window(1))).toEqual(estimate);
    // Past the end: nothing to correct with.
    expect(settleTotal(estimate, { shown: 0, hasNextPage: false }, window(50))).toEqual(estimate);
    // Exact totals are never touched.
    const exact = { n: 7, exact: true };
    expect(settleTotal(exact, { shown: 3, hasNextPage: false }, window(9))).toEqual(exact);
  });

  it('reads one row past the page, and takes a page without one as its own total', async () => {
    await database.db.execute(sql`analyze countries`);
    const where = sql`${countries.name} ilike '%counting%'`;
    const windows: { limit: number; offset: number }[] = [];
    const page = (n: number, limit: number) =>
      pageWithTotal(
        database.db,
        { table: countries, where, page: n, limit, limits: TINY },
        (window) => {
          windows.push(window);
          return database.db
            .select()
            .from(countries)
            .where(where)
            .orderBy(countries.name)
            .limit(window.limit)
            .offset(window.offset);
        },
      );
    const first = await page(1, 3);
    expect(windows.at(-1)).toEqual({ limit: 4, offset: 0 });
    expect(first.rows).toHaveLength(3);
    expect(first.hasNextPage).toBe(true);
    // 7 matches, more than the search limit of 2: an estimate, at least the rows seen plus one.
    expect(first.totalIsEstimate).toBe(true);
    expect(first.total).toBeGreaterThanOrEqual(4);
    const second = await page(2, 3);
    expect(windows.at(-1)).toEqual({ limit: 4, offset: 3 });
    expect(second).toMatchObject({ hasNextPage: true, totalIsEstimate: true });
    expect(second.total).toBeGreaterThanOrEqual(7);
    const last = await page(3, 3);
    expect(last).toMatchObject({ total: 7, hasNextPage: false, totalIsEstimate: false });
    expect(last.rows).toHaveLength(1);
    // A full last page is its own total too (no row after it), without any count.
    expect(await page(1, 7)).toMatchObject({
      total: 7,
      hasNextPage: false,
      totalIsEstimate: false,
    });
    // All 7 matches on one page: more than the search limit, yet exact, without any count.
    expect(await page(1, 10)).toMatchObject({ total: 7, totalIsEstimate: false });
    // Nothing on page 1: 0; past the end: the count answers.
    const none = sql`${countries.name} ilike '%no such country%'`;
    expect(
      await pageWithTotal(
        database.db,
        { table: countries, where: none, page: 1, limit: 10, limits: TINY },
        (window) => database.db.select().from(countries).where(none).limit(window.limit),
      ),
    ).toEqual({ rows: [], total: 0, hasNextPage: false, totalIsEstimate: false });
    const beyond = await page(9, 3);
    expect(beyond.rows).toEqual([]);
    expect(beyond.hasNextPage).toBe(false);
    expect(beyond.total).toBeGreaterThanOrEqual(3);
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
    // The other lists answer through the same helper (empty tables: exact 0, no next page).
    const empty = { rows: [], total: 0, hasNextPage: false, totalIsEstimate: false };
    for (const list of [listStates, listPlaces, listPlaceDetails, listBlogs, listLibraries]) {
      expect(await list(database.db, query, TINY)).toEqual(empty);
    }
    expect(await listActivities(database.db, { page: 1, limit: 2 }, TINY)).toEqual(empty);
  });
});
