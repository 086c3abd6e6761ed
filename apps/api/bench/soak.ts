// `npm run soak` (issue #37): the fleet under 10 minutes of mixed load from simulated shoppers,
// one API process killed (`kill -9`) every 2 minutes and PgBouncer restarted once; then the
// checks (no acknowledged write lost, nothing oversold, one confirmation mail per paid order,
// failures only at a kill) and p95 latency per request before, during and after the kills.
// Needs DATABASE_URL (the PostgreSQL server; a fresh database is made and dropped) and a build.
//
//   npm run soak -- [--duration 600] [--kill-every 120] [--processes 3] [--pgbouncer-restart | --no-pgbouncer-restart]
//                   [--shoppers 20] [--think-ms 1500] [--port 3300] [--pgbouncer-port 6450] [--single] [--keep]
//
// `--single`: one `node apps/api/dist/server.js` on the port, no HAProxy, no kills (developing
// the load without the launcher). Exits 0 when the soak passes, 1 when it fails.
import { parseArgs } from 'node:util';

import { DEFAULT_OPTIONS, runSoak } from './soak/run';

const { values } = parseArgs({
  options: {
    duration: { type: 'string' },
    'kill-every': { type: 'string' },
    processes: { type: 'string' },
    'pgbouncer-restart': { type: 'boolean' },
    'no-pgbouncer-restart': { type: 'boolean' },
    shoppers: { type: 'string' },
    'think-ms': { type: 'string' },
    port: { type: 'string' },
    'pgbouncer-port': { type: 'string' },
    single: { type: 'boolean' },
    keep: { type: 'boolean' },
  },
});

function whole(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} must be a whole number, not ${text}`);
  return value;
}

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('soak: set DATABASE_URL to the PostgreSQL server (e.g. postgres://postgres@127.0.0.1:5432/postgres)');
  process.exit(2);
}

const report = await runSoak({
  databaseUrl,
  durationS: whole('duration', values.duration, DEFAULT_OPTIONS.durationS),
  killEveryS: whole('kill-every', values['kill-every'], DEFAULT_OPTIONS.killEveryS),
  processes: whole('processes', values.processes, DEFAULT_OPTIONS.processes),
  pgbouncerRestart: values['no-pgbouncer-restart'] ? false : (values['pgbouncer-restart'] ?? DEFAULT_OPTIONS.pgbouncerRestart),
  shoppers: whole('shoppers', values.shoppers, DEFAULT_OPTIONS.shoppers),
  thinkMs: whole('think-ms', values['think-ms'], DEFAULT_OPTIONS.thinkMs),
  port: whole('port', values.port, DEFAULT_OPTIONS.port),
  pgbouncerPort: whole('pgbouncer-port', values['pgbouncer-port'], DEFAULT_OPTIONS.pgbouncerPort),
  mode: values.single ? 'single' : 'fleet',
  keep: values.keep ?? false,
});
console.log(report.text);
process.exitCode = report.pass ? 0 : 1;
