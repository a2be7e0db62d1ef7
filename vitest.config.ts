import { defineConfig } from 'vitest/config';

/**
 * One runner for every suite: `unit` (pure logic), `api` (HTTP against a real database:
 * PGlite, or PostgreSQL when TEST_DATABASE_URL is set) and `e2e` (real Chromium against the
 * real server serving the built web app).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          // The same worker count as `api`, so the two share one group and run side by side (Vitest
          // runs a one-worker project after everything else, alone).
          maxWorkers: 2,
          include: ['packages/contracts/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          setupFiles: ['apps/server/test/setup.ts'],
          // One migrated PGlite template for the whole run instead of one per test file.
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          maxWorkers: 2,
          // Test files share their process's loaded modules instead of importing the whole server
          // again per file: the server keeps no module state that one file could leak into another
          // (caches are per database: platform/rechecked.ts; settings are per app instance). The one
          // process-wide state is the metrics registry, which tests read as deltas.
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['apps/web/e2e/**/*.e2e.ts'],
          globalSetup: ['apps/web/e2e/support/global-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 180_000,
          // A screen may take more than expect.poll's default second to show what it fetched
          // (lazy chunks, a loaded CI host); a poll that matches returns at once.
          expect: { poll: { timeout: 10_000 } },
          // One file at a time: two at a time was 19 % faster on 2 CPUs, but each file then ran 1.5
          // times slower and timing-sensitive tests failed in one full run of two (decision 065).
          fileParallelism: false,
        },
      },
    ],
  },
});
