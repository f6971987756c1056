import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makePagination, type Pagination } from '@safarnama/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createImagePipeline } from '../media/pipeline.js';
import { createLocalStorage } from '../media/storage.js';
import { listCountries } from '../modules/geography/geography.repo.js';
import { createItineraryService } from '../modules/itineraries/itineraries.service.js';
import { makeCountry, makeGeography, makePlace } from '../test/factories.js';
import { openTestDatabase } from '../test/harness.js';
import type { DatabaseHandle } from './client.js';
import type { CountLimits } from './counting.js';
import { countries, itineraries } from './schema/index.js';

/**
 * Paging past the exact-count thresholds (db/counting.ts): whatever the total says, every page but
 * the last offers a next page, the last does not, and walking the pages shows every row once. The
 * thresholds are lowered so a few dozen rows are "past" them; the statistics are left stale (the
 * planner under-estimates), which is what made a full page claim to be the last.
 */
const LIMITS: CountLimits = { exactCountLimit: 5, exactSearchCountLimit: 10 };

interface Walked {
  ids: string[];
  pages: Pagination[];
}

/** Follows `hasNextPage` from page 1 to the end (at most `max` pages). */
const walk = async (
  fetch: (page: number) => Promise<{ ids: string[]; pagination: Pagination }>,
  max = 100,
): Promise<Walked> => {
  const ids: string[] = [];
  const pages: Pagination[] = [];
  for (let page = 1; page <= max; page++) {
    const answer = await fetch(page);
    ids.push(...answer.ids);
    pages.push(answer.pagination);
    if (!answer.pagination.hasNextPage) break;
  }
  return { ids, pages };
};

/** The invariants of a walk over `expected` rows with pages of `limit`. */
const expectTruthfulWalk = ({ ids, pages }: Walked, expected: number, limit: number) => {
  expect(new Set(ids).size).toBe(ids.length);
  expect(ids).toHaveLength(expected);
  expect(pages).toHaveLength(Math.ceil(expected / limit));
  pages.forEach((p, i) => {
    const last = i === pages.length - 1;
    expect(p.page).toBe(i + 1);
    expect(p.hasNextPage).toBe(!last);
    expect(p.hasPrevPage).toBe(i > 0);
    // Never fewer pages than the ones known to exist.
    expect(p.totalPages).toBeGreaterThanOrEqual(last ? p.page : p.page + 1);
    // A total that is not the real one says it is an estimate.
    if (p.total !== expected) expect(p.totalIsEstimate).toBe(true);
    if (p.totalIsEstimate !== true) expect(p.total).toBe(expected);
  });
  // The last page knows where the results end: an exact total.
  expect(pages.at(-1)).toMatchObject({ total: expected, totalPages: pages.length });
  expect(pages.at(-1)?.totalIsEstimate).toBeUndefined();
};

describe('paging past the exact-count thresholds', () => {
  let database: DatabaseHandle;
  let uploads: string;
  let service: ReturnType<typeof createItineraryService>;
  let placeA: string;
  let placeB: string;
  const PELICANS = 47;
  const HERONS = 20;

  beforeAll(async () => {
    database = await openTestDatabase();
    uploads = await mkdtemp(join(tmpdir(), 'safarnama-paging-'));
    service = createItineraryService({
      db: database.db,
      storage: createLocalStorage(uploads),
      pipeline: createImagePipeline(),
      ...LIMITS,
    });
    const { country, state, place } = await makeGeography(database.db);
    const other = await makePlace(database.db, { countryId: country.id, stateId: state.id });
    placeA = place.id;
    placeB = other.id;
    const rows = (title: string, placeId: string, from: number, to: number) =>
      Array.from({ length: to - from }, (_, i) => ({
        title: `${title} ${from + i}`,
        duration: '3 Days / 2 Nights',
        languages: ['English' as const],
        countryId: country.id,
        stateId: state.id,
        placeId,
      }));
    // A few rows, analysed; then the rest: the statistics under-estimate every list.
    await database.db
      .insert(itineraries)
      .values([...rows('Pelican Trail', placeA, 0, 3), ...rows('Heron Walk', placeB, 0, 2)]);
    await database.db.execute(sql`analyze itineraries`);
    await database.db.insert(itineraries).values(rows('Pelican Trail', placeA, 3, PELICANS));
    await database.db.insert(itineraries).values(rows('Heron Walk', placeB, 2, HERONS));
  });
  afterAll(async () => {
    await database.close();
    await rm(uploads, { recursive: true, force: true });
  });

  const itineraryWalk = (query: { search?: string; placeId?: string }, limit: number) =>
    walk(async (page) => {
      const answer = await service.list({ page, limit, search: query.search ?? '', ...query });
      return { ids: answer.itineraries.map((i) => i.id), pagination: answer.pagination };
    });

  it('walks a search past the search limit to its end, every row once', async () => {
    const walked = await itineraryWalk({ search: 'pelican' }, 10);
    expectTruthfulWalk(walked, PELICANS, 10);
    // Past the search limit, a full page's total is the planner's estimate, and says so.
    expect(walked.pages[0]?.totalIsEstimate).toBe(true);
  });

  it('walks the same search with other page sizes (a full last page included)', async () => {
    for (const limit of [7, 47, 46, 100]) {
      expectTruthfulWalk(await itineraryWalk({ search: 'pelican' }, limit), PELICANS, limit);
    }
  });

  it('walks the unfiltered list and a place filter to their ends', async () => {
    expectTruthfulWalk(await itineraryWalk({}, 10), PELICANS + HERONS, 10);
    // 20 rows in pages of 10: the second page is full and the last.
    expectTruthfulWalk(await itineraryWalk({ placeId: placeB }, 10), HERONS, 10);
    expectTruthfulWalk(await itineraryWalk({ placeId: placeA }, 10), PELICANS, 10);
  });

  it('walks another list of the same helper (countries) the same way', async () => {
    await database.db.execute(sql`analyze countries`);
    for (let i = 0; i < 23; i++) await makeCountry(database.db, { name: `Paging Land ${i}` });
    const [all] = await database.db.select({ n: sql<number>`count(*)::int` }).from(countries);
    const limits: CountLimits = { exactCountLimit: 2, exactSearchCountLimit: 4 };
    const countriesWalk = (search: string, limit: number) =>
      walk(async (page) => {
        const found = await listCountries(database.db, { page, limit, search }, limits);
        return {
          ids: found.rows.map((r) => r.id),
          pagination: makePagination(found.total, page, limit, found),
        };
      });
    expectTruthfulWalk(await countriesWalk('paging land', 5), 23, 5);
    expectTruthfulWalk(await countriesWalk('', 5), all?.n ?? 0, 5);
  });
});
