/**
 * What the PostgreSQL benchmarks (`bench-itineraries.ts`, `bench-dashboard.ts`) share: the env
 * knobs, timing and percentiles, the throw-away database, the catalogue seed, the Markdown table,
 * query capture for EXPLAIN, and saving under bench/results/.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Pool } from 'pg';
import { openPostgres } from '../src/db/client.js';
import * as schema from '../src/db/schema/index.js';
import { adminDatabaseUrl, dropDatabase, quoteIdent, withDatabase } from '../src/test/pg.js';

export const ROWS = Number(process.env.ROWS ?? 100_000);
/** RUNS from the environment, else this bench's default. */
export const runsFromEnv = (fallback: number) => Number(process.env.RUNS ?? fallback);
export const CONCURRENCY = 10;
export const serverUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const resultsDir = join(repoRoot, 'bench', 'results');

export const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((xs.length * p) / 100) - 1)] ?? 0;
export const f1 = (n: number) => n.toFixed(1);

export const time = async (fn: () => Promise<unknown>) => {
  const start = performance.now();
  await fn();
  return performance.now() - start;
};

/** `runs` timings one at a time, then `runs` timings with `CONCURRENCY` calls in flight. */
export const measure = async (fn: (i: number) => Promise<unknown>, runs: number) => {
  for (let i = 0; i < 5; i++) await fn(-1 - i); // warm-up
  const serial: number[] = [];
  for (let i = 0; i < runs; i++) serial.push(await time(() => fn(i)));
  const parallel: number[] = [];
  let next = runs;
  const worker = async () => {
    while (next < runs * 2) {
      const i = next++;
      parallel.push(await time(() => fn(i)));
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { serial, parallel };
};

export type BenchHandle = ReturnType<typeof openPostgres>;

/**
 * Creates a throw-away database `<prefix>_<random>` on TEST_DATABASE_URL's server, migrates it,
 * hands it to `run`, then closes and drops it.
 */
export const withBenchDatabase = async (
  prefix: string,
  run: (handle: BenchHandle) => Promise<void>,
) => {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = openPostgres(adminDatabaseUrl(serverUrl), { max: 1 });
  await admin.pool.query(`create database ${quoteIdent(name)}`);
  await admin.close();
  const handle = openPostgres(withDatabase(serverUrl, name), { max: CONCURRENCY });
  try {
    await handle.migrate();
    await run(handle);
  } finally {
    await handle.close();
    await dropDatabase(serverUrl, name);
  }
};

/**
 * The catalogue, with generate_series: 50 countries, 500 states, 10k places, 1k image libraries,
 * `rows` itineraries (realistic titles, ~500-character HTML descriptions, one type in ten, so
 * "Honeymoon" matches ~10% of rows; a rare word in 5 rows per 100k) and one gallery image for
 * every other itinerary. No VACUUM ANALYZE: the caller runs it after any seeding of its own.
 */
export const seedCatalogue = async (pool: Pool, rows: number) => {
  const q = (text: string) => pool.query(text);
  await q(`
    insert into countries (id, name, short_name)
    select gen_random_uuid(), 'Country ' || g, 'C' || chr(65 + g % 26)
    from generate_series(1, 50) g`);
  await q(`
    insert into states (id, country_id, name)
    select gen_random_uuid(), c.id, 'State ' || c.name || ' ' || g
    from countries c, generate_series(1, 10) g`);
  await q(`
    insert into places (id, country_id, state_id, name)
    select gen_random_uuid(), s.country_id, s.id, 'Place ' || g || ' of ' || s.name
    from states s, generate_series(1, 20) g`);
  await q(`
    insert into image_libraries (id, title, description)
    select gen_random_uuid(), 'Library ' || g, 'Photos ' || g from generate_series(1, 1000) g`);
  // Itineraries: places and libraries picked by row number; newest = highest g.
  await q(`
    with p as (select id, state_id, country_id, row_number() over (order by id) as rn from places),
         l as (select id, row_number() over (order by id) as rn from image_libraries)
    insert into itineraries (
      id, title, duration, type, group_size, languages, price_per_person, visibility,
      image_library_id, months, description, meta_title, meta_description,
      country_id, state_id, place_id, daily_itinerary, faqs, is_active, created_at, updated_at)
    select
      gen_random_uuid(),
      (array['Kerala','Goa','Ladakh','Rajasthan','Sikkim','Andaman','Kashmir','Coorg','Varanasi',
             'Rishikesh','Munnar','Hampi','Udaipur','Darjeeling','Meghalaya','Spiti'])[1 + g % 16]
        || ' ' ||
      (array['Backwaters','Beach Escape','High Passes','Desert Safari','Tea Trails','Island Hop',
             'Valley Trek','Coffee Estates','Ghats Walk','Yoga Retreat','Hill Station','Ruins Tour',
             'Lake Palaces','Toy Train','Living Roots','Monastery Circuit'])[1 + (g / 16) % 16]
        || ' ' || g,
      (3 + g % 8) || ' Days / ' || (2 + g % 8) || ' Nights',
      (array['Adventure','Leisure','Cultural','Wildlife','Beach','Mountain','City Tour',
             'Religious','Educational','Honeymoon'])[1 + g % 10],
      1 + g % 20,
      case g % 3 when 0 then array['English','Hindi'] when 1 then array['English','French']
                 else array['Hindi','Arabic'] end,
      5000 + (g * 37) % 200000,
      case when g % 7 = 0 then 'private' else 'public' end,
      case when g % 3 = 0 then (select l.id from l where l.rn = 1 + g % 1000) end,
      case g % 3 when 0 then array['JAN','FEB'] when 1 then array['OCT','NOV','DEC']
                 else array['MAR','APR','MAY'] end,
      '<p>Discover ' || (array['misty hills','quiet beaches','old forts','spice markets',
                                'river ghats','tea gardens'])[1 + g % 6]
        || ' with local guides, comfortable stays and <strong>hand-picked</strong> experiences.</p>'
        || '<ul><li>Airport pick-up and drop</li><li>Daily breakfast and dinner</li>'
        || '<li>Sightseeing by private car</li><li>All permits and taxes</li></ul>'
        || '<p>Best enjoyed in small groups; ideal for families, couples and solo travellers '
        || 'who like slow travel, regional food and evenings by the fire.'
        || case when g % 20000 = 7 then ' Ride a kettuvallam at dawn.' else '' end || '</p>',
      case when g % 7 = 0 then '' else 'Trip ' || g end,
      case when g % 7 = 0 then '' else 'A curated tour, number ' || g end,
      p.country_id, p.state_id, p.id,
      '[{"title":"Day 1","description":"Arrive and settle in"},{"title":"Day 2","description":"Explore"}]'::jsonb,
      case when g % 7 = 0 then '[]'::jsonb
           else '[{"question":"Are meals included?","answer":"Breakfast and dinner"}]'::jsonb end,
      g % 9 <> 0,
      now() - ((${rows} - g) * interval '1 minute'),
      now() - ((${rows} - g) * interval '1 minute')
    from generate_series(1, ${rows}) g
    join p on p.rn = 1 + (g * 7919) % (select count(*) from places)`);
  await q(`
    insert into images (id, owner_type, owner_id, file_key, mime_type, width, height, bytes,
                        placeholder, alt_text, sort_order)
    select gen_random_uuid(), 'itinerary-gallery', i.id,
           'images/2025/01/' || i.id || '.jpg', 'image/jpeg', 1600, 1200, 250000, '#806040',
           'Photo of ' || i.title, 0
    from itineraries i where (hashtext(i.id::text) & 1) = 0`);
};

export const serverVersion = async (pool: Pool) =>
  (await pool.query<{ server_version: string }>('show server_version')).rows[0]?.server_version ??
  '?';

export const TABLE_HEADER = [
  '| scenario | p50 ms | p95 ms | p95 ms at c10 | budget p95 | p50 ÷ ref | within |',
  '| --- | ---: | ---: | ---: | ---: | ---: | :---: |',
];

/** One row under {@link TABLE_HEADER}. */
export const tableRow = (
  name: string,
  { serial, parallel }: { serial: number[]; parallel: number[] },
  budget: number,
  refP50: number,
) => {
  const p95 = pct(serial, 95);
  return `| ${name} | ${f1(pct(serial, 50))} | ${f1(p95)} | ${f1(pct(parallel, 95))} | ${budget} | ${f1(
    pct(serial, 50) / refP50,
  )} | ${p95 <= budget ? 'yes' : 'NO'} |`;
};

export interface CapturedQuery {
  sql: string;
  params: unknown[];
}

/** A drizzle database on `pool` that records every query it sends into `captured`. */
export const captureQueries = (pool: Pool) => {
  const captured: CapturedQuery[] = [];
  const db = drizzle({
    client: pool,
    schema,
    logger: { logQuery: (sql, params) => captured.push({ sql, params }) },
  });
  return { captured, db };
};

/** Writes `<prefix>-<stamp>.md` (the table) and `<prefix>-<stamp>-plans.md` under bench/results/. */
export const saveResults = async (prefix: string, table: string, plans: string) => {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  await mkdir(resultsDir, { recursive: true });
  await writeFile(join(resultsDir, `${prefix}-${stamp}.md`), `${table}\n`);
  await writeFile(join(resultsDir, `${prefix}-${stamp}-plans.md`), plans);
  console.log(`Results and plans: ${join(resultsDir, `${prefix}-${stamp}*.md`)}`);
};
