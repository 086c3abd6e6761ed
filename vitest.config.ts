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

export default defineConfig({
  test: {
    projects: ['packages/contracts', 'apps/api', 'apps/web', 'apps/web/vitest.preact.config.ts', 'apps/admin', ...postgresProject],
  },
});
