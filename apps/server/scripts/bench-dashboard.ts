/**
 * Dashboard benchmark (issue 6: under 100 ms at 100k itineraries), through the real service
 * against PostgreSQL.
 *
 *   npm run bench:dashboard -w @safarnama/server
 *
 * Creates a throw-away database on TEST_DATABASE_URL's server, migrates it, seeds the catalogue
 * of `bench-lib.ts` (50 countries, 500 states, 10k places, 1k libraries, ROWS itineraries, a
 * gallery image for every other one) plus place details (a few months for most places), 2k blogs
 * and 5 images per library, VACUUM ANALYZE, then times `dashboard.get()` RUNS times one call at a
 * time (p50/p95) and again with 10 in flight, prints the table, saves it with EXPLAIN ANALYZE of
 * every statement under bench/results/, and drops the database.
 */
import type { Pool } from 'pg';
import { createDashboardService } from '../src/modules/dashboard/dashboard.service.js';
import {
  ROWS,
  TABLE_HEADER,
  captureQueries,
  f1,
  measure,
  pct,
  runsFromEnv,
  saveResults,
  seedCatalogue,
  serverVersion,
  tableRow,
  time,
  withBenchDatabase,
} from './bench-lib.js';

const RUNS = runsFromEnv(30);
const BUDGET_MS = 100;

/** What the dashboard counts on top of the catalogue: place details, blogs, library images. */
const seedDashboard = async (pool: Pool) => {
  const q = (text: string) => pool.query(text);
  // Place details: months 1..(rn % 13) for each place (0 to 12 months covered).
  await q(`
    insert into place_details (id, country_id, state_id, place_id, month)
    select gen_random_uuid(), p.country_id, p.state_id, p.id,
           (array['JAN','FEB','MAR','APR','MAY','JUN','JUL','AUG','SEP','OCT','NOV','DEC'])[m]
    from (select *, row_number() over (order by id) as rn from places) p,
         generate_series(1, 12) m
    where m <= p.rn % 13`);
  await q(`
    insert into place_blogs (id, title, slug, country_id, state_id, place_id, status)
    select gen_random_uuid(), 'Blog ' || g, 'blog-' || g, p.country_id, p.state_id, p.id,
           case when g % 3 = 0 then 'published' else 'draft' end
    from generate_series(1, 2000) g
    join (select *, row_number() over (order by id) as rn from places) p on p.rn = g`);
  await q(`
    insert into images (id, owner_type, owner_id, file_key, mime_type, width, height, bytes,
                        placeholder, sort_order)
    select gen_random_uuid(), 'image-library', l.id, 'images/2025/01/' || l.id || '-' || k || '.jpg',
           'image/jpeg', 1600, 1200, 250000, '#806040', k
    from image_libraries l, generate_series(0, 4) k`);
};

const main = () =>
  withBenchDatabase('bench_dash', async (handle) => {
    const seedMs = await time(async () => {
      await seedCatalogue(handle.pool, ROWS);
      await seedDashboard(handle.pool);
      await handle.pool.query('vacuum analyze');
    });
    const service = createDashboardService({ db: handle.db });
    const ref = await measure(() => handle.pool.query('select 1'), RUNS);
    const dashboard = await measure(() => service.get(), RUNS);
    const version = await serverVersion(handle.pool);
    const refP50 = pct(ref.serial, 50);
    const lines = [
      `Dashboard: ${ROWS} itineraries (seeded in ${f1(seedMs / 1000)} s), ${RUNS} runs, PostgreSQL ${version}, Node ${process.version}`,
      '',
      `Reference: \`select 1\` round trip p50 ${f1(refP50)} ms`,
      '',
      ...TABLE_HEADER,
      tableRow('dashboard.get()', dashboard, BUDGET_MS, refP50),
    ];
    console.log(`\n${lines.join('\n')}\n`);

    // EXPLAIN ANALYZE of every statement the service sends.
    const { captured, db: logged } = captureQueries(handle.pool);
    await createDashboardService({ db: logged }).get();
    const plans: string[] = [];
    // The statements themselves (not the transaction's begin/set/commit), planned as the service
    // runs them: without parallel workers.
    const client = await handle.pool.connect();
    await client.query('set max_parallel_workers_per_gather = 0');
    const statements = captured.filter((q) => /^\s*select/i.test(q.sql));
    for (const [k, query] of statements.entries()) {
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, buffers) ${query.sql}`,
        query.params,
      );
      plans.push(
        `## query ${k + 1}`,
        '',
        '```sql',
        query.sql,
        '```',
        '',
        '```',
        ...rows.map((r) => r['QUERY PLAN']),
        '```',
        '',
      );
    }
    client.release();
    await saveResults(
      'dashboard',
      lines.join('\n'),
      `# Dashboard query plans, ${ROWS} itineraries\n\n${plans.join('\n')}`,
    );
  });

await main();
