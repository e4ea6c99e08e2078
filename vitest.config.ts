import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Most server tests wait on sockets, timers and databases rather than the CPU: on a two-core machine vitest's
    // default (cores − 1 = one worker) leaves the machine idle. Each test has its own database and Redis prefix.
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: 'shared',
          include: ['packages/shared/src/**/*.test.ts'],
          // The property tests run 10,000 random cases each: well under a second alone, but one passed vitest's 5 s
          // default under a loaded CI machine's two cores.
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          // Names the run's migrated template databases and drops them at the end (src/test/template-database.ts).
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      { test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'] } },
    ],
  },
});
