import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listActivities } from '../modules/activity/activity.repo.js';
import { listBlogs } from '../modules/blogs/blogs.repo.js';
import { listCountries, listPlaces, listStates } from '../modules/geography/geography.repo.js';
import { listLibraries } from '../modules/image-libraries/image-libraries.repo.js';
import { listItineraries } from '../modules/itineraries/itineraries.repo.js';
import { listScheduled } from '../modules/marketing/marketing.repo.js';
import { listPlaceDetails } from '../modules/place-details/place-details.repo.js';
import { makeCountry } from '../test/factories.js';
import { openTestDatabase } from '../test/harness.js';
import { rowsOf, type Database, type DatabaseHandle } from './client.js';
import { TRIGRAM_PENDING_LIST_KB } from './schema/columns.js';
import * as schema from './schema/index.js';
import { containsPattern } from './search.js';

interface Sent {
  sql: string;
  params: unknown[];
}

/**
 * Every search must be answered by its trigram index: the searched expression of each repository
 * is exactly the indexed one (a `lower(…)` that differs by a column or a cast would silently turn
 * every keystroke into a scan). The lists run on a database that logs what they send; each
 * searching statement is then planned with sequential and plain index scans switched off, which
 * leaves a bitmap scan of a matching trigram index as the only way not to scan the table.
 *
 * States, places and place details OR their own name (month) with "or its parent's name
 * matches" (`… or parent_id in (select …)`): an OR with a sub-select is no index condition, so
 * those tables are walked newest first and filtered (65 states, 10k places: 18 ms p95 in the
 * benchmark), while the parents' names inside come from their trigram indexes — checked here.
 */
describe('searches use their trigram indexes', () => {
  let database: DatabaseHandle;
  let logged: Database;
  const sent: Sent[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    const logger = {
      logQuery: (text: string, params: unknown[]) => sent.push({ sql: text, params }),
    };
    const client = (database.db as unknown as { $client: pg.Pool | PGlite }).$client;
    logged = (database.driver === 'postgres'
      ? drizzlePg({ client: client as pg.Pool, schema, logger })
      : drizzlePglite({ client: client as PGlite, schema, logger })) as unknown as Database;
    await makeCountry(database.db, { name: 'Search Kerala' });
  });
  afterAll(() => database.close());

  /** The index names in the plan of `text` with only bitmap scans left to the planner. */
  const indexesOf = async ({ sql: text, params }: Sent): Promise<string[]> => {
    const client = (database.db as unknown as { $client: pg.Pool | PGlite }).$client;
    const settings =
      'set local enable_seqscan = off; set local enable_indexscan = off; set local enable_indexonlyscan = off';
    const explain = `explain (format json) ${text}`;
    let plan: unknown;
    if (database.driver === 'postgres') {
      const connection = await (client as pg.Pool).connect();
      try {
        await connection.query('begin');
        await connection.query(settings);
        plan = (await connection.query(explain, params)).rows[0]?.['QUERY PLAN'];
      } finally {
        await connection.query('rollback');
        connection.release();
      }
    } else {
      plan = await (client as PGlite).transaction(async (tx) => {
        await tx.exec(settings);
        const result = await tx.query<Record<string, unknown>>(explain, params);
        return result.rows[0]?.['QUERY PLAN'];
      });
    }
    const json = typeof plan === 'string' ? plan : JSON.stringify(plan);
    return [...json.matchAll(/"Index Name":\s*"([^"]+)"/g)].map((m) => m[1] ?? '');
  };

  const cases: [string, (db: Database, search: string) => Promise<unknown>, string[]][] = [
    [
      'itineraries',
      (db, search) => listItineraries(db, { search }, { page: 1, limit: 10 }),
      ['itineraries_search_trgm_idx'],
    ],
    [
      'countries',
      (db, search) => listCountries(db, { page: 1, limit: 10, search }),
      ['countries_name_trgm_idx'],
    ],
    [
      'states (their countries)',
      (db, search) => listStates(db, { page: 1, limit: 10, search }),
      ['countries_name_trgm_idx'],
    ],
    [
      'places (their states and countries)',
      (db, search) => listPlaces(db, { page: 1, limit: 10, search }),
      ['states_name_trgm_idx', 'countries_name_trgm_idx'],
    ],
    [
      'place details (their places)',
      (db, search) => listPlaceDetails(db, { page: 1, limit: 10, search }),
      ['places_name_trgm_idx'],
    ],
    [
      'blogs',
      (db, search) => listBlogs(db, { page: 1, limit: 10, search }),
      ['place_blogs_search_trgm_idx'],
    ],
    [
      'image libraries',
      (db, search) => listLibraries(db, { page: 1, limit: 10, search }),
      ['image_libraries_search_trgm_idx'],
    ],
    [
      'admin activities',
      (db, search) => listActivities(db, { page: 1, limit: 10, search }),
      ['admin_activities_search_idx'],
    ],
    [
      'scheduled notifications',
      (db, search) => listScheduled(db, { page: 1, limit: 10, search }),
      ['scheduled_notifications_search_idx'],
    ],
  ];

  it.each(cases)('%s', async (_name, list, expected) => {
    sent.length = 0;
    // Mixed case on purpose: the pattern is lower-cased by the database, not by the caller.
    await list(logged, 'KeRaLa');
    const searching = sent.filter((s) => / like lower\(/.test(s.sql));
    expect(searching.length).toBeGreaterThan(0);
    expect(searching.some((s) => s.params.includes(containsPattern('KeRaLa')))).toBe(true);
    const used = new Set((await Promise.all(searching.map(indexesOf))).flat());
    for (const name of expected) expect([...used], JSON.stringify(searching)).toContain(name);
  });

  it('sends a search unprepared, so it is planned for its own term (PostgreSQL)', async () => {
    // A named statement may switch to a generic plan after five runs, and the generic plan of
    // `like $1` walks the newest-first btree: a rare term then reads the whole table.
    if (database.driver !== 'postgres') return;
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    const named: string[] = [];
    const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
    const spy = (...args: unknown[]) => {
      const config = args[0] as { name?: string; text?: string } | string;
      if (typeof config === 'object' && config.name) named.push(config.text ?? '');
      return query(...args);
    };
    (pool as unknown as { query: typeof spy }).query = spy;
    try {
      for (const search of ['kerala', 'goa', 'munnar', 'a', 'ladakh', 'kettuvallam', 'x']) {
        await listItineraries(database.db, { search }, { page: 1, limit: 10 });
      }
      await listItineraries(database.db, { search: '' }, { page: 1, limit: 10 });
    } finally {
      (pool as unknown as { query: unknown }).query = query;
    }
    // The unfiltered page is prepared (so the spy sees named statements), no search is.
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((text) => / like /.test(text))).toEqual([]);
  });

  it("keeps every trigram index's pending list short, so a day of edits does not slow searches", async () => {
    // Every trigram index is built by schema/columns.ts `trigramIndex` (a new one without it
    // would keep PostgreSQL's 4 MB list, which every search reads whole until a vacuum).
    const indexes = rowsOf(
      await database.db.execute(sql`
        select c.relname as name, coalesce(array_to_string(c.reloptions, ','), '') as options
        from pg_index i join pg_class c on c.oid = i.indexrelid
        where exists (select 1 from pg_opclass o
          where o.oid = any(i.indclass::oid[]) and o.opcname = 'gin_trgm_ops')
        order by 1`),
    );
    expect(indexes.length).toBeGreaterThanOrEqual(10);
    for (const { name, options } of indexes) {
      expect(options, String(name)).toContain(`gin_pending_list_limit=${TRIGRAM_PENDING_LIST_KB}`);
    }

    // Rows with long text (~900 characters of distinct words each) land in the pending list;
    // what is still pending after 40 of them is at most the limit (32 pages of 8 kB), where the
    // default would hold them all (~80 pages). gin_clean_pending_list answers the pages it merged.
    const pending = async () =>
      Number(
        rowsOf(
          await database.db.execute(
            sql`select gin_clean_pending_list('countries_name_trgm_idx'::regclass) as pages`,
          ),
        )[0]?.pages,
      );
    await pending();
    for (let i = 0; i < 40; i++) {
      const words = Array.from({ length: 150 }, (_, j) =>
        ((i + 1) * 7919 + j * 104729).toString(36),
      );
      await makeCountry(database.db, { name: `Pending ${i} ${words.join(' ')}` });
    }
    expect(await pending()).toBeLessThanOrEqual(TRIGRAM_PENDING_LIST_KB / 8);
  });

  it('matches case-insensitively, and the pattern characters of the term literally', async () => {
    const { rows } = await listCountries(database.db, { page: 1, limit: 10, search: 'kERALA' });
    expect(rows.map((r) => r.name)).toContain('Search Kerala');
    await makeCountry(database.db, { name: 'Search 50%_off' });
    const literal = await listCountries(database.db, { page: 1, limit: 10, search: '50%_' });
    expect(literal.rows.map((r) => r.name)).toEqual(['Search 50%_off']);
    const none = await listCountries(database.db, { page: 1, limit: 10, search: '5_%' });
    expect(none.rows).toEqual([]);
  });
});
