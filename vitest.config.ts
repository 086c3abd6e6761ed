import { defineConfig, type TestProjectConfiguration } from 'vitest/config';

// With DATABASE_URL set, the API's database tests run a second time against that server.
const postgresProject: TestProjectConfiguration[] = process.env.DATABASE_URL
  ? [
      {
        extends: './apps/api/vitest.config.ts',
        root: './apps/api',
        test: {
          name: 'api-pg',
          include: ['src/modules/**/*.test.ts', 'src/db/**/*.test.ts', 'src/mail/mail-flows.test.ts', 'src/mail/outbox.test.ts'],
        },
      },
    ]
  : [];

// `npm run fleet` started for real (issue #37): PgBouncer, HAProxy and three built API processes,
// by the launcher's test and the soak's short version. A project of its own, not api-pg: a
// project's `extends` adds the arrays of apps/api/vitest.config.ts to its own, so api-pg cannot
// take back that config's exclusion of src/fleet. Run alone, after the other tests
// (`npm run test:fleet`, scripts/test-fleet.mjs), one file at a time: a fleet sharing a small
// machine with other tests, or with another fleet, would make the soak's timings fail.
const fleetProject: TestProjectConfiguration[] =
  process.env.DATABASE_URL && process.env.DUKKAN_FLEET_TESTS === '1'
    ? [
        {
          root: './apps/api',
          test: {
            name: 'api-fleet-pg',
            environment: 'node',
            include: ['src/fleet/**/*.test.ts'],
            fileParallelism: false,
            globalSetup: ['src/test/global-setup.ts'],
            testTimeout: 120_000,
            hookTimeout: 300_000,
          },
        },
      ]
    : [];

export default defineConfig({
  test: {
    projects: ['packages/contracts', 'apps/api', 'apps/web', 'apps/web/vitest.preact.config.ts', 'apps/admin', ...postgresProject, ...fleetProject],
  },
});
