/**
 * Upload benchmark (PERFORMANCE.md: "upload of a 4000×3000 JPEG with variants ≤ 1.3× the time of
 * sharp doing the same resize alone"), and how an upload affects other calls.
 *
 *   npm run build -w @safarnama/server && npm run bench:upload -w @safarnama/server
 *
 * 1. Makes a photo-like 4000×3000 JPEG (blurred noise: as costly to encode as a real photo).
 * 2. "sharp alone": the pipeline's exact sharp work (auto-rotate, re-encode, three WebP variants,
 *    dominant colour) with the same thread/job settings, in this process, no HTTP, no disk, no DB.
 * 3. Starts the built server (dist/main.js) on a throw-away DATA_DIR, signs in, and uploads the
 *    JPEG to POST /image-libraries through real HTTP, timing each request end to end.
 * 4. During one more upload, calls /api/health back to back and reports its latency, against the
 *    same calls on an idle server.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { API_PATHS } from '@safarnama/contract';
import { createLimiter } from '../src/media/limit.js';
import {
  SHARP_JOBS,
  VARIANT_WEBP,
  configureSharp,
  encodeOriginal,
  variantWidths,
} from '../src/media/pipeline.js';

const RUNS = Number(process.env.RUNS ?? 5);
const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))] ?? 0;
const ms = (n: number) => `${n.toFixed(1)} ms`;

const makePhoto = () =>
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

/** The pipeline's sharp work, and nothing else. */
const sharpAlone = async (buffer: Buffer) => {
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

const startServer = async (dataDir: string, port: number) => {
  const child = spawn(process.execPath, [join(packageDir, 'dist', 'main.js')], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_EMAIL: 'bench@example.com',
      ADMIN_PASSWORD: 'bench-password-123',
      LOG_LEVEL: 'warn',
      WEB_DIST: join(dataDir, 'no-web'),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('is running at')) resolve();
    });
  });
  return child;
};

const main = async () => {
  const photo = await makePhoto();
  console.log(`input: 4000×3000 JPEG, ${(photo.length / 1024 / 1024).toFixed(2)} MB`);

  await sharpAlone(photo); // warm-up
  const alone: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await sharpAlone(photo);
    alone.push(performance.now() - t);
  }

  const dataDir = await mkdtemp(join(tmpdir(), 'safarnama-bench-'));
  const port = 40000 + Math.floor(Math.random() * 10000);
  const origin = `http://127.0.0.1:${port}`;
  const server = await startServer(dataDir, port);
  try {
    const login = await fetch(`${origin}${API_PATHS.auth.login}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        data: { email: 'bench@example.com', password: 'bench-password-123' },
      }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const upload = async () => {
      const form = new FormData();
      form.append('title', 'Bench');
      form.append('images', new Blob([photo], { type: 'image/jpeg' }), 'photo.jpg');
      form.append('altTexts[0]', 'bench photo');
      const t = performance.now();
      const res = await fetch(`${origin}${API_PATHS.imageLibraries.base}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      await res.arrayBuffer();
      if (res.status !== 201) throw new Error(`upload answered ${res.status}`);
      return performance.now() - t;
    };
    const health = async () => {
      const t = performance.now();
      const res = await fetch(`${origin}${API_PATHS.health}`);
      await res.arrayBuffer();
      return performance.now() - t;
    };

    await upload(); // warm-up
    const uploads: number[] = [];
    for (let i = 0; i < RUNS; i++) uploads.push(await upload());

    const idle: number[] = [];
    for (let i = 0; i < 200; i++) idle.push(await health());

    const during: number[] = [];
    let done = false;
    const poll = (async () => {
      while (!done) during.push(await health());
    })();
    const uploadTime = await upload();
    done = true;
    await poll;

    const ratio = median(uploads) / median(alone);
    console.log('');
    console.log('| measure | value |');
    console.log('|---|---|');
    console.log(`| sharp alone (same work), median of ${RUNS} | ${ms(median(alone))} |`);
    console.log(
      `| upload through HTTP (multipart, sniff, sharp, disk, DB), median of ${RUNS} | ${ms(median(uploads))} |`,
    );
    console.log(`| ratio (budget ≤ 1.3) | ${ratio.toFixed(2)} |`);
    console.log(
      `| /api/health idle: p50 / p95 / max | ${ms(median(idle))} / ${ms(pct(idle, 95))} / ${ms(Math.max(...idle))} |`,
    );
    console.log(
      `| /api/health during a ${ms(uploadTime)} upload (${during.length} calls): p50 / p95 / max | ${ms(median(during))} / ${ms(pct(during, 95))} / ${ms(Math.max(...during))} |`,
    );
    if (ratio > 1.3) process.exitCode = 1;
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await rm(dataDir, { recursive: true, force: true });
  }
};

await main();
