import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './chromium.js';

/**
 * The web budgets of PERFORMANCE.md, measured by `npm run bench` (apps/server/scripts/bench.ts)
 * against the benchmark's own server: it passes BENCH_BASE_URL, the admin's credentials and where
 * to write the figures (BENCH_WEB_RESULT). Not part of `npm run test:e2e` (its testDir is tests/).
 */
export default defineConfig({
  testDir: './bench',
  outputDir: './.artifacts/bench-results',
  workers: 1,
  retries: 0,
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL: process.env.BENCH_BASE_URL,
    trace: 'off',
    launchOptions: CHROMIUM_LAUNCH,
  },
});
