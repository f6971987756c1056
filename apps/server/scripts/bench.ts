/**
 * The benchmark of PERFORMANCE.md through the real server:
 *
 *   npm run build            # first: the bench runs apps/server/dist and serves apps/web/dist
 *   npm run bench -- [--db=embedded|pglite|postgres] [--rows N] [--duration S] [--only a,b] [--no-web]
 *                    [--no-compress] [--publish] [--republish bench/results/<run>.json]
 *
 * 1. Makes its own DATA_DIR (a temp dir) and, with `--db=postgres`, its own database on
 *    TEST_DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/test), dropped at the
 *    end. Migrates it, creates the first super admin as the server would, and fills it with the
 *    data set of `seedCatalogue` (bench-lib.ts) with `--rows` itineraries (default 100 000 on
 *    PostgreSQL, 10 000 embedded: the PGlite budget is at 10k) plus 50 sign-in accounts, then
 *    VACUUM ANALYZE and (PostgreSQL) CHECKPOINT, so the load's write-back is not measured.
 * 2. Starts `node apps/server/dist/main.js` on it (PORT, DATA_DIR, DATABASE_URL, ADMIN_EMAIL /
 *    ADMIN_PASSWORD, SCHEDULER_INTERVAL_MS=0, LOG_LEVEL=warn, API_RATE_LIMIT_MAX high: all the
 *    load comes from one address), warms it up, and runs the autocannon scenarios, each
 *    `--duration` seconds (default 10) at 10 connections after a 2-second warm-up of its own:
 *    `/api/health` (the reference every ratio is against), itinerary list page 1, common and rare
 *    search (each also as a browser asks, `Accept-Encoding: br, gzip`: "…, br"; `--no-compress`
 *    leaves those out), page 1000, the other lists (image libraries, places, place details,
 *    blogs), the homepage GET, the dashboard, create itinerary, update itinerary (If-Match, its
 *    revision written: every seeded itinerary has 10 revisions, issue 21), login (with
 *    `/api/health` timed alongside), and the upload of a 4000×3000 JPEG against sharp doing the
 *    same work alone. Then, in-process on the same database, what writing a revision adds to an
 *    update (bench-revisions.ts: an interleaved A/B, budget 2 ms p95; `--only revision`).
 * 3. Measures the web budgets in Chromium (e2e/bench/web-budgets.spec.ts) against that server.
 * 4. Stops the server and saves the EXPLAIN (ANALYZE, BUFFERS) of every list and search query
 *    the services send, captured by running them on the same database.
 * 5. Writes bench/results/bench-<db>-<rows>-<stamp>.{md,json} and …-plans.md (git-ignored);
 *    with `--publish` also bench/results.json and bench/RESULTS.md (committed: the latest run of
 *    each database and size; `--republish <run.json>` publishes a saved run without running).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, platform, release, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { API_PATHS } from '@safarnama/contract';
import { openPglite, openPostgres, type Database, type DatabaseHandle } from '../src/db/client.js';
import { findBinaries, openEmbeddedCluster } from '../src/db/embedded-postgres.js';
import { createPasswordHasher } from '../src/lib/password.js';
import { createImagePipeline } from '../src/media/pipeline.js';
import { createLocalStorage } from '../src/media/storage.js';
import { ensureFirstSuperAdmin } from '../src/modules/admins/admins.bootstrap.js';
import { createBlogService } from '../src/modules/blogs/blogs.service.js';
import { createDashboardService } from '../src/modules/dashboard/dashboard.service.js';
import { createGeographyService } from '../src/modules/geography/geography.service.js';
import { createHomepageService } from '../src/modules/homepage/homepage.service.js';
import { createImageLibraryService } from '../src/modules/image-libraries/image-libraries.service.js';
import { createItineraryService } from '../src/modules/itineraries/itineraries.service.js';
import { createPlaceDetailsService } from '../src/modules/place-details/place-details.service.js';
import {
  COMPRESSION_RUNS,
  SEARCH_TERMS,
  apiSignIn,
  benchItinerary,
  captureQueries,
  createBenchDatabase,
  explainCaptured,
  f1,
  measureCompression,
  measureUpload,
  pct,
  repoRoot,
  resultsDir,
  processTreeMemory,
  seedCatalogue,
  sweepQuality,
  seedSignInAccounts,
  serverMain,
  signInEmail,
  startBuiltServer,
  time,
  type CompressionCost,
  type SqlRunner,
} from './bench-lib.js';
import {
  measureRevisionCost,
  renderRevisionCost,
  seedRevisions,
  type RevisionCost,
} from './bench-revisions.js';
import { BROTLI_QUALITY, GZIP_LEVEL } from '../src/http/compression.js';
import { IMAGE_PROCESS_IDLE_MS } from '../src/media/image-process.js';
import { workerCount } from '../src/ops/workers.js';
import { loadConfig } from '../src/config.js';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'embedded' },
    rows: { type: 'string' },
    duration: { type: 'string', default: '10' },
    only: { type: 'string' },
    'no-web': { type: 'boolean', default: false },
    'no-compress': { type: 'boolean', default: false },
    publish: { type: 'boolean', default: false },
    'keep-db': { type: 'boolean', default: false },
    republish: { type: 'string' },
    'upload-runs': { type: 'string', default: '5' },
  },
});
/** embedded: the default engine (PostgreSQL run by the server); pglite: EMBEDDED_DB=pglite. */
const DATABASES = ['embedded', 'pglite', 'postgres'] as const;
const DB = DATABASES.find((d) => d === args.db);
if (!DB) throw new Error(`--db must be embedded, pglite or postgres, not ${args.db}`);
const ROWS = Number(args.rows ?? (DB === 'pglite' ? 10_000 : 100_000));
const DURATION = Number(args.duration);
const UPLOAD_RUNS = Number(args['upload-runs']);
const ONLY = args.only ? new Set(args.only.split(',')) : null;
if (!Number.isSafeInteger(ROWS) || ROWS < 1000) throw new Error('--rows must be at least 1000');
if (!(DURATION >= 1)) throw new Error('--duration must be at least 1 (seconds)');

interface OpenDatabase {
  handle: DatabaseHandle;
  runner: SqlRunner;
  client: Parameters<typeof captureQueries>[0];
}

const CONNECTIONS = 10;
const WARMUP_S = 2;
const SIGN_IN_ACCOUNTS = 50;
/** Issue 21: every seeded itinerary has this many revisions (its version is the last). */
const REVISIONS_PER_ITINERARY = 10;
/** Itineraries the in-process revision A/B updates (half each kind); the HTTP updates take others. */
const REVISION_AB_UPDATES = 4000;
const ADMIN = { email: 'bench-admin@example.com', password: 'Bench-Admin-Password-2026' };
const SIGN_IN_PASSWORD = 'Bench-Sign-In-Password-2026';
const webDist = join(repoRoot, 'apps', 'web', 'dist', 'index.html');

/** Run again with the header a browser sends (compressed answers, issue 25), unless --no-compress. */
const COMPRESSED_TOO = new Set(['list', 'search-common', 'search-rare']);
const ACCEPT_ENCODING = 'br, gzip';

/** PERFORMANCE.md "At 1M itineraries every list and search page stays under 100 ms p95". */
const ANY_LIST_MS = 100;

interface Scenario {
  key: string;
  name: string;
  /** p95 budget in ms, and where it comes from. */
  budget?: { ms: number; source: string };
  connections?: number;
  /** Requests per second over all connections (default: as fast as the answers come). */
  rate?: number;
  requests: autocannon.Request[];
  /** Runs alongside (a probe of other requests' latency). */
  probe?: Scenario;
}

interface Measured {
  key: string;
  name: string;
  connections: number;
  seconds: number;
  responses: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  errors: number;
  statusCodes: Record<string, number>;
  budgetMs: number | null;
  budgetSource: string | null;
  pass: boolean | null;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** One autocannon run; the latencies come from each response (pct of bench-lib, nearest rank). */
const cannon = async (origin: string, s: Scenario, seconds: number): Promise<Measured> => {
  const latencies: number[] = [];
  const statusCodes: Record<string, number> = {};
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: origin,
        connections: s.connections ?? CONNECTIONS,
        ...(s.rate ? { overallRate: s.rate } : {}),
        duration: seconds,
        requests: s.requests,
        timeout: 30,
      },
      (err: unknown, done: autocannon.Result) => {
        if (err) reject(err instanceof Error ? err : new Error(String(err)));
        else resolve(done);
      },
    );
    instance.on('response', (_client, status, _bytes, ms) => {
      latencies.push(ms);
      statusCodes[status] = (statusCodes[status] ?? 0) + 1;
    });
  });
  const failed = Object.entries(statusCodes)
    .filter(([code]) => !code.startsWith('2'))
    .reduce((n, [, count]) => n + count, 0);
  const p95 = pct(latencies, 95);
  return {
    key: s.key,
    name: s.name,
    connections: s.connections ?? CONNECTIONS,
    seconds: result.duration,
    responses: latencies.length,
    rps: round1(latencies.length / result.duration),
    p50: round1(pct(latencies, 50)),
    p95: round1(p95),
    p99: round1(pct(latencies, 99)),
    max: round1(latencies.reduce((m, x) => Math.max(m, x), 0)),
    errors: failed + result.errors + result.timeouts,
    statusCodes,
    budgetMs: s.budget?.ms ?? null,
    budgetSource: s.budget?.source ?? null,
    pass: s.budget ? p95 <= s.budget.ms && failed + result.errors === 0 : null,
  };
};

const sh = (command: string, argv: string[], env: Record<string, string>) =>
  new Promise<number>((resolve) => {
    const child = spawn(command, argv, {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: 'inherit',
    });
    child.once('exit', (code) => resolve(code ?? 1));
  });

const main = async () => {
  if (!existsSync(serverMain) || !existsSync(webDist)) {
    console.error('The bench runs the built app: run `npm run build` first.');
    process.exit(1);
  }
  const startedAt = new Date();
  const loadBefore = loadavg();
  const dataDir = await mkdtemp(join(tmpdir(), 'safarnama-bench-'));
  const pg = DB === 'postgres' ? await createBenchDatabase('bench_http') : null;
  /** The run's database: the handle, a raw SQL runner, and what a capturing drizzle wraps. */
  const open = async (): Promise<OpenDatabase> => {
    if (pg) {
      const handle = openPostgres(pg.url, { max: 4 });
      return { handle, runner: handle.pool, client: handle.pool };
    }
    if (DB === 'embedded') {
      // The cluster the server will run, started here for the seed and the plans.
      const bin = await findBinaries();
      if (!bin) throw new Error('no embedded PostgreSQL binaries for this platform');
      const cluster = await openEmbeddedCluster(bin, { dataDir, say: console.log });
      const pool = openPostgres(cluster.url(), { max: 4 });
      const close = async () => {
        await pool.close();
        await cluster.stop();
      };
      return { handle: { ...pool, close }, runner: pool.pool, client: pool.pool };
    }
    const handle = await openPglite({ dataDir: join(dataDir, 'db') });
    return { handle, runner: handle.client, client: handle.client };
  };
  let server: Awaited<ReturnType<typeof startBuiltServer>> | null = null;
  try {
    // ── 1. database and data ────────────────────────────────────────────────────────────────
    console.log(`Seeding ${ROWS} itineraries (${DB})…`);
    const seeding = await open();
    const { handle: seedDb } = seeding;
    let dbVersion: string;
    let seedMs: number;
    let target: { countryId: string; stateId: string; placeId: string };
    let busiestStateId: string;
    let abIds: string[] = [];
    let httpUpdateIds: string[] = [];
    try {
      await seedDb.migrate();
      const hasher = createPasswordHasher();
      seedMs = await time(async () => {
        await ensureFirstSuperAdmin(seedDb.db, hasher, ADMIN);
        await seedCatalogue(seeding.runner, ROWS);
        await seedRevisions(seeding.runner, REVISIONS_PER_ITINERARY);
        // Issue 23: the rows' quality codes now, not by the measured server's start-up sweep.
        await sweepQuality(seedDb.db);
        await seedSignInAccounts(
          seeding.runner,
          SIGN_IN_ACCOUNTS,
          await hasher.hash(SIGN_IN_PASSWORD),
        );
        await seeding.runner.query('vacuum analyze');
        // Write the seed's pages out now: otherwise the checkpoint that follows a bulk load
        // flushes them while the first scenarios run, and they pay for it.
        if (DB !== 'pglite') await seeding.runner.query('checkpoint');
      });
      const one = async <T>(text: string) =>
        ((await seeding.runner.query(text)) as { rows: T[] }).rows[0] as T;
      const { v } = await one<{ v: string }>(`select current_setting('server_version') as v`);
      dbVersion =
        DB === 'postgres'
          ? `PostgreSQL ${v}`
          : DB === 'embedded'
            ? `embedded PostgreSQL ${v}`
            : `PGlite (PostgreSQL ${v})`;
      // Creates go to the place with the fewest itineraries.
      const place = await one<{ country_id: string; state_id: string; id: string }>(
        `select p.country_id, p.state_id, p.id from places p
         order by (select count(*) from itineraries i where i.place_id = p.id), p.id limit 1`,
      );
      target = { countryId: place.country_id, stateId: place.state_id, placeId: place.id };
      // The coverage grid of one state: the state with the most places.
      busiestStateId = (
        await one<{ state_id: string }>(
          'select state_id from places group by state_id order by count(*) desc limit 1',
        )
      ).state_id;
      // Itineraries to update, each once: the in-process revision A/B's, then the HTTP scenario's.
      const ids = (
        (await seeding.runner.query('select id from itineraries order by random()')) as {
          rows: { id: string }[];
        }
      ).rows.map((row) => row.id);
      abIds = ids.slice(0, REVISION_AB_UPDATES);
      httpUpdateIds = ids.slice(REVISION_AB_UPDATES);
    } finally {
      await seedDb.close();
    }
    console.log(`Seeded in ${f1(seedMs / 1000)} s.`);

    // ── 2. the real server and the scenarios ───────────────────────────────────────────────
    const port = 40000 + Math.floor(Math.random() * 10000);
    server = await startBuiltServer({
      dataDir,
      port,
      env: {
        DATABASE_URL: pg?.url ?? '',
        EMBEDDED_DB: DB === 'pglite' ? 'pglite' : 'postgres',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        API_RATE_LIMIT_MAX: '1000000',
        LOCATION_IP_LOOKUP_URL: '',
        LOCATION_REVERSE_GEOCODE_URL: '',
        LOCATION_IP_GEOLOCATION_URL: '',
      },
      // e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`: a profile of the server under the scenarios.
      nodeArgs: process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [],
    });
    const { origin } = server;
    const token = await apiSignIn(origin, ADMIN.email, ADMIN.password);
    const auth = { authorization: `Bearer ${token}` };
    const get = (path: string): autocannon.Request[] => [{ method: 'GET', path, headers: auth }];
    const list = (path: string, query: Record<string, string | number>) =>
      get(
        `${path}?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`,
      );
    const S = API_PATHS.service;
    /** A PostgreSQL budget of PERFORMANCE.md at 100k rows (none embedded, none at 1M). */
    const pgBudget = (ms: number, source = 'PERFORMANCE.md') =>
      DB === 'postgres' && ROWS < 1_000_000 ? { ms, source } : undefined;
    /** A list or search page: its own budget, and at 1M rows "under 100 ms p95". */
    const listBudget = (ms: number, source = 'PERFORMANCE.md') =>
      DB === 'postgres' && ROWS >= 1_000_000
        ? { ms: ANY_LIST_MS, source: 'any list at 1M rows' }
        : pgBudget(ms, source);

    const runId = Date.now().toString(36);
    let created = 0;
    const createBody = () =>
      JSON.stringify({ data: benchItinerary(`Bench package ${runId} ${++created}`, target) });
    // The update scenario: each request another seeded itinerary, edited from its version.
    let updated = 0;
    const updateRequest: autocannon.Request = {
      method: 'PUT',
      path: S.updateItinerary(httpUpdateIds[0] ?? 'none'),
      headers: {
        ...auth,
        'content-type': 'application/json',
        'if-match': `"${String(REVISIONS_PER_ITINERARY)}"`,
      },
      setupRequest: (req: autocannon.Request) => {
        const id = httpUpdateIds[updated++ % httpUpdateIds.length] ?? 'none';
        return {
          ...req,
          path: S.updateItinerary(id),
          body: JSON.stringify({
            data: benchItinerary(`Bench update ${runId} ${String(updated)}`, target),
          }),
        };
      },
    };
    let signIns = 0;
    const loginRequest: autocannon.Request = {
      method: 'POST',
      path: API_PATHS.auth.login,
      headers: { 'content-type': 'application/json' },
      setupRequest: (req: autocannon.Request) => ({
        ...req,
        body: JSON.stringify({
          data: {
            email: signInEmail(1 + (signIns++ % SIGN_IN_ACCOUNTS)),
            password: SIGN_IN_PASSWORD,
          },
        }),
      }),
    };
    const health: Scenario = {
      key: 'health',
      name: 'reference: GET /api/health',
      requests: get(API_PATHS.health),
    };
    // Other requests while logins run: a steady 200 calls a second, not a flood of its own (a
    // flood on one connection took a core from the logins it was meant to observe). A hash on
    // the event loop would show as a p99 / max of 15 ms or more.
    const healthProbe: Scenario = {
      ...health,
      key: 'health-during-login',
      name: 'GET /api/health at 200 req/s while logins run',
      connections: 1,
      rate: 200,
    };
    const all: Scenario[] = [
      health,
      {
        ...health,
        key: 'health-c1',
        name: 'reference: GET /api/health, 1 connection',
        connections: 1,
      },
      {
        key: 'list',
        name: 'itinerary list page 1 with totals',
        budget: listBudget(25),
        requests: list(S.listItineraries, { page: 1, limit: 10 }),
        // Does the list hold other requests up? (issue 19: health p99 < 20 ms meanwhile)
        probe: {
          ...health,
          key: 'health-during-list',
          name: 'GET /api/health at 200 req/s while the list runs',
          connections: 1,
          rate: 200,
        },
      },
      {
        // PGlite is one connection in the server's process: at 10 connections every request
        // waits for the queries of the others, so its budget is read one request at a time.
        key: 'list-c1',
        name: 'itinerary list page 1 with totals, one at a time',
        connections: 1,
        budget: DB === 'pglite' ? { ms: 30, source: 'PGlite at 10k rows' } : undefined,
        requests: list(S.listItineraries, { page: 1, limit: 10 }),
      },
      {
        key: 'search-common',
        name: `search, common term "${SEARCH_TERMS.common}" (~10% of rows)`,
        budget: listBudget(60),
        requests: list(S.listItineraries, { page: 1, limit: 10, search: SEARCH_TERMS.common }),
      },
      {
        key: 'search-rare',
        name: `search, rare term "${SEARCH_TERMS.rare}"`,
        budget: listBudget(15),
        requests: list(S.listItineraries, { page: 1, limit: 10, search: SEARCH_TERMS.rare }),
      },
      {
        key: 'search-rare-c1',
        name: `search, rare term "${SEARCH_TERMS.rare}", one at a time`,
        connections: 1,
        requests: list(S.listItineraries, { page: 1, limit: 10, search: SEARCH_TERMS.rare }),
      },
      {
        key: 'page-1000',
        name: 'itinerary list page 1000',
        budget: listBudget(40),
        requests: list(S.listItineraries, { page: 1000, limit: 10 }),
      },
      {
        key: 'libraries',
        name: 'image library list page 1 (10 images each)',
        budget: listBudget(ANY_LIST_MS, 'any list page'),
        requests: list(API_PATHS.imageLibraries.base, { page: 1, limit: 10 }),
      },
      {
        key: 'places',
        name: 'place list page 1',
        budget: listBudget(ANY_LIST_MS, 'any list page'),
        requests: list(S.listPlaces, { page: 1, limit: 10 }),
      },
      {
        key: 'places-search',
        name: 'place search "pur"',
        budget: listBudget(ANY_LIST_MS, 'any list page'),
        requests: list(S.listPlaces, { page: 1, limit: 10, search: 'pur' }),
      },
      {
        key: 'place-details',
        name: 'place details list page 1',
        budget: listBudget(ANY_LIST_MS, 'any list page'),
        requests: list(S.listPlaceDetails, { page: 1, limit: 10 }),
      },
      {
        key: 'place-details-search',
        name: 'place details search "jan"',
        budget: listBudget(ANY_LIST_MS, 'any list page'),
        requests: list(S.listPlaceDetails, { page: 1, limit: 10, search: 'jan' }),
      },
      {
        key: 'blogs',
        name: 'blog list page 1',
        budget: listBudget(ANY_LIST_MS, 'any list page'),
        requests: list(S.listBlogs, { page: 1, limit: 10 }),
      },
      {
        key: 'blogs-search',
        name: 'blog search "food"',
        budget: listBudget(ANY_LIST_MS, 'any list page'),
        requests: list(S.listBlogs, { page: 1, limit: 10, search: 'food' }),
      },
      {
        // Issue 23: "under 150 ms p95 for 10k places" — on PostgreSQL and on PGlite, which runs
        // one query at a time in the server's process (so its budget is read one request at a time).
        key: 'coverage',
        name: 'content coverage page 1 (10k places × 12 months)',
        budget: DB === 'pglite' ? undefined : { ms: 150, source: 'issue 23' },
        requests: list(API_PATHS.contentCoverage, { page: 1, limit: 25 }),
      },
      {
        key: 'coverage-c1',
        name: 'content coverage page 1, one at a time',
        connections: 1,
        budget: { ms: 150, source: 'issue 23' },
        requests: list(API_PATHS.contentCoverage, { page: 1, limit: 25 }),
      },
      {
        key: 'coverage-state',
        name: 'content coverage of one state, page 1',
        connections: 1,
        budget: { ms: 150, source: 'issue 23' },
        requests: list(API_PATHS.contentCoverage, {
          page: 1,
          limit: 25,
          stateId: busiestStateId,
        }),
      },
      {
        key: 'homepage',
        name: 'homepage settings GET',
        requests: get(S.homepageSettings),
      },
      {
        key: 'dashboard',
        name: 'dashboard, one at a time',
        connections: 1,
        budget: pgBudget(ANY_LIST_MS, 'issue 6: < 100 ms'),
        requests: get(S.dashboard),
      },
      { key: 'dashboard-c10', name: 'dashboard', requests: get(S.dashboard) },
      {
        key: 'create',
        name: 'create itinerary',
        budget: pgBudget(30),
        requests: [
          {
            method: 'POST' as const,
            path: S.createItinerary,
            headers: { ...auth, 'content-type': 'application/json' },
            setupRequest: (req: autocannon.Request) => ({ ...req, body: createBody() }),
          },
        ],
      },
      {
        // Issue 21: the update writes its revision (10 before it) and checks If-Match.
        key: 'update',
        name: `update itinerary (If-Match, revision written; ${String(REVISIONS_PER_ITINERARY)} revisions each)`,
        requests: [updateRequest],
      },
      {
        key: 'login',
        name: `login (argon2id), ${SIGN_IN_ACCOUNTS} accounts in turn`,
        budget: pgBudget(250),
        requests: [loginRequest],
        probe: healthProbe,
      },
      {
        key: 'login-c2',
        name: 'login, 2 connections (one per core)',
        connections: 2,
        requests: [loginRequest],
      },
    ];
    /** The same scenario with compressed answers, as a browser asks for them. */
    const compressed = (s: Scenario): Scenario => ({
      ...s,
      key: `${s.key}-br`,
      name: `${s.name}, br`,
      probe: undefined, // a probe runs beside the plain scenario only
      requests: s.requests.map((r) => ({
        ...r,
        headers: { ...r.headers, 'accept-encoding': ACCEPT_ENCODING },
      })),
    });
    const scenarios = all
      .flatMap((s) =>
        COMPRESSED_TOO.has(s.key) && !args['no-compress'] ? [s, compressed(s)] : [s],
      )
      .filter((s) => !ONLY || ONLY.has(s.key));

    // Warm-up: every GET scenario in turn, then each scenario again before its own run.
    console.log('Warming up…');
    const warmUp = scenarios.flatMap((s) =>
      s.requests.filter((r) => r.method === 'GET' || r.method === undefined),
    );
    // (autocannon fails on an empty request list: `--only login` has no GET to warm up with.)
    if (warmUp.length > 0) {
      await cannon(
        origin,
        { key: 'warm-up', name: 'warm-up', requests: warmUp },
        Math.max(3, WARMUP_S * 2),
      );
    }
    // What compressing the answers costs (issue 25): the plain bodies (before the create
    // scenario adds rows of its own to page 1), compressed here.
    let compression: CompressionCost[] | null = null;
    if (!args['no-compress'] && scenarios.some((s) => COMPRESSED_TOO.has(s.key))) {
      console.log('Compression cost of the answers…');
      compression = await measureCompression(
        origin,
        scenarios.filter((s) => COMPRESSED_TOO.has(s.key)),
      );
      for (const c of compression) console.log(c);
    }

    const measured: Measured[] = [];
    for (const s of scenarios) {
      await cannon(origin, s, WARMUP_S);
      const [main, probe] = await Promise.all([
        cannon(origin, s, DURATION),
        s.probe ? cannon(origin, s.probe, DURATION) : Promise.resolve(null),
      ]);
      measured.push(main);
      if (probe) measured.push(probe);
      for (const m of probe ? [main, probe] : [main]) {
        console.log(
          `${m.name}: ${m.rps} req/s, p50 ${m.p50}, p95 ${m.p95}, p99 ${m.p99} ms, errors ${m.errors}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }

    // The upload budget: one at a time, against sharp alone in this process.
    let upload: Awaited<ReturnType<typeof measureUpload>> | null = null;
    let uploadedAt = 0;
    let memoryAfterUploads: ReturnType<typeof processTreeMemory> | undefined;
    if (!ONLY || ONLY.has('upload')) {
      console.log('Upload of a 4000×3000 JPEG…');
      upload = await measureUpload(origin, token, UPLOAD_RUNS);
      uploadedAt = Date.now();
      if (server.child.pid) memoryAfterUploads = processTreeMemory(server.child.pid);
    }

    // ── 3. the web budgets in Chromium ─────────────────────────────────────────────────────
    let web: WebResult | null = null;
    if (!args['no-web'] && (!ONLY || ONLY.has('web'))) {
      console.log('Web budgets in Chromium…');
      const file = join(dataDir, 'web.json');
      const code = await sh('npx', ['playwright', 'test', '-c', 'e2e/bench.config.ts'], {
        BENCH_BASE_URL: origin,
        BENCH_ADMIN_EMAIL: ADMIN.email,
        BENCH_ADMIN_PASSWORD: ADMIN.password,
        BENCH_WEB_RESULT: file,
      });
      if (code === 0 && existsSync(file))
        web = JSON.parse(await readFile(file, 'utf8')) as WebResult;
      else console.error(`The web measurement failed (exit ${code}).`);
    }
    const loadAfter = loadavg();
    // The steady state: the image process stops IMAGE_PROCESS_IDLE_MS after its last image.
    const idleLeft = uploadedAt + IMAGE_PROCESS_IDLE_MS + 2000 - Date.now();
    if (uploadedAt && idleLeft > 0) {
      console.log(`Waiting ${Math.ceil(idleLeft / 1000)} s for the image process to stop…`);
      await new Promise((resolve) => setTimeout(resolve, idleLeft));
    }
    const memory = server.child.pid ? processTreeMemory(server.child.pid) : undefined;
    if (memory) {
      console.log(
        `Memory of the server and its database processes: ${memory.pssMiB} MiB PSS, the server ${memory.serverPssMiB} (RSS summed ${memory.rssMiB} MiB, ${memory.processes} processes)`,
      );
    }
    await server.stop();
    server = null;

    // ── 3b. what a revision adds to an update (issue 21), in-process on the same database ───
    let revisionCost: RevisionCost | null = null;
    if (!ONLY || ONLY.has('revision')) {
      console.log('Revision cost of an itinerary update (A/B)…');
      const ab = await open();
      try {
        revisionCost = await measureRevisionCost(ab.handle.db, abIds);
      } finally {
        await ab.handle.close();
      }
      console.log(renderRevisionCost(revisionCost, REVISIONS_PER_ITINERARY));
    }

    // ── 4. query plans ─────────────────────────────────────────────────────────────────────
    console.log('EXPLAIN ANALYZE of the list and search queries…');
    const plans = await explainLists(await open(), dataDir);

    // ── 5. results ─────────────────────────────────────────────────────────────────────────
    const run: BenchRun = {
      db: DB,
      dbVersion,
      rows: ROWS,
      startedAt: startedAt.toISOString(),
      seedSeconds: round1(seedMs / 1000),
      durationSeconds: DURATION,
      connections: CONNECTIONS,
      machine: {
        cpus: cpus().length,
        cpuModel: cpus()[0]?.model.trim() ?? '?',
        memoryGiB: round1(totalmem() / 1024 ** 3),
        os: `${platform()} ${release()}`,
        node: process.version,
        loadBefore: loadBefore.map(round1),
        loadAfter: loadAfter.map(round1),
      },
      // SERVER_WORKERS read as the server reads it (its environment is this process's).
      serverWorkers: workerCount(
        loadConfig({ ...process.env, DATA_DIR: dataDir }).workers,
        DB === 'pglite' ? 'pglite' : 'postgres',
      ),
      scenarios: measured,
      memory,
      memoryAfterUploads,
      compression,
      upload: upload && summariseUpload(upload),
      web: web && summariseWeb(web),
      revisionCost,
      revisionsPerItinerary: REVISIONS_PER_ITINERARY,
    };
    const markdown = renderRun(run);
    console.log(`\n${markdown}`);
    const stamp = startedAt.toISOString().replace(/[:.]/g, '-');
    const base = join(resultsDir, `bench-${DB}-${ROWS}-${stamp}`);
    await mkdir(resultsDir, { recursive: true });
    await writeFile(`${base}.md`, `${markdown}\n`);
    await writeFile(`${base}.json`, `${JSON.stringify(run, null, 2)}\n`);
    await writeFile(
      `${base}-plans.md`,
      `# Query plans, ${run.dbVersion}, ${ROWS} itineraries\n\n${plans}`,
    );
    console.log(`Results: ${base}.md, .json, -plans.md`);
    if (args.publish) await publish(run);
  } finally {
    await server?.stop();
    if (pg && args['keep-db']) console.log(`Kept the database: ${pg.url}`);
    else await pg?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
};

// ── plans ────────────────────────────────────────────────────────────────────────────────────

/** EXPLAIN (ANALYZE, BUFFERS) of every statement the list services send, through a capture. */
const explainLists = async ({ handle, runner, client }: OpenDatabase, dataDir: string) => {
  try {
    const capture = captureQueries(client);
    const storage = createLocalStorage(join(dataDir, 'uploads'));
    const pipeline = createImagePipeline();
    const services = (db: Database) => ({
      itineraries: createItineraryService({ db, storage, pipeline }),
      libraries: createImageLibraryService({ db, storage, pipeline }),
      geography: createGeographyService({ db, storage, pipeline }),
      placeDetails: createPlaceDetailsService({ db, storage, pipeline }),
      blogs: createBlogService({ db, storage, pipeline }),
      homepage: createHomepageService({ db, storage }),
      dashboard: createDashboardService({ db }),
    });
    const page = { page: 1, limit: 10, search: '' };
    const cases: [string, (s: ReturnType<typeof services>) => Promise<unknown>][] = [
      ['itinerary list page 1', (s) => s.itineraries.list(page)],
      ['itinerary list page 1000', (s) => s.itineraries.list({ ...page, page: 1000 })],
      [
        `itinerary search "${SEARCH_TERMS.common}"`,
        (s) => s.itineraries.list({ ...page, search: SEARCH_TERMS.common }),
      ],
      [
        `itinerary search "${SEARCH_TERMS.rare}"`,
        (s) => s.itineraries.list({ ...page, search: SEARCH_TERMS.rare }),
      ],
      ['image library list page 1', (s) => s.libraries.list(page)],
      ['image library search "monsoon"', (s) => s.libraries.list({ ...page, search: 'monsoon' })],
      ['place list page 1', (s) => s.geography.places.list(page)],
      ['place search "pur"', (s) => s.geography.places.list({ ...page, search: 'pur' })],
      ['place details list page 1', (s) => s.placeDetails.list(page)],
      ['place details search "jan"', (s) => s.placeDetails.list({ ...page, search: 'jan' })],
      ['blog list page 1', (s) => s.blogs.list(page)],
      ['blog search "food"', (s) => s.blogs.list({ ...page, search: 'food' })],
      ['homepage settings', (s) => s.homepage.get()],
      ['dashboard', (s) => s.dashboard.get()],
    ];
    const out: string[] = [];
    for (const [title, run] of cases) {
      out.push(
        await explainCaptured(
          runner,
          capture,
          title,
          (db) => run(services(db)),
          // Statements only: not the dashboard transactions' begin / set local / commit.
          (query) => /^\s*(select|with|explain)/i.test(query.sql),
        ),
      );
    }
    return out.join('\n');
  } finally {
    await handle.close();
  }
};

// ── results ──────────────────────────────────────────────────────────────────────────────────

interface WebResult {
  debounceMs: number;
  firstLoads: { rowsMs: number; interactiveMs: number; domContentLoadedMs: number }[];
  keystrokes: { term: string; ms: number; rows: number }[];
}

const summariseUpload = (u: Awaited<ReturnType<typeof measureUpload>>) => {
  const alone = pct(u.alone, 50);
  const pipeline = pct(u.pipeline, 50);
  const upload = pct(u.uploads, 50);
  const ratio2 = (n: number) => Math.round(n * 100) / 100;
  return {
    runs: u.uploads.length,
    photoMiB: round1(u.photoBytes / 1024 ** 2),
    sharpAloneMs: round1(alone),
    pipelineMs: round1(pipeline),
    uploadMs: round1(upload),
    ratio: ratio2(upload / alone),
    /** Over the pipeline's own work in process: what HTTP, the image process, disk and DB add. */
    overheadRatio: ratio2(upload / pipeline),
    // Within only when both hold: the budget's reference and the pipeline's whole work.
    pass: upload / alone <= 1.3 && upload / pipeline <= 1.3,
    healthIdle: {
      p50: round1(pct(u.idle, 50)),
      p95: round1(pct(u.idle, 95)),
      max: round1(Math.max(...u.idle)),
    },
    healthDuring: {
      calls: u.during.length,
      p50: round1(pct(u.during, 50)),
      p95: round1(pct(u.during, 95)),
      max: round1(Math.max(0, ...u.during)),
    },
  };
};

type UploadSummary = ReturnType<typeof summariseUpload>;

const summariseWeb = (w: WebResult) => {
  const interactive = w.firstLoads.map((f) => f.interactiveMs);
  const keys = w.keystrokes.map((k) => k.ms);
  return {
    firstLoad: {
      runs: interactive.length,
      rowsMedianMs: round1(
        pct(
          w.firstLoads.map((f) => f.rowsMs),
          50,
        ),
      ),
      interactiveMedianMs: round1(pct(interactive, 50)),
      interactiveMaxMs: round1(Math.max(...interactive)),
      pass: Math.max(...interactive) <= 1000,
    },
    keystroke: {
      terms: w.keystrokes.map((k) => ({ ...k, ms: round1(k.ms) })),
      medianMs: round1(pct(keys, 50)),
      maxMs: round1(Math.max(...keys)),
      pass: Math.max(...keys) <= 150,
    },
  };
};

interface BenchRun {
  db: (typeof DATABASES)[number];
  dbVersion: string;
  rows: number;
  startedAt: string;
  seedSeconds: number;
  durationSeconds: number;
  connections: number;
  machine: {
    cpus: number;
    cpuModel: string;
    memoryGiB: number;
    os: string;
    node: string;
    loadBefore: number[];
    loadAfter: number[];
  };
  /** HTTP worker processes the server ran (SERVER_WORKERS; older runs: absent, one). */
  serverWorkers?: number;
  scenarios: Measured[];
  /** The server and its database processes at the end of the scenarios (older runs: absent). */
  memory?: ReturnType<typeof processTreeMemory>;
  /** Right after the uploads, the image process still running (older runs: absent). */
  memoryAfterUploads?: ReturnType<typeof processTreeMemory>;
  /** The answers' bytes and the CPU to compress each (older runs: absent). */
  compression?: CompressionCost[] | null;
  /** `pipelineMs` and `overheadRatio`: older runs have neither. */
  upload:
    | (Omit<UploadSummary, 'pipelineMs' | 'overheadRatio'> &
        Partial<Pick<UploadSummary, 'pipelineMs' | 'overheadRatio'>>)
    | null;
  web: ReturnType<typeof summariseWeb> | null;
  /** Issue 21: what writing a revision adds to an update (older runs: absent). */
  revisionCost?: RevisionCost | null;
  revisionsPerItinerary?: number;
}

const yesNo = (pass: boolean | null) => (pass === null ? '—' : pass ? 'yes' : '**no**');

/** The Markdown of one run: machine, API table, login/upload details, web budgets. */
const renderRun = (run: BenchRun) => {
  const m = run.machine;
  const ref = run.scenarios.find((s) => s.key === 'health');
  const lines = [
    `## ${run.dbVersion}, ${run.rows.toLocaleString('en-US')} itineraries`,
    '',
    `Run ${run.startedAt.slice(0, 16).replace('T', ' ')} UTC on ${m.cpus} × ${m.cpuModel}, ` +
      `${m.memoryGiB} GiB, ${m.os}, Node ${m.node}. Load average (1/5/15 min) ${m.loadBefore.join(' / ')} ` +
      `before, ${m.loadAfter.join(' / ')} after. The server ran ${run.serverWorkers ?? 1} HTTP ` +
      `worker process${(run.serverWorkers ?? 1) > 1 ? 'es' : ''} (SERVER_WORKERS). ` +
      `Data set seeded in ${run.seedSeconds} s. Each ` +
      `scenario: autocannon for ${run.durationSeconds} s at ${run.connections} connections (unless ` +
      `stated) after a ${WARMUP_S} s warm-up; latencies in ms over every response; "÷ ref" = p95 over ` +
      `the p95 of \`/api/health\` at the same concurrency in the same run.`,
    '',
    '| scenario | req/s | p50 | p95 | p99 | errors | p95 ÷ ref | budget p95 | within |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | :---: |',
  ];
  for (const s of run.scenarios) {
    const refP95 =
      s.connections === 1
        ? run.scenarios.find((r) => r.key === 'health-c1')?.p95
        : s.connections === (ref?.connections ?? CONNECTIONS)
          ? ref?.p95
          : undefined;
    const ratio = refP95 && s.key !== 'health' && s.key !== 'health-c1' ? f1(s.p95 / refP95) : '';
    const name = s.connections === run.connections ? s.name : `${s.name} (c${s.connections})`;
    lines.push(
      `| ${name} | ${s.rps} | ${s.p50} | ${s.p95} | ${s.p99} | ${s.errors} | ${ratio} | ${
        s.budgetMs === null
          ? ''
          : `${s.budgetMs}${s.budgetSource === 'PERFORMANCE.md' ? '' : ` (${s.budgetSource})`}`
      } | ${yesNo(s.pass)} |`,
    );
  }
  if (run.memory) {
    const split = (m: ReturnType<typeof processTreeMemory>) =>
      m.serverPssMiB === undefined
        ? ''
        : `: the server ${m.serverPssMiB} MiB, ` +
          (m.imagesPssMiB ? `the image process ${m.imagesPssMiB} MiB, ` : '') +
          `the database ${m.pssMiB - m.serverPssMiB - (m.imagesPssMiB ?? 0)} MiB`;
    lines.push(
      '',
      `Memory after the scenarios${run.memoryAfterUploads ? ' (the image process stopped, idle)' : ''}, ` +
        `the server and its child processes (${run.memory.processes}): ` +
        `**${run.memory.pssMiB} MiB** PSS (shared pages counted once; RSS summed over the processes ` +
        `${run.memory.rssMiB} MiB)${split(run.memory)}.` +
        (run.memoryAfterUploads
          ? ` Right after the uploads: ${run.memoryAfterUploads.pssMiB} MiB PSS (RSS summed ` +
            `${run.memoryAfterUploads.rssMiB} MiB)${split(run.memoryAfterUploads)}.`
          : ''),
    );
  }
  if (run.compression?.length) {
    lines.push(
      '',
      `Compressed answers ("…, br" rows): the answer's size plain and compressed, and the CPU one ` +
        `compression takes (median of ${COMPRESSION_RUNS}, in one call as the server does for ` +
        `answers up to 128 KB). The server uses brotli quality ${BROTLI_QUALITY}, gzip level ` +
        `${GZIP_LEVEL} for clients without brotli; the other columns are the alternatives measured.`,
      '',
      '| answer | plain | br (server) | gzip (server) | br q1 | br q4 | br q5 | gzip 1 |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    );
    const cell = (c: { bytes: number; ms: number }) => `${f1(c.bytes / 1024)} KB, ${c.ms} ms`;
    for (const c of run.compression) {
      const at = (label: string) => c.candidates.find((k) => k.label === label);
      lines.push(
        `| ${c.name} | ${f1(c.bytes / 1024)} KB | ${cell(c.brotli)} | ${cell(c.gzip)} | ${[
          'br q1',
          'br q4',
          'br q5',
          'gzip 1',
        ]
          .map((l) => {
            const k = at(l);
            return k ? cell(k) : '';
          })
          .join(' | ')} |`,
      );
    }
  }
  if (run.upload) {
    const u = run.upload;
    lines.push(
      '',
      `Upload of a 4000×3000 JPEG (${u.photoMiB} MiB) with its variants, one at a time, median of ` +
        `${u.runs}: **${u.uploadMs} ms** through HTTP (multipart, sniffing, sharp, disk, database) ` +
        `against **${u.sharpAloneMs} ms** for sharp making the same variants alone, each from the ` +
        `JPEG: ratio **${u.ratio}**` +
        (u.pipelineMs === undefined
          ? ''
          : `, and **${u.pipelineMs} ms** for the pipeline's whole work in one process (variants ` +
            `and crops from one decode, the hash): ratio **${u.overheadRatio}**, what HTTP, the ` +
            `image process, disk and database add`) +
        ` (budget ≤ 1.3: ${yesNo(u.pass)}). \`/api/health\` one call at a time: ` +
        `idle p50 ${u.healthIdle.p50} / p95 ${u.healthIdle.p95} ms; during an upload ` +
        `(${u.healthDuring.calls} calls) p50 ${u.healthDuring.p50} / p95 ${u.healthDuring.p95} / ` +
        `max ${u.healthDuring.max} ms.`,
    );
  }
  if (run.revisionCost) {
    lines.push('', renderRevisionCost(run.revisionCost, run.revisionsPerItinerary ?? 0));
  }
  if (run.web) {
    const w = run.web;
    lines.push(
      '',
      '| web budget | measured | budget | within |',
      '| --- | ---: | ---: | :---: |',
      `| first load of /services/itineraries, signed in, cold browser context: interactive (rows shown, long tasks done), median / max of ${w.firstLoad.runs} | ${w.firstLoad.interactiveMedianMs} / ${w.firstLoad.interactiveMaxMs} ms | 1000 ms | ${yesNo(w.firstLoad.pass)} |`,
      `| keystroke in the search box → new rows, after the 500 ms debounce, median / max of ${w.keystroke.terms.length} terms | ${w.keystroke.medianMs} / ${w.keystroke.maxMs} ms | 150 ms | ${yesNo(w.keystroke.pass)} |`,
    );
  }
  return lines.join('\n');
};

/** Published runs, in this order first: the budgets' runs, then any other size. */
const PUBLISHED_ORDER = ['postgres-100000', 'embedded-100000', 'pglite-100000', 'pglite-10000'];

/**
 * bench/results.json keeps the latest run of each database and size (`postgres-100000` …);
 * bench/RESULTS.md shows them.
 */
const publish = async (run: BenchRun) => {
  const jsonFile = join(repoRoot, 'bench', 'results.json');
  const all = (existsSync(jsonFile) ? JSON.parse(await readFile(jsonFile, 'utf8')) : {}) as Record<
    string,
    BenchRun
  >;
  all[`${run.db}-${run.rows}`] = run;
  const keys = Object.keys(all).sort((a, b) => {
    const rank = (k: string) => (PUBLISHED_ORDER.includes(k) ? PUBLISHED_ORDER.indexOf(k) : 99);
    return rank(a) - rank(b) || a.localeCompare(b);
  });
  const text = [
    '# Benchmark results',
    '',
    'Written by `npm run bench -- --publish` (see [README.md](README.md) for the method): the',
    'latest run of each database and size. Budgets: `../shared/design/PERFORMANCE.md`. The raw',
    'runs and the query plans of each are under `bench/results/` (git-ignored).',
    '',
    ...keys.flatMap((key) => {
      const published = all[key];
      return published ? [renderRun(published), ''] : [];
    }),
  ].join('\n');
  const prettier = await import('prettier');
  const md = join(repoRoot, 'bench', 'RESULTS.md');
  await writeFile(md, await prettier.format(text, { filepath: md }));
  await writeFile(
    jsonFile,
    await prettier.format(JSON.stringify(Object.fromEntries(keys.map((k) => [k, all[k]]))), {
      filepath: jsonFile,
    }),
  );
  console.log(`Published: ${md}, ${jsonFile}`);
};

if (args.republish) {
  // Publishes a saved run (bench/results/…json) again, e.g. after the renderer changed.
  const file = resolve(process.env.INIT_CWD ?? process.cwd(), args.republish);
  await publish(JSON.parse(await readFile(file, 'utf8')) as BenchRun);
} else {
  await main();
}
