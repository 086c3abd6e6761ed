// The soak test's short version (issue #37): 3 API processes behind HAProxy for 60 s of mixed load
// from 20 shoppers, one process killed (`kill -9`) after 30 s and PgBouncer restarted after 45 s;
// then the checks of `npm run soak`. Only in the `api-fleet-pg` project, run alone by
// `npm run test:fleet` (it needs the PostgreSQL server, HAProxy, PgBouncer and a build), never in
// the plain `api` one.
import { inject, it, expect } from 'vitest';

import { freePorts } from '../../bench/soak/fleet';
import { runSoak } from '../../bench/soak/run';

it('keeps every acknowledged write, sells no unit twice and mails each paid order once through a kill and a PgBouncer restart', async () => {
  const processes = 3;
  const report = await runSoak({
    databaseUrl: inject('pgUrl'),
    durationS: 60,
    killEveryS: 30,
    processes,
    pgbouncerRestart: true,
    shoppers: 20,
    thinkMs: 1_000,
    port: await freePorts(3300, processes + 1),
    pgbouncerPort: await freePorts(6450, 1, 1),
    mode: 'fleet',
    log: () => undefined,
  });
  if (!report.pass) console.error(report.text);

  expect(report.disruptions.filter((d) => d.kind === 'kill')).toHaveLength(1);
  expect(report.disruptions.every((d) => d.backAt !== undefined)).toBe(true);
  expect(report.writes.orders).toBeGreaterThan(0);
  expect(report.writes.lost).toBe(0);
  expect(report.stock.oversold).toBe(0);
  expect(report.mail.missing).toBe(0);
  expect(report.mail.strays).toBe(0);
  expect(report.mail.duplicates).toBeLessThanOrEqual(report.mail.duplicateBound);
  expect(report.failures.unexplained).toBe(0);
  expect(report.failures.maxPerShopperPerDisruption).toBeLessThanOrEqual(2);
  expect(report.failures.total).toBeLessThanOrEqual(report.failures.bound);
  expect(report.pass).toBe(true);
  expect(report.text.split('\n').at(-1)).toMatch(/^soak: PASS \(/);
}, 400_000);
