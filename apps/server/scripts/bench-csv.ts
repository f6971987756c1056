/**
 * Issue 24: the CSV export and import through the built server (`npm run build` first).
 *
 *   npm run bench:csv -w @safarnama/server [-- --rows 100000 --import 10000]
 *
 * On a throw-away database of TEST_DATABASE_URL's PostgreSQL (`seedCatalogue`, `--rows`
 * itineraries, default 100 000): `GET export/itineraries.csv` read to the end as a client does,
 * the server process's RSS sampled every 20 ms during the stream (peak and before), the bytes and
 * the time; then `POST import/places/apply` with `--import` new places (default 10 000) and
 * `POST import/itineraries/apply` with as many new itineraries, each timed (the dry run first).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { API_PATHS } from '@safarnama/contract';
import { apiSignIn, f1, seedCatalogue, startBuiltServer, withBenchDatabase } from './bench-lib.js';

const ADMIN = { email: 'bench-admin@example.com', password: 'Bench-Admin-Password-2026' };
const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '100000' },
    import: { type: 'string', default: '10000' },
  },
});
const ROWS = Number(values.rows);
const IMPORT = Number(values.import);

const rssKiB = async (pid: number) =>
  Number(/^VmRSS:\s+(\d+)/m.exec(await readFile(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);

await withBenchDatabase('bench_csv', async (handle, url) => {
  console.log(`Seeding ${String(ROWS)} itineraries…`);
  await seedCatalogue(handle.pool, ROWS);
  await handle.pool.query('vacuum analyze');
  const geo = (
    (await handle.pool.query(
      `select c.name as country, s.name as state, p.name as place
         from places p join states s on s.id = p.state_id join countries c on c.id = p.country_id
        order by p.created_at limit 1`,
    )) as { rows: { country: string; state: string; place: string }[] }
  ).rows[0];
  if (!geo) throw new Error('no place seeded');
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-csv-'));
  const port = 40000 + Math.floor(Math.random() * 10000);
  const server = await startBuiltServer({
    dataDir,
    port,
    env: {
      DATABASE_URL: url,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      PUBLIC_URL: `http://127.0.0.1:${String(port)}`,
      API_RATE_LIMIT_MAX: '1000000',
      LOG_LEVEL: 'warn',
    },
  });
  try {
    const token = await apiSignIn(server.origin, ADMIN.email, ADMIN.password);
    const auth = { authorization: `Bearer ${token}` };
    const pid = server.child.pid ?? 0;

    // ── export ───────────────────────────────────────────────────────────────────────────────
    // Twice: as a browser asks for it (compressed on the fly) and uncompressed, so the server's
    // memory during the stream can be told apart from the compressor's.
    for (const encoding of ['br, gzip', 'identity']) {
      const before = await rssKiB(pid);
      let peak = before;
      const sampler = setInterval(() => {
        void rssKiB(pid).then((kib) => {
          peak = Math.max(peak, kib);
        });
      }, 20);
      const started = performance.now();
      const res = await fetch(`${server.origin}${API_PATHS.exportCsv('itineraries')}`, {
        headers: { ...auth, 'accept-encoding': encoding },
      });
      let bytes = 0;
      let lines = 0;
      const reader = res.body?.getReader();
      for (;;) {
        const chunk = await reader?.read();
        if (!chunk || chunk.done) break;
        bytes += chunk.value.byteLength;
        for (const b of chunk.value) if (b === 10) lines += 1;
      }
      const exportMs = performance.now() - started;
      clearInterval(sampler);
      console.log(
        `export itineraries.csv (accept-encoding: ${encoding}; ${res.headers.get('content-encoding') ?? 'none'}): ${String(res.status)}, ${String(lines - 1)} data lines (incl. line breaks inside cells), ${f1(bytes / 1024 / 1024)} MB in ${f1(exportMs / 1000)} s; server RSS ${f1(before / 1024)} MB before, peak ${f1(peak / 1024)} MB during the stream`,
      );
    }

    // ── import ───────────────────────────────────────────────────────────────────────────────
    const post = async (entity: 'places' | 'itineraries', path: string, csv: string) => {
      const form = new FormData();
      form.set('file', new Blob([csv], { type: 'text/csv' }), `${entity}.csv`);
      const t0 = performance.now();
      const r = await fetch(`${server.origin}${path}`, {
        method: 'POST',
        headers: auth,
        body: form,
      });
      const body = (await r.json()) as { data?: Record<string, unknown>; message?: string };
      return { status: r.status, ms: performance.now() - t0, body };
    };
    const stamp = Date.now().toString(36);
    const placesCsv = [
      'Name,Country,State,Short description,Latitude,Longitude,Active',
      ...Array.from(
        { length: IMPORT },
        (_, i) =>
          `Bench Import ${stamp} ${String(i)},${geo.country},${geo.state},"Imported, row ${String(i)}",12.5,77.5,true`,
      ),
    ].join('\r\n');
    const itinerariesCsv = [
      'Title,Duration,Type,Group size,Languages,Price per person,Visibility,Months,Country,State,Place,Meta title',
      ...Array.from(
        { length: IMPORT },
        (_, i) =>
          `Bench Trip ${stamp} ${String(i)},4 days,Leisure,2,"English, Hindi",12500,public,"Jan, Feb",${geo.country},${geo.state},${geo.place},Trip ${String(i)}`,
      ),
    ].join('\r\n');
    for (const [entity, csv] of [
      ['places', placesCsv],
      ['itineraries', itinerariesCsv],
    ] as const) {
      const dry = await post(entity, API_PATHS.importCsv.dryRun(entity), csv);
      const applied = await post(entity, API_PATHS.importCsv.apply(entity), csv);
      console.log(
        `import ${entity} (${String(IMPORT)} rows, ${f1(Buffer.byteLength(csv) / 1024 / 1024)} MB): dry run ${String(dry.status)} in ${f1(dry.ms / 1000)} s; apply ${String(applied.status)} in ${f1(applied.ms / 1000)} s (${JSON.stringify(applied.body.data ?? applied.body.message)})`,
      );
    }
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
});
