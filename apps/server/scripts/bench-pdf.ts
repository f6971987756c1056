/**
 * Itinerary PDF benchmark (issue 22): how long a PDF takes through the real server, and that the
 * HTTP process keeps answering while PDFs are drawn (they are drawn in the PDF process).
 *
 *   npm run build -w @safarnama/server && npm run bench:pdf -w @safarnama/server
 *
 * 1. Starts the built server (dist/main.js) on a throw-away DATA_DIR, signs in, saves Basic
 *    Settings with a logo and a cancellation policy, and creates a 10-day itinerary (places,
 *    meals, stays, transfers, bands, FAQs) with 10 photo-like 1600×1067 gallery images, five of
 *    them days' pictures.
 * 2. Times the first PDF (the PDF process starts, nothing converted yet).
 * 3. Renders that itinerary's PDF RUNS (100) times at concurrency 2 through GET
 *    /api/v1/admin/itinerary/{id}/pdf, while a second client (a process of its own) calls
 *    /api/health 50 times a second (each call on its own schedule, not after the previous one),
 *    and reports p50/p95 of the PDFs and the p99 of /api/health (budgets: p95 < 1.5 s, health
 *    p99 < 20 ms).
 * 4. The same with RUNS clones of the itinerary (POST clone-itinerary: each has its own copies of
 *    the files under new keys), so no image conversion is reused: the cold case.
 * 5. The CPU time per PDF of the HTTP processes (the server and its workers, SERVER_WORKERS) and
 *    of their PDF processes (/proc, Linux), which the load beside the bench on a shared machine
 *    does not change much, unlike the latencies.
 *
 * RUNS=n changes the count; PDF_OUT=/tmp/itinerary.pdf keeps the first PDF to look at;
 * BENCH_SERVER_NODE_ARGS passes options to the server's node (e.g. `--cpu-prof`);
 * BENCH_SERVER_STDOUT=1 forwards the server's output (e.g. with `--trace-gc`).
 */
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { API_PATHS, type ItineraryInput } from '@safarnama/contract';
import { apiSignIn, f1, pct, startBuiltServer, time } from './bench-lib.js';

// 100: at 30 the repeats lasted ~2 s, ~110 health calls, and their p99 was the second-worst call.
const RUNS = Number(process.env.RUNS ?? 100);
const CONCURRENCY = 2;
const HEALTH_PER_SECOND = 50;
const BUDGET = { pdfP95: 1500, healthP99: 20 };
const EMAIL = 'bench@example.com';
const PASSWORD = 'bench-password-123';
const S = API_PATHS.service;

/**
 * The second client: calls the URL every 1000/HEALTH_PER_SECOND ms (not after the previous answer)
 * over keep-alive connections and, told 'stop', sends back every latency in ms.
 */
const HEALTH_PROBER = `
const http = require('node:http');
const url = process.argv[1];
const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
const latencies = [];
const inFlight = new Set();
let running = true;
process.on('message', () => { running = false; });
const started = performance.now();
let k = 0;
const tick = () => {
  if (!running) {
    Promise.all(inFlight).then(() => { process.send(latencies, () => process.exit(0)); });
    return;
  }
  const t0 = performance.now();
  const call = new Promise((resolve) => {
    http.get(url, { agent }, (res) => {
      res.resume();
      res.on('end', () => { latencies.push(performance.now() - t0); resolve(); });
    }).on('error', resolve);
  });
  inFlight.add(call);
  call.then(() => inFlight.delete(call));
  k += 1;
  setTimeout(tick, Math.max(0, started + (k * 1000) / ${String(HEALTH_PER_SECOND)} - performance.now()));
};
tick();
`;

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux; 0 elsewhere). */
const cpuMs = (pid: number | undefined): number => {
  if (pid === undefined) return 0;
  try {
    const stat = readFileSync(`/proc/${String(pid)}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // clock ticks of 10 ms
  } catch {
    return 0;
  }
};

/** The children of `parent` whose command line matches `pattern` (pgrep; none elsewhere). */
const childrenOf = (parent: number | undefined, pattern: string): number[] => {
  if (parent === undefined) return [];
  try {
    const out = execFileSync('pgrep', ['-P', String(parent), '-f', pattern]);
    return out.toString().trim().split('\n').map(Number).filter(Boolean);
  } catch {
    return [];
  }
};

/** The server's HTTP processes: the one started and its workers (SERVER_WORKERS, same entry). */
const httpProcessesOf = (serverPid: number | undefined): number[] =>
  serverPid === undefined ? [] : [serverPid, ...childrenOf(serverPid, 'dist/main.js')];

/** The PDF processes (itinerary-pdf-worker) of those HTTP processes, where they run. */
const pdfProcessesOf = (serverPid: number | undefined): number[] =>
  httpProcessesOf(serverPid).flatMap((pid) => childrenOf(pid, 'itinerary-pdf-worker'));

const sumCpuMs = (pids: number[]) => pids.reduce((sum, pid) => sum + cpuMs(pid), 0);

/** A photo-like JPEG (blurred noise, as costly to encode as a real photo). */
const photo = (i: number) =>
  sharp({
    create: {
      width: 1600,
      height: 1067,
      channels: 3,
      background: { r: 40 + i * 20, g: 120, b: 220 - i * 15 },
      noise: { type: 'gaussian', mean: 128, sigma: 50 },
    },
  })
    .blur(1.2)
    .jpeg({ quality: 88 })
    .toBuffer();

const main = async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'safarnama-bench-pdf-'));
  const server = await startBuiltServer({
    dataDir,
    port: 40000 + Math.floor(Math.random() * 10000),
    nodeArgs: process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [],
    env: {
      ADMIN_EMAIL: EMAIL,
      ADMIN_PASSWORD: PASSWORD,
      WEB_DIST: join(dataDir, 'no-web'),
      API_RATE_LIMIT_MAX: '1000000',
    },
  });
  const { origin } = server;
  try {
    const token = await apiSignIn(origin, EMAIL, PASSWORD);
    const auth = { authorization: `Bearer ${token}` };
    const call = async (method: string, path: string, body?: unknown, form?: FormData) => {
      const res = await fetch(`${origin}${path}`, {
        method,
        headers: form ? auth : { ...auth, 'content-type': 'application/json' },
        body: form ?? (body === undefined ? undefined : JSON.stringify({ data: body })),
      });
      const json = (await res.json()) as { data?: { data?: Record<string, unknown> } };
      if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}`);
      return json.data?.data ?? {};
    };
    const form = (fields: Record<string, string>, files: [string, Buffer, string][] = []) => {
      const data = new FormData();
      for (const [name, value] of Object.entries(fields)) data.append(name, value);
      for (const [name, bytes, type] of files) {
        data.append(name, new Blob([bytes], { type }), `${name}.${type.split('/')[1] ?? 'bin'}`);
      }
      return data;
    };

    // ── the data ─────────────────────────────────────────────────────────────────────────────
    const logo = await sharp({
      create: { width: 600, height: 200, channels: 4, background: '#0f766eff' },
    })
      .png()
      .toBuffer();
    await call(
      'POST',
      API_PATHS.setting.updateBasic,
      undefined,
      form(
        {
          productName: 'Safarnama Journeys',
          supportEmail: 'trips@safarnama.example',
          supportPhone: '+91 98123 45678',
          timeZone: 'Asia/Kolkata',
          currencySymbol: '₹',
          sessionIdleMinutes: '480',
          maintenanceMode: 'false',
          maintenanceMessage: '',
        },
        [['logo', logo, 'image/png']],
      ),
    );
    await call('POST', API_PATHS.setting.updatePolicies, {
      cancellationPolicy:
        '<h2>Cancellation</h2><p>Cancel up to 30 days before departure for a full refund.</p><ul><li>15–29 days: 50% refund</li><li>Under 15 days: no refund</li></ul>',
    });
    const country = await call(
      'POST',
      S.addCountry,
      undefined,
      form({ name: 'India', shortName: 'IN' }),
    );
    const state = await call(
      'POST',
      S.addState,
      undefined,
      form({ name: 'Kerala', countryId: String(country._id) }),
    );
    const placeIds: string[] = [];
    for (const name of ['Kochi', 'Munnar', 'Thekkady', 'Alleppey', 'Kumarakom', 'Varkala']) {
      const place = await call(
        'POST',
        S.addPlace,
        undefined,
        form({ name, countryId: String(country._id), stateId: String(state._id) }),
      );
      placeIds.push(String(place._id));
    }
    const where = {
      countryId: String(country._id),
      stateId: String(state._id),
      placeId: placeIds[0] ?? '',
    };
    const day = (n: number) => ({
      title: n === 1 ? 'Arrival in Kochi' : `Day ${String(n)}: hills, spice gardens and backwaters`,
      description:
        'After breakfast, drive through tea and cardamom estates with stops at viewpoints and a spice garden. ' +
        'Afternoon at leisure; in the evening a walk through the town and a Kathakali performance.'.repeat(
          1 + (n % 2),
        ),
      placeIds: [placeIds[n % 6] ?? '', placeIds[(n + 1) % 6] ?? ''],
      meals: n === 1 ? (['dinner'] as const) : (['breakfast', 'dinner'] as const),
      stay: 'Heritage homestay, deluxe room',
      transfer: 'Private air-conditioned car with driver',
    });
    const input = {
      title: 'Kerala Grand Tour',
      duration: '10 Days / 9 Nights',
      type: 'Leisure',
      groupSize: 8,
      languages: ['English', 'Hindi'],
      pricePerPerson: 62000,
      visibility: 'public',
      months: ['JAN', 'FEB', 'MAR', 'JUN', 'JUL', 'AUG', 'OCT', 'NOV', 'DEC'],
      description:
        '<p>Ten days from the coast to the hills and back to the backwaters, at an easy pace.</p>',
      ...where,
      dailyItinerary: Array.from({ length: 10 }, (_, i) => ({
        ...day(i + 1),
        meals: [...day(i + 1).meals],
      })),
      highlights: [
        'A night on a private houseboat',
        'Tea tasting in Munnar',
        'Periyar boat safari',
      ],
      inclusions: [
        'Nine nights in hand-picked stays',
        'Daily breakfast and dinner',
        'All transfers',
      ],
      exclusions: ['Flights', 'Lunches', 'Tips and personal expenses'],
      priceBands: [
        { months: ['JUN', 'JUL', 'AUG'], minGroupSize: 1, maxGroupSize: 2, pricePerPerson: 54000 },
        { months: ['JUN', 'JUL', 'AUG'], minGroupSize: 3, maxGroupSize: 8, pricePerPerson: 48000 },
        { months: ['DEC'], minGroupSize: 1, maxGroupSize: 8, pricePerPerson: 125000 },
      ],
      gst: { rate: 5, included: true },
      faqs: [
        { question: 'Can the tour be private?', answer: 'Yes: every departure is private.' },
        { question: 'Is the houseboat shared?', answer: 'No, one houseboat per booking.' },
      ],
    } satisfies ItineraryInput;
    const created = await call('POST', S.createItinerary, input);
    const id = String(created._id);
    const photos = await Promise.all(Array.from({ length: 10 }, (_, i) => photo(i)));
    const withGallery = await call(
      'PATCH',
      S.itineraryGallery(id),
      undefined,
      form(
        {},
        photos.map((bytes): [string, Buffer, string] => ['images', bytes, 'image/jpeg']),
      ),
    );
    const gallery = (withGallery.gallery as { _id: string }[]).map((image) => image._id);
    await call('PUT', S.updateItinerary(id), {
      ...input,
      dailyItinerary: input.dailyItinerary.map((d, i) => ({
        ...d,
        imageId: i % 2 === 0 ? (gallery[i] ?? null) : null,
      })),
    });

    // ── the measurements ─────────────────────────────────────────────────────────────────────
    let last = Buffer.alloc(0);
    const pdf = (itineraryId: string) =>
      time(async () => {
        const res = await fetch(`${origin}${API_PATHS.itineraryTools.pdf(itineraryId)}`, {
          headers: auth,
        });
        const body = await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`PDF answered ${res.status}`);
        last = Buffer.from(body);
      });
    /**
     * /api/health 50 times a second from a client process of its own (so the PDF downloads of
     * this one never delay it), each call on its own schedule, while `work` runs.
     */
    const healthDuring = async (work: () => Promise<void>) => {
      const prober = spawn(
        process.execPath,
        ['-e', HEALTH_PROBER, `${origin}${API_PATHS.health}`],
        {
          stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        },
      );
      const latencies = new Promise<number[]>((resolve, reject) => {
        prober.once('message', (message) => resolve(message as number[]));
        prober.once('exit', (code) =>
          reject(new Error(`the health client exited with ${String(code)}`)),
        );
      });
      await new Promise((resolve) => prober.once('spawn', resolve));
      // Its first calls open the connections; give it a moment before the work starts.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await work();
      prober.send('stop');
      return latencies;
    };

    const renderAll = async (ids: string[]) => {
      const latencies: number[] = [];
      let next = 0;
      const worker = async () => {
        while (next < ids.length) {
          const itineraryId = ids[next++] ?? id;
          latencies.push(await pdf(itineraryId));
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
      return latencies;
    };

    const idleHealth = await healthDuring(
      () => new Promise((resolve) => setTimeout(resolve, 3000)),
    );
    const first = await pdf(id);
    const firstBytes = last.length;
    // PDF_OUT=path keeps the document, to look at it (pdftoppm -png path page).
    if (process.env.PDF_OUT) await writeFile(process.env.PDF_OUT, last);
    await pdf(id); // warm-up

    const serverPid = server.child.pid;
    /** CPU used per PDF by the HTTP process and by the PDF process while `work` ran. */
    const cpuPerPdf = async (work: () => Promise<void>, pdfs: number) => {
      const http = httpProcessesOf(serverPid);
      const drawers = pdfProcessesOf(serverPid);
      const before = [sumCpuMs(http), sumCpuMs(drawers)] as const;
      await work();
      return {
        http: (sumCpuMs(http) - before[0]) / pdfs,
        pdf: (sumCpuMs(drawers) - before[1]) / pdfs,
      };
    };

    let warm: number[] = [];
    let healthWarm: number[] = [];
    const cpuWarm = await cpuPerPdf(async () => {
      healthWarm = await healthDuring(async () => {
        warm = await renderAll(Array.from({ length: RUNS }, () => id));
      });
    }, RUNS);

    const clones: string[] = [];
    for (let i = 0; i < RUNS; i++) {
      clones.push(String((await call('POST', API_PATHS.itineraryTools.clone(id)))._id ?? ''));
    }
    const cloneIds = clones.some((c) => c === '') ? [] : clones;
    let cold: number[] = [];
    let healthCold: number[] = [];
    const cpuCold = await cpuPerPdf(
      async () => {
        healthCold = await healthDuring(async () => {
          cold = await renderAll(cloneIds);
        });
      },
      Math.max(1, cloneIds.length),
    );

    const row = (name: string, xs: number[]) =>
      `| ${name} | ${String(xs.length)} | ${f1(pct(xs, 50))} | ${f1(pct(xs, 95))} | ${f1(pct(xs, 99))} | ${f1(Math.max(...xs))} |`;
    console.log(`load average before the measurements: ${loadavg().map(f1).join(' ')}`);
    console.log(
      `PDF: 10 days, 10 gallery photos (1600×1067, embedded from the 768 px variants), logo; ${f1(firstBytes / 1024)} KB`,
    );
    console.log(`first PDF (PDF process starting, nothing converted yet): ${f1(first)} ms`);
    console.log('');
    console.log('| measure | n | p50 ms | p95 ms | p99 ms | max ms |');
    console.log('|---|---:|---:|---:|---:|---:|');
    console.log(row('/api/health at 50/s, idle server', idleHealth));
    console.log(row(`PDF of the same itinerary, concurrency ${String(CONCURRENCY)}`, warm));
    console.log(row('/api/health at 50/s meanwhile', healthWarm));
    if (cold.length > 0) {
      console.log(
        row(`PDF of ${String(RUNS)} clones (own files, nothing reused), concurrency 2`, cold),
      );
      console.log(row('/api/health at 50/s meanwhile', healthCold));
    }
    console.log('');
    const cpu = (what: string, c: { http: number; pdf: number }) =>
      console.log(
        `CPU per PDF, ${what}: HTTP process ${f1(c.http)} ms, PDF process ${f1(c.pdf)} ms`,
      );
    cpu('same itinerary', cpuWarm);
    if (cold.length > 0) cpu('clones', cpuCold);
    console.log(`load average after: ${loadavg().map(f1).join(' ')}`);
    console.log('');
    const verdicts = [
      [`PDF p95 < ${String(BUDGET.pdfP95)} ms`, pct(warm, 95) < BUDGET.pdfP95],
      [`/api/health p99 < ${String(BUDGET.healthP99)} ms`, pct(healthWarm, 99) < BUDGET.healthP99],
    ] as const;
    for (const [what, ok] of verdicts) console.log(`${ok ? 'within' : 'OVER'}: ${what}`);
    if (verdicts.some(([, ok]) => !ok)) process.exitCode = 1;
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
};

await main();
