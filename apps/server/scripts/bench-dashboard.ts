/**
 * Dashboard benchmark (issue 6: under 100 ms at 100k itineraries), through the real service
 * against PostgreSQL.
 *
 *   npm run bench:dashboard -w @safarnama/server
 *
 * Creates a throw-away database on TEST_DATABASE_URL's server, migrates it, seeds the data set
 * of `bench-lib.ts` (`seedCatalogue`: 10k places with place details, 5k libraries with 50k
 * images, 10k blogs, ROWS itineraries with galleries), VACUUM ANALYZE, then times
 * `dashboard.get()` RUNS times one call at a time (p50/p95) and again with 10 in flight, prints
 * the table, saves it with EXPLAIN ANALYZE of every statement under bench/results/, and drops the
 * database.
 */
import { createDashboardService } from '../src/modules/dashboard/dashboard.service.js';
import {
  ROWS,
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

const RUNS = runsFromEnv(30);
const BUDGET_MS = 100;

const main = () =>
  withBenchDatabase('bench_dash', async (handle) => {
    const seedMs = await seedAnalyzed(handle, ROWS);
    const service = createDashboardService({ db: handle.db });
    const { refP50, lines } = await tableHead(
      handle.pool,
      `Dashboard: ${ROWS} itineraries`,
      seedMs,
      RUNS,
    );
    lines.push(
      tableRow('dashboard.get()', await measure(() => service.get(), RUNS), BUDGET_MS, refP50),
    );
    console.log(`\n${lines.join('\n')}\n`);

    // EXPLAIN ANALYZE of every statement the service sends (not the transactions' begin / set /
    // commit), planned as the service runs them: without parallel workers.
    const client = await handle.pool.connect();
    let plans: string;
    try {
      await client.query('set max_parallel_workers_per_gather = 0');
      plans = await explainCaptured(
        client,
        captureQueries(handle.pool),
        'dashboard',
        (logged) => createDashboardService({ db: logged }).get(),
        (query) => /^\s*select/i.test(query.sql),
      );
    } finally {
      client.release();
    }
    await saveResults(
      'dashboard',
      lines.join('\n'),
      `# Dashboard query plans, ${ROWS} itineraries\n\n${plans}`,
    );
  });

await main();
