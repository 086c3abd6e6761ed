// `npm run test:fleet` (part of `npm test`, after the other unit tests): the fleet's own tests
// (issue #37) — the launcher's and the soak's short version — alone on the machine, so that the
// soak's timings measure the fleet and not the other test files. They need a PostgreSQL server
// (DATABASE_URL), HAProxy and PgBouncer; without DATABASE_URL there is no fleet to start, as for
// the other server tests (the api-pg project), and this says so.
import { spawnSync } from 'node:child_process';

if (!process.env.DATABASE_URL) {
  console.log('test:fleet: DATABASE_URL is not set, so there is no PostgreSQL server to run a fleet on; the fleet tests run when it is (as in CI).');
  process.exit(0);
}
const run = spawnSync('npx', ['vitest', 'run', '--project', 'api-fleet-pg'], {
  stdio: 'inherit',
  env: { ...process.env, DUKKAN_FLEET_TESTS: '1' },
});
process.exit(run.status ?? 1);
