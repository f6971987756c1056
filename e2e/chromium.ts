import type { LaunchOptions } from '@playwright/test';

/**
 * Debian's Chromium (`CHROMIUM_PATH` or /usr/bin/chromium; Playwright never downloads a browser)
 * with the flags it needs as root in a container, and without its background network traffic.
 * Shared by the browser suite (playwright.config.ts) and the web budgets (bench.config.ts).
 */
export const CHROMIUM_LAUNCH: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
