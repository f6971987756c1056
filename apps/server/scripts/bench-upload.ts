/**
 * Upload benchmark (PERFORMANCE.md: "upload of a 4000×3000 JPEG with variants ≤ 1.3× the time of
 * sharp doing the same resize alone"), and how an upload affects other calls.
 *
 *   npm run build -w @safarnama/server && npm run bench:upload -w @safarnama/server
 *
 * 1. Makes a photo-like 4000×3000 JPEG (blurred noise: as costly to encode as a real photo).
 * 2. "sharp alone", the budget's reference: the spec's outputs made the plain way (auto-rotate,
 *    re-encode, three WebP variants each decoded from the JPEG, dominant colour) with the same
 *    thread/job settings, in this process, no HTTP, no disk, no DB; and the pipeline's whole work
 *    (`process`: variants and crops from one decode, the hash) in this process too.
 * 3. Starts the built server (dist/main.js) on a throw-away DATA_DIR, signs in, and uploads the
 *    JPEG to POST /image-libraries through real HTTP, timing each request end to end.
 * 4. During one more upload, calls /api/health back to back and reports its latency, against the
 *    same calls on an idle server.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiSignIn, measureUpload, pct, startBuiltServer } from './bench-lib.js';

const RUNS = Number(process.env.RUNS ?? 5);
const EMAIL = 'bench@example.com';
const PASSWORD = 'bench-password-123';
const median = (xs: number[]) => pct(xs, 50);
const ms = (n: number) => `${n.toFixed(1)} ms`;

const main = async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'safarnama-bench-'));
  const server = await startBuiltServer({
    dataDir,
    port: 40000 + Math.floor(Math.random() * 10000),
    env: { ADMIN_EMAIL: EMAIL, ADMIN_PASSWORD: PASSWORD, WEB_DIST: join(dataDir, 'no-web') },
  });
  try {
    const token = await apiSignIn(server.origin, EMAIL, PASSWORD);
    const m = await measureUpload(server.origin, token, RUNS);
    const ratio = median(m.uploads) / median(m.alone);
    const overhead = median(m.uploads) / median(m.pipeline);
    console.log(`input: 4000×3000 JPEG, ${(m.photoBytes / 1024 / 1024).toFixed(2)} MB`);
    console.log('');
    console.log('| measure | value |');
    console.log('|---|---|');
    console.log(
      `| sharp alone (the spec's variants, each from the JPEG), median of ${RUNS} | ${ms(median(m.alone))} |`,
    );
    console.log(
      `| the pipeline in this process (variants and crops from one decode, hash), median of ${RUNS} | ${ms(median(m.pipeline))} |`,
    );
    console.log(
      `| upload through HTTP (multipart, sniff, sharp, disk, DB), median of ${RUNS} | ${ms(median(m.uploads))} |`,
    );
    console.log(`| ratio to sharp alone (budget ≤ 1.3) | ${ratio.toFixed(2)} |`);
    console.log(`| ratio to the pipeline in process (budget ≤ 1.3) | ${overhead.toFixed(2)} |`);
    console.log(
      `| /api/health idle: p50 / p95 / max | ${ms(median(m.idle))} / ${ms(pct(m.idle, 95))} / ${ms(Math.max(...m.idle))} |`,
    );
    console.log(
      `| /api/health during a ${ms(m.uploadMs)} upload (${m.during.length} calls): p50 / p95 / max | ${ms(median(m.during))} / ${ms(pct(m.during, 95))} / ${ms(Math.max(...m.during))} |`,
    );
    if (ratio > 1.3 || overhead > 1.3) process.exitCode = 1;
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
};

await main();
