import { defineConfig } from '@playwright/test';
import { SERVER_NODE_ARGS } from '../apps/server/src/node-args.js';
import { CHROMIUM_LAUNCH } from './chromium.js';
import {
  E2E_ADMIN,
  E2E_BASE_URL,
  E2E_DATA_DIR,
  E2E_LOCATION_ORIGIN,
  E2E_PORT,
} from './tests/fixtures.js';

/**
 * Runs the real server (apps/server/dist, built web served from the same port) on a throw-away
 * data dir with the embedded database, and drives Debian's Chromium (never a downloaded browser).
 */
export default defineConfig({
  testDir: './tests',
  outputDir: `./.artifacts/test-results-${E2E_PORT}`,
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: E2E_BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: CHROMIUM_LAUNCH,
  },
  webServer: {
    command: `rm -rf "${E2E_DATA_DIR}" && node ${SERVER_NODE_ARGS.join(' ')} ../apps/server/dist/main.js`,
    url: `${E2E_BASE_URL}/api/ready`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: E2E_DATA_DIR,
      PUBLIC_URL: E2E_BASE_URL,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      LOG_LEVEL: 'warn',
      // The login page's location services (spec §7) point at a closed local port, so every
      // lookup fails at once and sign-in uses the spec §8 fallbacks; account.spec.ts fakes them
      // with page.route (the CSP allows this origin because the server lists it).
      LOCATION_IP_LOOKUP_URL: `${E2E_LOCATION_ORIGIN}/ip`,
      LOCATION_REVERSE_GEOCODE_URL: `${E2E_LOCATION_ORIGIN}/reverse?lat={lat}&lon={long}`,
      LOCATION_IP_GEOLOCATION_URL: `${E2E_LOCATION_ORIGIN}/ipgeo`,
      LOCATION_TIMEOUT_MS: '800',
      // push.spec.ts: subscriptions point at a local push receiver (http is allowed on loopback).
      PUSH_SERVICE_HOSTS: '127.0.0.1',
      // marketing.spec.ts: a notification scheduled seconds ahead goes out within about a second.
      SCHEDULER_INTERVAL_MS: '1000',
    },
  },
});
