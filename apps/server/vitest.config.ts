import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // Migrates once, then every test file clones that database (PGlite tarball or PG template).
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each test file opens its own database; two workers fit the 2-core CI machine.
    maxWorkers: 2,
  },
});
