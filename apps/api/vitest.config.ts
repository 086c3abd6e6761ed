import { configDefaults, defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // The fleet launcher's test needs PostgreSQL, HAProxy and PgBouncer: its own project in the
    // root vitest.config.ts, run only with DATABASE_URL set.
    exclude: [...configDefaults.exclude, 'src/fleet/**'],
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
