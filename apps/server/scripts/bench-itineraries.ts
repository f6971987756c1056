/**
 * Itinerary list/search benchmark (PERFORMANCE.md budgets at 100k itineraries), through the real
 * service and repo against PostgreSQL.
 *
 *   npm run bench:itineraries -w @safarnama/server
 *
 * 1. Creates a throw-away database on TEST_DATABASE_URL's server (default
 *    postgres://postgres@127.0.0.1:5432/test), migrates it.
 * 2. Fills it with the data set of `seedCatalogue` (bench-lib.ts: real countries and states,
 *    10k places, place details, 5k libraries with 50k images, 10k blogs and ROWS (default 100k)
 *    itineraries, one type in ten, so "Honeymoon" matches ~10% of rows, a rare word in 5 rows per
 *    100k); then VACUUM ANALYZE (what autovacuum does after a bulk load).
 * 3. Times each scenario RUNS times (default 50, after a warm-up) one call at a time, and again
 *    with 10 calls in flight: list page 1, common search, rare search, page 1000, place filter,
 *    create. A `select 1` round trip is the reference (the ratio column), since this machine is
 *    small and shared.
 * 4. Saves EXPLAIN (ANALYZE, BUFFERS) of the page and count queries of the list and the searches
 *    under bench/results/, with the table (Markdown) next to them, and prints the table.
 * 5. Drops the database.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createImagePipeline } from '../src/media/pipeline.js';
import { createLocalStorage } from '../src/media/storage.js';
import { COUNT_LIMITS, estimateTableRows } from '../src/db/counting.js';
import { itineraries } from '../src/db/schema/index.js';
import { countItineraries } from '../src/modules/itineraries/itineraries.repo.js';
import { createItineraryService } from '../src/modules/itineraries/itineraries.service.js';
import {
  ROWS,
  SEARCH_TERMS,
  benchItinerary,
  captureQueries,
  explainCaptured,
  measure,
  runsFromEnv,
  saveResults,
  seedAnalyzed,
  tableHead,
  tableRow,
  withBenchDatabase,
} from './bench-lib.js';

const RUNS = runsFromEnv(50);

const main = () =>
  withBenchDatabase('bench_itin', async (handle) => {
    const uploads = await mkdtemp(join(tmpdir(), 'bench-itin-'));
    try {
      const seedMs = await seedAnalyzed(handle, ROWS);
      const db = handle.db;
      const service = createItineraryService({
        db,
        storage: createLocalStorage(uploads),
        pipeline: createImagePipeline(),
      });
      const { rows: placeRows } = await handle.pool.query<{ place_id: string; n: string }>(
        `select place_id, count(*) as n from itineraries group by place_id order by count(*) desc, place_id limit 1`,
      );
      const place = placeRows[0];
      if (!place) throw new Error('no place');
      const geo = await handle.pool.query<{ country_id: string; state_id: string }>(
        `select country_id, state_id from places where id = $1`,
        [place.place_id],
      );
      const parents = geo.rows[0];
      if (!parents) throw new Error('no parents');

      const scenarios: { name: string; budget: number; run: (i: number) => Promise<unknown> }[] = [
        {
          name: 'list page 1 (with totals)',
          budget: 25,
          run: () => service.list({ page: 1, limit: 10, search: '' }),
        },
        {
          name: `search common "${SEARCH_TERMS.common}" (~10%)`,
          budget: 60,
          run: () => service.list({ page: 1, limit: 10, search: SEARCH_TERMS.common }),
        },
        {
          name: `search rare "${SEARCH_TERMS.rare}"`,
          budget: 15,
          run: () => service.list({ page: 1, limit: 10, search: SEARCH_TERMS.rare }),
        },
        {
          name: 'page 1000 unfiltered',
          budget: 40,
          run: () => service.list({ page: 1000, limit: 10, search: '' }),
        },
        {
          name: `placeId filter (${place.n} rows)`,
          budget: 25,
          run: () => service.list({ page: 1, limit: 10, search: '', placeId: place.place_id }),
        },
        {
          name: 'create itinerary',
          budget: 30,
          run: (i) =>
            service.create(
              benchItinerary(`Bench create ${i}`, {
                countryId: parents.country_id,
                stateId: parents.state_id,
                placeId: place.place_id,
              }),
            ),
        },
      ];
      // Reference: one round trip that does nothing.
      const { refP50, lines } = await tableHead(
        handle.pool,
        `Itineraries: ${ROWS} rows`,
        seedMs,
        RUNS,
      );
      const estimate = await estimateTableRows(db, itineraries);
      for (const s of scenarios) {
        lines.push(tableRow(s.name, await measure(s.run, RUNS), s.budget, refP50));
      }
      lines.push(
        '',
        `Totals (db/counting.ts): unfiltered = the planner's table estimate (${estimate} before ` +
          `the creates; an exact count only at ≤ ${COUNT_LIMITS.exactCountLimit} rows); search ` +
          `and place filter = exact up to ${COUNT_LIMITS.exactSearchCountLimit} matches, else ` +
          "the planner's estimate of the matches.",
      );

      console.log(`\n${lines.join('\n')}\n`);

      // EXPLAIN ANALYZE of the queries the repo really sends, captured through a logger: the
      // real service on the logging database, every query one list call sends, in order.
      const capture = captureQueries(handle.pool);
      const page =
        (query: { page?: number; search?: string; placeId?: string }) => (logged: typeof db) =>
          createItineraryService({
            db: logged,
            storage: createLocalStorage(uploads),
            pipeline: createImagePipeline(),
          }).list({ page: 1, limit: 10, search: '', ...query });
      const explain = (title: string, run: (logged: typeof db) => Promise<unknown>) =>
        explainCaptured(handle.pool, capture, title, run);
      const plans = [
        await explain('list page 1', page({})),
        await explain('page 1000', page({ page: 1000 })),
        await explain(
          `search common "${SEARCH_TERMS.common}"`,
          page({ search: SEARCH_TERMS.common }),
        ),
        await explain(`search rare "${SEARCH_TERMS.rare}"`, page({ search: SEARCH_TERMS.rare })),
        await explain('placeId filter', page({ placeId: place.place_id })),
        await explain('exact count of the whole table (what the estimate avoids)', (logged) =>
          countItineraries(logged, { search: '' }),
        ),
        await explain('exact count of the common search (what the cap avoids)', (logged) =>
          countItineraries(logged, { search: SEARCH_TERMS.common }),
        ),
      ];

      await saveResults(
        'itineraries',
        lines.join('\n'),
        `# Query plans, ${ROWS} itineraries\n\n${plans.join('\n')}`,
      );
    } finally {
      await rm(uploads, { recursive: true, force: true });
    }
  });

await main();
