/**
 * What the benchmarks (`bench.ts`, `bench-itineraries.ts`, `bench-dashboard.ts`,
 * `bench-upload.ts`) share: the env knobs, timing and the one percentile helper, the throw-away
 * database, the data set (`seedCatalogue`), the Markdown table, query capture for EXPLAIN, the
 * upload photo and "sharp alone", and saving under bench/results/.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { Pool } from 'pg';
import sharp from 'sharp';
import { API_PATHS, LIBRARY_MONTHS, MONTHS, TOUR_TYPES } from '@safarnama/contract';
import { openPostgres, type Database } from '../src/db/client.js';
import { createQualityService } from '../src/modules/quality/quality.service.js';
import type { ItineraryInputData } from '../src/modules/itineraries/itineraries.service.js';
import * as schema from '../src/db/schema/index.js';
import { BROTLI_QUALITY, GZIP_LEVEL, brotliParams } from '../src/http/compression.js';
import { createLimiter } from '../src/media/limit.js';
import { createImagePipeline } from '../src/media/pipeline.js';
import { SERVER_NODE_ARGS } from '../src/node-args.js';
import {
  SHARP_JOBS,
  VARIANT_WEBP,
  configureSharp,
  encodeOriginal,
  variantWidths,
} from '../src/media/pipeline.js';
import { adminDatabaseUrl, dropDatabase, quoteIdent, withDatabase } from '../src/test/pg.js';
import {
  BLOG_TAGS,
  BLOG_TITLES,
  DAY_PLANS,
  FAQS,
  ITINERARY_THEMES,
  SEED_COUNTRIES,
  TOWN_PREFIXES,
  TOWN_SUFFIXES,
} from './bench-content.js';

export const ROWS = Number(process.env.ROWS ?? 100_000);
/** RUNS from the environment, else this bench's default. */
export const runsFromEnv = (fallback: number) => Number(process.env.RUNS ?? fallback);
export const CONCURRENCY = 10;
export const serverUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const resultsDir = join(repoRoot, 'bench', 'results');

/** The p-th percentile (nearest rank) of `xs`; 0 for none. The one percentile of every bench. */
export const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.max(0, Math.ceil((xs.length * p) / 100) - 1)] ?? 0;
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
 * Creates an empty database `<prefix>_<random>` on TEST_DATABASE_URL's server; `drop()` removes
 * it again (connections still open are ended).
 */
export const createBenchDatabase = async (prefix: string) => {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = openPostgres(adminDatabaseUrl(serverUrl), { max: 1 });
  try {
    await admin.pool.query(`create database ${quoteIdent(name)}`);
  } finally {
    await admin.close();
  }
  return { name, url: withDatabase(serverUrl, name), drop: () => dropDatabase(serverUrl, name) };
};

/**
 * Creates a throw-away database on TEST_DATABASE_URL's server, migrates it, hands it to `run`,
 * then closes and drops it.
 */
export const withBenchDatabase = async (
  prefix: string,
  run: (handle: BenchHandle, url: string) => Promise<void>,
) => {
  const database = await createBenchDatabase(prefix);
  const handle = openPostgres(database.url, { max: CONCURRENCY });
  try {
    await handle.migrate();
    await run(handle, database.url);
  } finally {
    await handle.close();
    await database.drop();
  }
};

/** node-postgres pools and clients and PGlite all answer `query(text, params)`. */
export interface SqlRunner {
  query(text: string, params?: unknown[]): Promise<unknown>;
}

export interface SeedSizes {
  /** Places in all (the named ones, then generated Indian town names); default 10 000. */
  places?: number;
  /** Image libraries; default 5 000. */
  libraries?: number;
  /** Image records per library; default 10 (50 000 in all). */
  imagesPerLibrary?: number;
  /** Travelpedia blogs; default 10 000. */
  blogs?: number;
}

/** What the searches of the benchmarks look for, and how often it occurs. */
export const SEARCH_TERMS = {
  /** The tour type of one itinerary in ten (matched through `search_text`). */
  common: 'Honeymoon',
  /** In the description of 5 itineraries per 100 000 (`g % 20000 = 7`). */
  rare: 'kettuvallam',
} as const;

/** The WebP variants of a seeded image, as the pipeline stores them (keys, not URLs). */
const variantsSql = (id: string) => `jsonb_build_array(
  jsonb_build_object('width', 320, 'height', 240, 'key', 'images/2025/01/' || ${id} || '-320.webp'),
  jsonb_build_object('width', 768, 'height', 576, 'key', 'images/2025/01/' || ${id} || '-768.webp'),
  jsonb_build_object('width', 1600, 'height', 1200, 'key', 'images/2025/01/' || ${id} || '-1600.webp'))`;

/** The two crops a stored image has (issue 24), as the pipeline stores them. */
const cropsSql = (id: string) => `jsonb_build_array(
  jsonb_build_object('kind', 'square', 'width', 480, 'height', 480, 'key', 'images/2025/01/' || ${id} || '-square-1.webp'),
  jsonb_build_object('kind', 'card', 'width', 1200, 'height', 630, 'key', 'images/2025/01/' || ${id} || '-card-1.webp'))`;

/**
 * Inserts image rows (no files: the lists only read the rows) for `source`, a query answering
 * `id` (new image id), `owner` (owner id), `alt` and `k` (order). Each is framed as an upload
 * of today leaves it (issue 24: a 64-bit hash, two crops), so the measured server's start-up
 * framing sweep has nothing to do.
 */
const insertImages = (db: SqlRunner, ownerType: string, source: string) =>
  db.query(`
    with src as (${source})
    insert into images (id, owner_type, owner_id, file_key, mime_type, width, height, bytes,
                        placeholder, variants, alt_text, sort_order, phash, crops, created_at)
    select src.id, '${ownerType}', src.owner, 'images/2025/01/' || src.id || '.jpg', 'image/jpeg',
           1600, 1200, 240000 + (src.k * 7919) % 90000,
           (array['#6b8e5a','#806040','#3f6e8c','#b07a3a','#5d6b7a'])[1 + src.k % 5],
           ${variantsSql('src.id')}, left(src.alt, 100), src.k,
           left(md5(src.id::text), 16), ${cropsSql('src.id')}, now()
    from src`);

/**
 * The data set of every benchmark, loaded in bulk with `insert … select generate_series`
 * (100k itineraries in well under a minute on PostgreSQL):
 * - 10 countries (India first) with their real states / union territories / regions (67), ~230
 *   well-known places, and generated Indian town names ("Devgarh", "Ratanpuram" …) in Indian
 *   states up to `places` (default 10 000), each with a picture;
 * - place details for months 1..(n % 13) of each place (~6 per place: ~60 000 rows) with
 *   temperature, location, best time, a library for one in three and a cover for every other;
 * - `libraries` image libraries (default 5 000) × `imagesPerLibrary` image records (10: 50 000);
 * - `rows` itineraries: "<place> <theme> <n>" titles, ~600-character HTML descriptions, 3–10
 *   days, 2–4 FAQs on public ones (one in seven is private: none), one tour type in ten each (so
 *   "Honeymoon" matches ~10% of rows), a rare word (`SEARCH_TERMS.rare`) in 5 rows per 100 000,
 *   a library for one in three, 1–3 gallery images for half of them, one in nine inactive;
 * - `blogs` Travelpedia blogs (default 10 000, two thirds published) with ~1.5 kB of HTML, 2 tags
 *   and a cover;
 * - the homepage selection (6 places, 8 packages, 3 blogs).
 * Ids are UUIDv7-shaped (time-ordered, as the server makes them); newest = highest g. No VACUUM
 * ANALYZE: the caller runs it after any seeding of its own.
 */
export const seedCatalogue = async (db: SqlRunner, rows: number, sizes: SeedSizes = {}) => {
  const { places = 10_000, libraries = 5_000, imagesPerLibrary = 10, blogs = 10_000 } = sizes;
  const q = (text: string, params?: unknown[]) => db.query(text, params);
  const json = (value: unknown) => JSON.stringify(value);
  const int = (n: number) => {
    if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not a count: ${n}`);
    return n;
  };
  // UUIDv7 layout: 48 bits of milliseconds, version 7, 12 random bits, variant, 62 random bits.
  await q(`
    create or replace function bench_uuid7(ts timestamptz) returns uuid language sql volatile as $$
      select (lpad(to_hex((extract(epoch from ts) * 1000)::bigint), 12, '0') || '7'
              || substr(md5(random()::text), 1, 3) || to_hex(8 + floor(random() * 4)::int)
              || substr(md5(random()::text), 1, 15))::uuid $$`);

  const countries = SEED_COUNTRIES.map((c, i) => ({ name: c.name, short: c.shortName, ord: i }));
  const states = SEED_COUNTRIES.flatMap((c) =>
    Object.keys(c.states).map((name) => ({ country: c.name, name })),
  ).map((s, i) => ({ ...s, ord: i }));
  const named = SEED_COUNTRIES.flatMap((c) =>
    Object.entries(c.states).flatMap(([state, list]) =>
      list.map((name) => ({ country: c.name, state, name })),
    ),
  ).map((p, i) => ({ ...p, ord: i }));

  await q(
    `insert into countries (id, name, short_name, created_at, updated_at)
     select bench_uuid7(t), c.name, c.short, t, t
     from jsonb_to_recordset($1::jsonb) as c(name text, short text, ord int),
          lateral (select now() - interval '400 days' + c.ord * interval '1 minute' as t) s`,
    [json(countries)],
  );
  await q(
    `insert into states (id, country_id, name, created_at, updated_at)
     select bench_uuid7(t), c.id, s.name, t, t
     from jsonb_to_recordset($1::jsonb) as s(country text, name text, ord int)
     join countries c on c.name = s.country,
     lateral (select now() - interval '399 days' + s.ord * interval '1 minute' as t) x`,
    [json(states)],
  );
  await q(
    `insert into places (id, country_id, state_id, name, short_description, created_at, updated_at)
     select bench_uuid7(t), st.country_id, st.id, p.name,
            p.name || ', ' || st.name || ': sights, stays and the best months to go.', t, t
     from jsonb_to_recordset($1::jsonb) as p(country text, state text, name text, ord int)
     join countries c on c.name = p.country
     join states st on st.country_id = c.id and st.name = p.state,
     lateral (select now() - interval '398 days' + p.ord * interval '1 minute' as t) x`,
    [json(named)],
  );
  // Generated towns in the Indian states, round-robin, until `places` in all.
  await q(
    `with pre as (select array_agg(x) as a from jsonb_array_elements_text($1::jsonb) x),
          suf as (select array_agg(x) as a from jsonb_array_elements_text($2::jsonb) x),
          s as (select st.id, st.country_id, st.name,
                       row_number() over (order by st.created_at, st.id) - 1 as rn,
                       count(*) over () as n
                from states st join countries c on c.id = st.country_id where c.name = 'India'),
          need as (select greatest(0, ${int(places)} - (select count(*) from places)) as n)
     insert into places (id, country_id, state_id, name, short_description, created_at, updated_at)
     select bench_uuid7(t), s.country_id, s.id,
            pre.a[1 + k % cardinality(pre.a)] || suf.a[1 + (k / cardinality(pre.a)) % cardinality(suf.a)],
            'A small town in ' || s.name || ' with a weekly market and walks in the hills.', t, t
     from s, pre, suf, need, generate_series(0, 600) k,
          lateral (select now() - interval '390 days' + (k * s.n + s.rn) * interval '1 minute' as t) x
     where k * s.n + s.rn < need.n
     on conflict do nothing`,
    [json(TOWN_PREFIXES), json(TOWN_SUFFIXES)],
  );
  await insertImages(
    db,
    'place',
    `select bench_uuid7(now()) as id, id as owner, 'View of ' || name as alt, 0 as k from places`,
  );
  await insertImages(
    db,
    'country',
    `select bench_uuid7(now()) as id, id as owner, 'Flag of ' || name as alt, 0 as k from countries`,
  );

  await q(
    `with p as (select name, row_number() over (order by created_at, id) as rn from places),
          m as (select array_agg(x) as a from jsonb_array_elements_text($1::jsonb) x)
     insert into image_libraries (id, title, description, month, status, created_at, updated_at)
     select bench_uuid7(t),
            p.name || ' – ' || (array['monsoon','winter','summer','festival','sunrise','street'])[1 + g % 6]
              || ' shoot ' || g,
            'Photos of ' || p.name || ' by our team: landscapes, stays, food and people.',
            m.a[1 + g % cardinality(m.a)],
            case when g % 10 = 0 then 'inactive' else 'active' end, t, t
     from generate_series(1, ${int(libraries)}) g
     join p on p.rn = 1 + (g * 31) % (select count(*) from places)
     cross join m,
     lateral (select now() - interval '380 days' + g * interval '1 hour' as t) x`,
    [json(LIBRARY_MONTHS)],
  );
  await insertImages(
    db,
    'image-library',
    `select bench_uuid7(l.created_at) as id, l.id as owner, l.title || ', photo ' || (k + 1) as alt, k
     from image_libraries l, generate_series(0, ${int(imagesPerLibrary) - 1}) k`,
  );

  await q(
    `with p as (select *, row_number() over (order by created_at, id) as rn from places),
          l as (select id, row_number() over (order by created_at, id) as rn from image_libraries),
          codes as (select array_agg(x->>'code' order by o) as a,
                           array_agg(x->>'name' order by o) as names
                    from jsonb_array_elements($1::jsonb) with ordinality as e(x, o))
     insert into place_details (id, country_id, state_id, place_id, month, description,
                                image_library_id, temperature, location, best_time_to_visit, status,
                                created_at, updated_at)
     select bench_uuid7(t), p.country_id, p.state_id, p.id, codes.a[m],
            '<p>' || p.name || ' in ' || codes.names[m] || ': ' ||
            (array['clear skies and cool evenings','warm days by the water','rain on the hills and green valleys',
                   'festival season in the old town'])[1 + (p.rn + m) % 4] ||
            '.</p><ul><li>Pack light woollens</li><li>Book stays early</li></ul>',
            l.id,
            jsonb_build_object('min', 4 + (p.rn + m) % 15, 'max', 20 + (p.rn + m) % 15),
            jsonb_build_object('latitude', 8 + (p.rn % 2700) / 100.0,
                               'longitude', 68 + (p.rn % 2900) / 100.0, 'address', p.name),
            jsonb_build_object('fromMonth', 'OCT', 'toMonth', 'MAR', 'note', 'Cool and dry'),
            case when (p.rn + m) % 11 = 0 then 'inactive' else 'active' end, t, t
     from p cross join codes cross join generate_series(1, 12) m
     left join l on (p.rn + m) % 3 = 0
                and l.rn = 1 + (p.rn * 7 + m) % greatest(1, (select count(*) from image_libraries))
     cross join lateral (select now() - interval '300 days'
                                + (p.rn * 12 + m) * interval '20 seconds' as t) x
     where m <= p.rn % 13`,
    [json(MONTHS)],
  );
  await insertImages(
    db,
    'place-details-cover',
    `select bench_uuid7(d.created_at) as id, d.id as owner, 'Cover of ' || d.month as alt, 0 as k
     from place_details d where (hashtext(d.id::text) & 1) = 0`,
  );

  // Itineraries: places and libraries picked by row number; newest = highest g.
  await q(
    `with p as (select id, name, state_id, country_id, row_number() over (order by created_at, id) as rn
                from places),
          l as (select id, row_number() over (order by created_at, id) as rn from image_libraries),
          np as (select count(*) as n from places),
          nl as (select greatest(1, count(*)) as n from image_libraries),
          th as (select array_agg(x) as a from jsonb_array_elements_text($1::jsonb) x),
          ty as (select array_agg(x) as a from jsonb_array_elements_text($2::jsonb) x)
     insert into itineraries (
       id, title, duration, type, group_size, languages, price_per_person, visibility,
       image_library_id, months, description, meta_title, meta_description,
       country_id, state_id, place_id, daily_itinerary, faqs, is_active, created_at, updated_at)
     select
       bench_uuid7(t),
       p.name || ' ' || th.a[1 + (g / 16) % 16] || ' ' || g,
       (3 + g % 8) || ' Days / ' || (2 + g % 8) || ' Nights',
       ty.a[1 + g % 10],
       1 + g % 20,
       case g % 3 when 0 then array['English','Hindi'] when 1 then array['English','French']
                  else array['Hindi','Arabic'] end,
       5000 + (g * 37) % 200000,
       case when g % 7 = 0 then 'private' else 'public' end,
       l.id,
       case g % 3 when 0 then array['JAN','FEB'] when 1 then array['OCT','NOV','DEC']
                  else array['MAR','APR','MAY'] end,
       '<p>Discover ' || (array['misty hills','quiet beaches','old forts','spice markets',
                                 'river ghats','tea gardens'])[1 + g % 6]
         || ' around ' || p.name || ' with local guides, comfortable stays and '
         || '<strong>hand-picked</strong> experiences.</p>'
         || '<ul><li>Airport pick-up and drop</li><li>Daily breakfast and dinner</li>'
         || '<li>Sightseeing by private car</li><li>All permits and taxes</li></ul>'
         || '<p>Best enjoyed in small groups; ideal for families, couples and solo travellers '
         || 'who like slow travel, regional food and evenings by the fire.'
         || case when g % 20000 = 7 then ' Ride a ${SEARCH_TERMS.rare} at dawn.' else '' end || '</p>',
       case when g % 7 = 0 then '' else p.name || ' ' || th.a[1 + (g / 16) % 16] || ' tour' end,
       case when g % 7 = 0 then '' else (3 + g % 8) || ' days around ' || p.name
                                        || ' with stays, transfers and a local guide.' end,
       p.country_id, p.state_id, p.id,
       (select jsonb_agg(jsonb_build_object('title', 'Day ' || d || ': ' || (plan->>0),
                                            'description', plan->>1) order by d)
        from generate_series(1, 3 + g % 8) d,
             lateral (select $3::jsonb -> (case when d = 1 then 0 when d = 3 + g % 8 then 8
                                                else 1 + (d + g) % 7 end) as plan) pl),
       case when g % 7 = 0 then '[]'::jsonb
            else (select jsonb_agg(jsonb_build_object('question', f->>0, 'answer', f->>1) order by o)
                  from jsonb_array_elements($4::jsonb) with ordinality as e(f, o)
                  where o <= 2 + g % 3) end,
       g % 9 <> 0,
       t, t
     from generate_series(1, ${int(rows)}) g
     cross join np cross join nl cross join th cross join ty
     join p on p.rn = 1 + (g::bigint * 7919) % np.n
     left join l on g % 3 = 0 and l.rn = 1 + g % nl.n
     cross join lateral (select now() - (${int(rows)} - g) * interval '1 minute' as t) x`,
    [json(ITINERARY_THEMES), json(TOUR_TYPES), json(DAY_PLANS), json(FAQS)],
  );
  await insertImages(
    db,
    'itinerary-gallery',
    `select bench_uuid7(i.created_at) as id, i.id as owner, 'Photo of ' || i.title as alt, k
     from itineraries i, generate_series(0, 2) k
     where (hashtext(i.id::text) & 1) = 0 and k <= abs(hashtext(i.id::text) % 3)`,
  );

  await q(
    `with p as (select *, row_number() over (order by created_at, id) as rn from places),
          np as (select count(*) as n from places),
          ti as (select array_agg(x) as a from jsonb_array_elements_text($1::jsonb) x),
          tg as (select array_agg(x) as a from jsonb_array_elements_text($2::jsonb) x)
     insert into place_blogs (id, title, slug, country_id, state_id, place_id, excerpt, content,
                              tags, tags_text, meta_title, meta_description, status, published_at,
                              created_at, updated_at)
     select bench_uuid7(t), b.title,
            trim(both '-' from lower(regexp_replace(b.title, '[^A-Za-z0-9]+', '-', 'g'))) || '-' || g,
            p.country_id, p.state_id, p.id,
            'What to see, eat and skip in ' || p.name || ', from people who go there every season.',
            '<h2>Why ' || p.name || '</h2><p>' || p.name || ' rewards slow travel: mornings in the '
              || 'markets, afternoons on foot through the old lanes and long dinners.</p>'
              || '<h3>Getting there</h3><p>The nearest airport is a few hours away by road; trains '
              || 'run daily from the state capital. Book a window seat.</p>'
              || '<h3>Where to stay</h3><ul><li>Heritage homestays near the centre</li>'
              || '<li>Boutique hotels on the edge of town</li><li>Camps for the adventurous</li></ul>'
              || '<h3>What to eat</h3><p>Regional thalis, street snacks by the bus stand and sweets '
              || 'from the oldest shop in the bazaar.</p><blockquote>Go early, stay late.</blockquote>',
            array[tg.a[1 + g % 12], tg.a[1 + (g + 1 + (g / 12) % 11) % 12]],
            tg.a[1 + g % 12] || ' ' || tg.a[1 + (g + 1 + (g / 12) % 11) % 12],
            b.title, 'A guide to ' || p.name || ': sights, food and stays.',
            case when g % 3 = 0 then 'draft' else 'published' end,
            case when g % 3 = 0 then null else t end,
            t, t
     from generate_series(1, ${int(blogs)}) g
     cross join np cross join ti cross join tg
     join p on p.rn = 1 + (g * 13) % np.n
     cross join lateral (select ti.a[1 + g % cardinality(ti.a)] || ' ' || p.name as title) b
     cross join lateral (select now() - interval '200 days' + g * interval '20 minutes' as t) x`,
    [json(BLOG_TITLES), json(BLOG_TAGS)],
  );
  await insertImages(
    db,
    'blog-cover',
    `select bench_uuid7(b.created_at) as id, b.id as owner, 'Cover: ' || b.title as alt, 0 as k
     from place_blogs b`,
  );

  // The homepage: 6 named places, 8 newest active public itineraries, 3 newest published blogs.
  await q(`insert into homepage_settings (id, is_active) values (1, true) on conflict do nothing`);
  await q(`
    insert into homepage_destinations (place_id, position)
    select id, row_number() over (order by created_at, id) from places
    order by created_at, id limit 6`);
  await q(`
    insert into homepage_packages (itinerary_id, display_order)
    select id, row_number() over (order by created_at desc, id desc) from itineraries
    where is_active and visibility = 'public' order by created_at desc, id desc limit 8`);
  await q(`
    insert into homepage_blogs (blog_id, position)
    select id, row_number() over (order by created_at desc, id desc) from place_blogs
    where status = 'published' order by created_at desc, id desc limit 3`);
  await q('drop function bench_uuid7(timestamptz)');
};

/**
 * `count` sign-in accounts `bench-signin-<k>@example.com` (k = 1..count) sharing one password hash,
 * in a role of their own with no permissions: the login scenario rotates through them so no
 * account sees more than one attempt at a time (the per-account throttle allows 5 in a window).
 */
/**
 * Issue 23: the content-quality codes of every seeded row, computed by the server's own sweep
 * (modules/quality) before the measurement, as an upgraded server's start-up sweep would have
 * left them; otherwise the benchmarked server would sweep 100k rows while it is measured.
 */
export const sweepQuality = (db: Database) =>
  createQualityService({
    db,
    ownOrigins: [],
    log: { info: () => undefined, error: () => undefined },
  }).sweep({ batchSize: 2000 });

/**
 * `seedCatalogue` with `rows` itineraries, their quality codes (`sweepQuality`), then VACUUM
 * ANALYZE (what autovacuum does after a bulk load): the milliseconds it took.
 */
export const seedAnalyzed = (handle: { pool: SqlRunner; db: Database }, rows: number) =>
  time(async () => {
    await seedCatalogue(handle.pool, rows);
    await sweepQuality(handle.db);
    await handle.pool.query('vacuum analyze');
  });

export const seedSignInAccounts = async (db: SqlRunner, count: number, passwordHash: string) => {
  await db.query(
    `insert into user_types (id, name, description, permissions)
     values (gen_random_uuid(), 'Bench sign-in', 'Accounts the benchmark signs in with', '{}')`,
  );
  await db.query(
    `insert into admin_users (id, name, email, password_hash, user_type_id)
     select gen_random_uuid(), 'Bench User ' || k, 'bench-signin-' || k || '@example.com', $1,
            (select id from user_types where name = 'Bench sign-in')
     from generate_series(1, $2::int) k`,
    [passwordHash, count],
  );
};
export const signInEmail = (k: number) => `bench-signin-${k}@example.com`;

const serverVersion = async (pool: Pool) =>
  (await pool.query<{ server_version: string }>('show server_version')).rows[0]?.server_version ??
  '?';

const TABLE_HEADER = [
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

/**
 * The head of a results table: what was measured (`what`: 'Dashboard: 100000 itineraries') on
 * which server and Node, the reference round trip (`select 1`, measured now: `refP50` is the
 * ratio column's unit) and the column titles.
 */
export const tableHead = async (pool: Pool, what: string, seedMs: number, runs: number) => {
  const ref = await measure(() => pool.query('select 1'), runs);
  const refP50 = pct(ref.serial, 50);
  const lines = [
    `${what} (seeded in ${f1(seedMs / 1000)} s), ${runs} runs per column, PostgreSQL ${await serverVersion(pool)}, Node ${process.version}`,
    '',
    `Reference: \`select 1\` round trip p50 ${f1(refP50)} ms, p95 ${f1(pct(ref.serial, 95))} ms`,
    '',
    ...TABLE_HEADER,
  ];
  return { refP50, lines };
};

export interface CapturedQuery {
  sql: string;
  params: unknown[];
}

/**
 * A drizzle database on `client` (a node-postgres pool, or a PGlite) that records every query it
 * sends into `captured`.
 */
export const captureQueries = (client: Pool | PGlite) => {
  const captured: CapturedQuery[] = [];
  const logger = { logQuery: (sql: string, params: unknown[]) => captured.push({ sql, params }) };
  const db = (
    'totalCount' in client
      ? drizzlePg({ client, schema, logger })
      : drizzlePglite({ client, schema, logger })
  ) as Database;
  return { captured, db };
};

/**
 * Runs `run` on a capturing database (see {@link captureQueries}) and answers Markdown with the
 * `EXPLAIN (ANALYZE, BUFFERS)` of every statement it sent (`only` picks which), executed through
 * `runner` (the same database; a pool client to keep session settings).
 */
export const explainCaptured = async (
  runner: SqlRunner,
  capture: ReturnType<typeof captureQueries>,
  title: string,
  run: (db: Database) => Promise<unknown>,
  only: (query: CapturedQuery) => boolean = () => true,
) => {
  capture.captured.length = 0;
  await run(capture.db);
  const out: string[] = [];
  for (const [k, query] of capture.captured.filter(only).entries()) {
    // A statement that is itself an EXPLAIN (a planner estimate) is shown as it answered.
    const isExplain = /^\s*explain/i.test(query.sql);
    const result = (await runner.query(
      isExplain ? query.sql : `explain (analyze, buffers) ${query.sql}`,
      query.params,
    )) as { rows: Record<string, unknown>[] };
    out.push(
      `## ${title} — query ${k + 1}`,
      '',
      '```sql',
      query.sql,
      '```',
      `params: ${JSON.stringify(query.params)}`,
      '',
      '```',
      ...result.rows.map((r) => {
        const plan = Object.values(r)[0];
        return typeof plan === 'string' ? plan : JSON.stringify(plan, null, 1);
      }),
      '```',
      '',
    );
  }
  return out.join('\n');
};

/** Writes `<prefix>-<stamp>.md` (the table) and `<prefix>-<stamp>-plans.md` under bench/results/. */
export const saveResults = async (prefix: string, table: string, plans: string) => {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  await mkdir(resultsDir, { recursive: true });
  await writeFile(join(resultsDir, `${prefix}-${stamp}.md`), `${table}\n`);
  await writeFile(join(resultsDir, `${prefix}-${stamp}-plans.md`), plans);
  console.log(`Results and plans: ${join(resultsDir, `${prefix}-${stamp}*.md`)}`);
};

/** A photo-like 4000×3000 JPEG (blurred noise: as costly to encode as a real photo). */
export const makePhoto = () =>
  sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: { r: 90, g: 140, b: 200 },
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .blur(0.8)
    .jpeg({ quality: 92 })
    .toBuffer();

/**
 * The upload budget's reference ("sharp doing the same resize alone"): the spec's outputs of a
 * JPEG made the plain way, each variant decoded from the JPEG on its own (auto-rotate, re-encode,
 * the WebP variants, the dominant colour), with the same thread and job settings as the server;
 * no HTTP, disk or database. The pipeline itself makes more (crops, a hash) from one decode: see
 * {@link pipelineAlone}.
 */
export const sharpAlone = async (buffer: Buffer) => {
  configureSharp();
  const run = createLimiter(SHARP_JOBS);
  const input = () => sharp(buffer, { failOn: 'error', limitInputPixels: 40_000_000 }).autoOrient();
  const [, ...variants] = await Promise.all([
    run(() => encodeOriginal(input(), 'image/jpeg').toBuffer()),
    ...variantWidths(4000).map((w) =>
      run(() =>
        input().resize({ width: w, withoutEnlargement: true }).webp(VARIANT_WEBP).toBuffer(),
      ),
    ),
  ]);
  await run(() => sharp(variants[0]).stats());
};

/**
 * The upload pipeline's whole work on a JPEG in this process (`createImagePipeline().process`:
 * the sniff, the checks and every sharp output, crops and hash included), so the upload's time
 * over it is what HTTP, the image process, disk and database add.
 */
export const pipelineAlone = (() => {
  let pipeline: ReturnType<typeof createImagePipeline> | null = null;
  return (buffer: Buffer) => (pipeline ??= createImagePipeline()).process(buffer);
})();

/** The built server (`npm run build` makes it). */
export const serverMain = join(repoRoot, 'apps', 'server', 'dist', 'main.js');

export interface StartedServer {
  origin: string;
  child: ChildProcess;
  /** SIGTERM, then the process's exit (SIGKILL after 20 s). */
  stop(): Promise<void>;
}

/**
 * Starts `node apps/server/dist/main.js` (with SERVER_NODE_ARGS) on 127.0.0.1:`port` with
 * DATA_DIR `dataDir`, the scheduler off and warnings-only logs (plus `env`), and resolves once it
 * says it is running.
 */
export const startBuiltServer = async ({
  dataDir,
  port,
  env = {},
  nodeArgs = [],
}: {
  dataDir: string;
  port: number;
  env?: Record<string, string>;
  /** Options for node itself, e.g. `--cpu-prof`. */
  nodeArgs?: string[];
}): Promise<StartedServer> => {
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, ...nodeArgs, serverMain], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SCHEDULER_INTERVAL_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    child.stdout.on('data', (chunk: Buffer) => {
      // BENCH_SERVER_STDOUT=1: the server's output too (e.g. `--trace-gc` lines).
      if (process.env.BENCH_SERVER_STDOUT === '1') process.stdout.write(chunk);
      if (chunk.toString().includes('is running at')) resolve();
    });
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    child,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
    },
  };
};

/**
 * Memory of a process and all its descendants (the server and the embedded PostgreSQL it runs),
 * from /proc (Linux): PSS counts shared memory once, RSS summed counts it in every process.
 */
export const processTreeMemory = (rootPid: number) => {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const tree: number[] = [];
  for (const queue = [rootPid]; queue.length > 0;) {
    const pid = queue.shift() as number;
    tree.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  let pssKiB = 0;
  let rssKiB = 0;
  let rootPssKiB = 0;
  let imagesPssKiB = 0;
  for (const pid of tree) {
    try {
      const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
      const pss = Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
      pssKiB += pss;
      const cmdline = pid === rootPid ? '' : readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      // The server: the process started and its HTTP workers (ops/workers.ts, the same entry).
      if (pid === rootPid || cmdline.includes(serverMain)) rootPssKiB += pss;
      else if (cmdline.includes('image-worker')) imagesPssKiB += pss;
      rssKiB += Number(/^Rss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
    } catch {
      // gone meanwhile
    }
  }
  return {
    processes: tree.length,
    pssMiB: Math.round(pssKiB / 1024),
    /** The server's processes (with its HTTP workers); the rest: the database and images. */
    serverPssMiB: Math.round(rootPssKiB / 1024),
    /** The image process (media/image-process.ts), 0 when it is not running. */
    imagesPssMiB: Math.round(imagesPssKiB / 1024),
    rssMiB: Math.round(rssKiB / 1024),
  };
};

/** Issue 22's day fields, as a save without them stores them. */
const BENCH_DAY = {
  placeIds: [],
  meals: [],
  stay: '',
  transfer: '',
  imageId: null,
} satisfies Partial<ItineraryInputData['dailyItinerary'][number]>;

/** The itinerary both benchmarks create: a unique title, the place chosen by the caller. */
export const benchItinerary = (
  title: string,
  where: { countryId: string; stateId: string; placeId: string },
): ItineraryInputData => ({
  title,
  duration: '5 Days / 4 Nights',
  type: 'Beach',
  groupSize: 4,
  languages: ['English'],
  pricePerPerson: 25000,
  visibility: 'public',
  imageLibraryId: null,
  months: ['JAN'],
  description: '<p>Sun, sand and <strong>seafood</strong>.</p>',
  metaTitle: 'Beach break',
  metaDescription: 'Five days by the sea',
  ...where,
  dailyItinerary: [
    { ...BENCH_DAY, title: 'Day 1', description: 'Arrive', transfer: 'Airport pick-up' },
    { ...BENCH_DAY, title: 'Day 2', description: 'Beach', meals: ['breakfast', 'dinner'] },
  ],
  faqs: [{ question: 'Meals?', answer: 'Breakfast' }],
  isActive: true,
});

export const apiSignIn = async (origin: string, email: string, password: string) => {
  const res = await fetch(`${origin}${API_PATHS.auth.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ data: { email, password } }),
  });
  const body = (await res.json()) as { data?: { token?: string } };
  if (res.status !== 200 || !body.data?.token) throw new Error(`sign-in answered ${res.status}`);
  return body.data.token;
};

/**
 * The upload budget: `runs` timings of "sharp alone" and of the pipeline (both in this process), and of the same JPEG
 * uploaded to POST /image-libraries through real HTTP (one at a time, after a warm-up of each),
 * then /api/health called back to back on the idle server and during one more upload.
 */
export const measureUpload = async (origin: string, token: string, runs: number) => {
  const photo = await makePhoto();
  await sharpAlone(photo); // warm-up
  await pipelineAlone(photo);
  const alone: number[] = [];
  const pipeline: number[] = [];
  for (let i = 0; i < runs; i++) {
    alone.push(await time(() => sharpAlone(photo)));
    pipeline.push(await time(() => pipelineAlone(photo)));
  }

  const upload = () =>
    time(async () => {
      const form = new FormData();
      form.append('title', 'Bench upload');
      form.append('images', new Blob([photo], { type: 'image/jpeg' }), 'photo.jpg');
      form.append('altTexts[0]', 'bench photo');
      const res = await fetch(`${origin}${API_PATHS.imageLibraries.base}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      await res.arrayBuffer();
      if (res.status !== 201) throw new Error(`upload answered ${res.status}`);
    });
  const health = () =>
    time(async () => {
      await (await fetch(`${origin}${API_PATHS.health}`)).arrayBuffer();
    });

  await upload(); // warm-up
  const uploads: number[] = [];
  for (let i = 0; i < runs; i++) uploads.push(await upload());
  const idle: number[] = [];
  for (let i = 0; i < 200; i++) idle.push(await health());
  const during: number[] = [];
  let done = false;
  const poll = (async () => {
    while (!done) during.push(await health());
  })();
  const uploadMs = await upload();
  done = true;
  await poll;
  return { photoBytes: photo.length, alone, pipeline, uploads, idle, during, uploadMs };
};

// ── compression cost ─────────────────────────────────────────────────────────────────────────

export const COMPRESSION_RUNS = 200;

export interface CompressionCost {
  name: string;
  /** The plain answer. */
  bytes: number;
  /** What the server sends (its quality / level), and the CPU one compression takes. */
  brotli: { bytes: number; ms: number };
  gzip: { bytes: number; ms: number };
  /** The alternatives measured beside them. */
  candidates: { label: string; bytes: number; ms: number }[];
}

const compressCost = (compress: () => Buffer) => {
  let bytes = 0;
  const times: number[] = [];
  for (let i = 0; i < COMPRESSION_RUNS; i++) {
    const start = process.hrtime.bigint();
    bytes = compress().length;
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return { bytes, ms: Math.round(pct(times, 50) * 100) / 100 };
};

/**
 * Fetches each request's answer once, plain, and times compressing it in this process, one call
 * each as the server does for answers up to its sync threshold: the server's brotli quality and
 * gzip level, and the alternatives (brotli 1–5, gzip 1).
 */
export const measureCompression = async (
  origin: string,
  scenarios: { name: string; requests: { path?: string; headers?: Record<string, unknown> }[] }[],
): Promise<CompressionCost[]> => {
  const out: CompressionCost[] = [];
  for (const s of scenarios) {
    const request = s.requests[0];
    if (!request?.path) continue;
    const res = await fetch(`${origin}${request.path}`, {
      headers: {
        authorization: String(request.headers?.authorization),
        'accept-encoding': 'identity',
      },
    });
    const body = Buffer.from(await res.arrayBuffer());
    const br = (q: number) => () => brotliCompressSync(body, { params: brotliParams(q) });
    const gz = (level: number) => () => gzipSync(body, { level });
    out.push({
      name: s.name,
      bytes: body.length,
      brotli: compressCost(br(BROTLI_QUALITY)),
      gzip: compressCost(gz(GZIP_LEVEL)),
      candidates: [
        ...[1, 2, 3, 4, 5].map((q) => ({ label: `br q${q}`, ...compressCost(br(q)) })),
        { label: 'gzip 1', ...compressCost(gz(1)) },
      ],
    });
  }
  return out;
};
