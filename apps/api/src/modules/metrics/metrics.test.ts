import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { CheckoutSessionResponseSchema } from '@dukkan/contracts/orders';
import type { FastifyBaseLogger } from 'fastify';
import { Histogram, Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../../app';
import { isEmbedded, type Database } from '../../db/client';
import { outbox } from '../../db/schema';
import { Metrics, PAGE_ROUTE, UNMATCHED_ROUTE } from '../../lib/metrics';
import { orderFixtures } from '../../test/order-fixtures';
import { productSupply } from '../../test/shop-fixtures';
import { testConfig, useTestApp } from '../../test/test-app';

// Two sign-ups per address: the test's one shopper, then one more, then a 429.
const t = useTestApp({ env: { SIGNUP_LIMIT: '2' } });
const supply = productSupply(() => t.database.db);
const { placedOrder } = orderFixtures(t);

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of an exposition (Prometheus' text format), HELP and TYPE lines aside. */
function samplesOf(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, name, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[name!] = value!;
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

async function scrape(): Promise<{ text: string; samples: Sample[] }> {
  const res = await t.app.inject({ method: 'GET', url: '/metrics' });
  expect(res.statusCode).toBe(200);
  return { text: res.body, samples: samplesOf(res.body) };
}

/** The value of the one sample named `name` whose labels include `labels` (undefined when there is none). */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  if (found.length > 1) throw new Error(`${name} ${JSON.stringify(labels)}: ${found.length} samples`);
  return found[0]?.value;
}

const SERIES = [
  'dukkan_http_requests_total',
  'dukkan_http_request_duration_seconds',
  'dukkan_db_pool_connections',
  'dukkan_outbox_pending',
  'dukkan_outbox_failed',
  'dukkan_outbox_oldest_pending_seconds',
  'dukkan_render_workers',
  'dukkan_render_workers_busy',
  'dukkan_render_queue',
  'dukkan_cache_requests_total',
  'dukkan_signin_failures_total',
  'dukkan_rate_limited_total',
  'dukkan_orders_placed_total',
  'dukkan_orders_paid_total',
  'nodejs_eventloop_lag_seconds',
  'nodejs_eventloop_lag_p99_seconds',
];

describe('GET /metrics', () => {
  it('answers in Prometheus text format, never cached, with every series of issue #37', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(Registry.PROMETHEUS_CONTENT_TYPE);
    expect(res.headers['cache-control']).toBe('no-store');
    for (const name of SERIES) expect(res.body, name).toContain(`# TYPE ${name} `);
    // Not in the OpenAPI document: it is no part of the shop's API.
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).not.toContain('/metrics');
  });

  it('answers 404 to a request a load balancer passed on (X-Forwarded-For), however HAProxy was got past', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('dukkan_');
  });

  it("reads the outbox at scrape time: pending, failed, and the oldest pending mail's age", async () => {
    const before = (await scrape()).samples;
    const pendingBefore = valueOf(before, 'dukkan_outbox_pending') ?? 0;
    const failedBefore = valueOf(before, 'dukkan_outbox_failed') ?? 0;
    const mail = { kind: 'password-reset', recipient: 'metrics@example.com', subject: 'Test', textBody: 'Test', htmlBody: '<p>Test</p>' };
    // Due in an hour (the worker leaves it alone), written an hour ago.
    await t.database.db.insert(outbox).values([
      { ...mail, nextAttemptAt: new Date(Date.now() + 3_600_000), createdAt: new Date(Date.now() - 3_600_000) },
      { ...mail, status: 'failed', attempts: 5 },
      { ...mail, status: 'sent', attempts: 1, sentAt: new Date() },
    ]);
    const after = (await scrape()).samples;
    expect(valueOf(after, 'dukkan_outbox_pending')).toBe(pendingBefore + 1);
    expect(valueOf(after, 'dukkan_outbox_failed')).toBe(failedBefore + 1);
    expect(valueOf(after, 'dukkan_outbox_oldest_pending_seconds')).toBeGreaterThanOrEqual(3_599);
  });

  it('counts requests and their latency by route pattern and status, unmatched paths under one label', async () => {
    const list = await t.get('/api/product?pageSize=1');
    const id = (list.body as { data: { _id: string }[] }).data[0]!._id;
    expect((await t.get(`/api/product/${id}`)).status).toBe(200);
    expect((await t.get(`/api/product/${id}`)).status).toBe(200);
    expect((await t.get('/api/no-such-thing')).status).toBe(404);
    expect((await t.get('/api/no-such-thing-either')).status).toBe(404);

    const { text, samples } = await scrape();
    expect(valueOf(samples, 'dukkan_http_requests_total', { route: '/api/product/:id', method: 'GET', status: '200' })).toBe(2);
    expect(valueOf(samples, 'dukkan_http_requests_total', { route: UNMATCHED_ROUTE, method: 'GET', status: '404' })).toBe(2);
    // Never the raw URL: neither the product's id nor the unknown paths appear.
    expect(text).not.toContain(id);
    expect(text).not.toContain('no-such-thing');
    expect(valueOf(samples, 'dukkan_http_request_duration_seconds_count', { route: '/api/product/:id', method: 'GET', status: '200' })).toBe(2);
    expect(valueOf(samples, 'dukkan_http_request_duration_seconds_bucket', { route: '/api/product/:id', status: '200', le: '+Inf' })).toBe(2);
    expect(valueOf(samples, 'dukkan_http_request_duration_seconds_sum', { route: '/api/product/:id', status: '200' })).toBeGreaterThan(0);
    // The second read of the product came from the response cache.
    expect(valueOf(samples, 'dukkan_cache_requests_total', { cache: 'response', result: 'hit' })).toBeGreaterThanOrEqual(1);
    expect(valueOf(samples, 'dukkan_cache_requests_total', { cache: 'response', result: 'miss' })).toBeGreaterThanOrEqual(1);
    expect(valueOf(samples, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
  });

  it("reports the database pool's connections on a server, and none on the embedded database", async () => {
    const { samples } = await scrape();
    const states = ['in_use', 'idle', 'waiting'].map((state) => valueOf(samples, 'dukkan_db_pool_connections', { state }));
    if (isEmbedded(t.database.db)) {
      expect(states).toEqual([undefined, undefined, undefined]);
    } else {
      for (const value of states) expect(value).toBeGreaterThanOrEqual(0);
      expect(states[0]! + states[1]!).toBeGreaterThanOrEqual(1);
    }
  });

  it("counts a shopper's failed sign-in and a staff member's, not a missing page", async () => {
    const before = (await scrape()).samples;
    expect(valueOf(before, 'dukkan_signin_failures_total', { who: 'shopper' })).toBe(0);
    expect(valueOf(before, 'dukkan_signin_failures_total', { who: 'staff' })).toBe(0);

    const shopper = await t.request('POST', '/api/users/signin', { body: { email: 'nobody-metrics@example.com', password: 'not-the-password-1' } });
    expect(shopper.status).toBe(401);
    const staff = await t.request('POST', '/api/admin/session', { body: { email: 'nobody-metrics@example.com', password: 'not-the-password-1' } });
    expect(staff.status).toBe(401);

    const after = (await scrape()).samples;
    expect(valueOf(after, 'dukkan_signin_failures_total', { who: 'shopper' })).toBe(1);
    expect(valueOf(after, 'dukkan_signin_failures_total', { who: 'staff' })).toBe(1);
    expect(valueOf(after, 'dukkan_http_requests_total', { route: '/api/users/signin', method: 'POST', status: '401' })).toBe(1);
  });

  it('counts orders placed and paid, and the render gauges read zero with nothing rendering', async () => {
    const [product] = await supply.take(1, { stock: 5, priceCents: 1000 });
    const { shopper, order } = await placedOrder([{ _id: product!, quantity: 1 }]);
    const session = await t.request('POST', '/api/stripe/create-checkout-session', { as: shopper, body: { order, userId: shopper.id } });
    expect(session.status).toBe(200);
    const url = CheckoutSessionResponseSchema.parse(session.body).url;
    const paid = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ name: 'Omar Hassan', number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' }).toString(),
    });
    expect(paid.statusCode).toBe(303);

    const { samples } = await scrape();
    expect(valueOf(samples, 'dukkan_orders_placed_total')).toBe(1);
    expect(valueOf(samples, 'dukkan_orders_paid_total')).toBe(1);
    expect(valueOf(samples, 'dukkan_render_workers_busy')).toBe(0);
    expect(valueOf(samples, 'dukkan_render_queue')).toBe(0);
  });

  it('counts every 429 by route', async () => {
    let status = 0;
    for (let i = 0; i < 3 && status !== 429; i += 1) {
      const res = await t.request('POST', '/api/users/signup', { body: { name: 'Metrics', email: `metrics-${i}-${Date.now()}@example.com`, password: 'a-Long-test-passphrase-7' } });
      status = res.status;
    }
    expect(status).toBe(429);
    const { samples } = await scrape();
    expect(valueOf(samples, 'dukkan_rate_limited_total', { route: '/api/users/signup' })).toBe(1);
    expect(valueOf(samples, 'dukkan_http_requests_total', { route: '/api/users/signup', method: 'POST', status: '429' })).toBe(1);
  });

  it('counts server-rendered pages against the page cache, under their own route label', async () => {
    for (const url of ['/?metrics=1', '/?metrics=1', '/no-such-page-metrics', '/no-such-page-metrics']) await t.app.inject({ method: 'GET', url });
    const { text, samples } = await scrape();
    expect(valueOf(samples, 'dukkan_http_requests_total', { route: '/', method: 'GET', status: '200' })).toBe(2);
    // The storefront's 404 page, answered by the not-found handler: a page, not an unmatched API path.
    expect(valueOf(samples, 'dukkan_http_requests_total', { route: PAGE_ROUTE, method: 'GET', status: '404' })).toBe(2);
    expect(text).not.toContain('no-such-page-metrics');
    expect(valueOf(samples, 'dukkan_cache_requests_total', { cache: 'page', result: 'miss' })).toBe(2);
    expect(valueOf(samples, 'dukkan_cache_requests_total', { cache: 'page', result: 'hit' })).toBe(2);
    // Pages render in the test's own thread (SSR_WORKERS=0): one worker, idle now.
    expect(valueOf(samples, 'dukkan_render_workers')).toBe(1);
  });
});

describe('the latency histogram', () => {
  it("gives the exposition prom-client's own histogram gives for the same answers", async () => {
    const metrics = new Metrics({ db: t.database.db, log: t.app.log });
    const registry = new Registry();
    const plain = new Histogram({
      name: 'dukkan_http_request_duration_seconds',
      help: 'plain',
      labelNames: ['route', 'method', 'status'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    const answers: [string, string, number, number][] = [
      ['/api/product/:id', 'GET', 200, 0.4],
      ['/api/product/:id', 'GET', 200, 1],
      ['/api/product/:id', 'GET', 200, 1.0001],
      ['/api/product/:id', 'GET', 304, 0],
      ['/api/orders', 'POST', 201, 250],
      [UNMATCHED_ROUTE, 'GET', 404, 12_000],
      ['/api/product/:id', 'GET', 200, 7.5],
    ];
    for (const [route, method, status, ms] of answers) {
      metrics.observeResponse(route, method, status, ms);
      plain.observe({ route, method, status: String(status) }, ms / 1000);
    }
    const lines = (text: string) =>
      text
        .split('\n')
        .filter((line) => line.startsWith('dukkan_http_request_duration_seconds'))
        .map((line) => {
          // Label order aside: each line as its name, sorted labels and value.
          const sample = samplesOf(line)[0]!;
          return `${sample.name} ${JSON.stringify(Object.entries(sample.labels).sort())} ${sample.value}`;
        })
        .sort();
    const ours = lines(await metrics.exposition());
    expect(ours).toHaveLength(4 * 16);
    expect(ours).toEqual(lines(await registry.metrics()));
    expect(samplesOf(await metrics.exposition()).filter((s) => s.name === 'dukkan_http_requests_total').map((s) => s.value)).toEqual([4, 1, 1, 1]);
  });
});

describe('the outbox gauges', () => {
  it('read NaN, not 0, when the database does not answer', async () => {
    const down = { execute: () => Promise.reject(new Error('the database is down')) } as unknown as Database;
    const warnings: unknown[] = [];
    const log = { warn: (...args: unknown[]) => void warnings.push(args) } as unknown as FastifyBaseLogger;
    const samples = samplesOf(await new Metrics({ db: down, log }).exposition());
    for (const name of ['dukkan_outbox_pending', 'dukkan_outbox_failed', 'dukkan_outbox_oldest_pending_seconds']) expect(valueOf(samples, name)).toBeNaN();
    // One query for the three gauges, one warning.
    expect(warnings).toHaveLength(1);
  });
});

// A stand-in for the storefront's server entry that takes a second over each page (as in
// modules/web/server-rendering.test.ts).
const SLOW_ENTRY = `
export async function render({ url, template }) {
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  return { status: 200, html: template.replace('<!--app-html-->', () => url) };
}
`;

describe.each([0, 1])('the render gauges, SSR_WORKERS=%i', (workers) => {
  let dist: string;
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(os.tmpdir(), 'dukkan-metrics-ssr-'));
    await mkdir(path.join(dist, 'server'));
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><html><body><div id="root"><!--app-html--></div></body></html>');
    await writeFile(path.join(dist, 'server', 'entry-server.js'), SLOW_ENTRY);
    await writeFile(path.join(dist, 'package.json'), '{ "type": "module" }');
    app = await buildApp({ config: testConfig({ LOG_LEVEL: 'silent', SSR_WORKERS: String(workers) }), db: t.database.db, webDistDir: dist });
  });
  afterAll(async () => {
    await app.close();
    await rm(dist, { recursive: true, force: true });
  });

  const gauges = async () => {
    const samples = samplesOf((await app.inject({ method: 'GET', url: '/metrics' })).body);
    return ['dukkan_render_workers', 'dukkan_render_workers_busy', 'dukkan_render_queue'].map((name) => valueOf(samples, name));
  };

  it('show one busy worker and the pages queued behind its first while three render, nothing after', async () => {
    // The worker loaded and idle first.
    expect((await app.inject({ method: 'GET', url: '/warm' })).statusCode).toBe(200);
    expect(await gauges()).toEqual([1, 0, 0]);
    const pages = ['/a', '/b', '/c'].map((url) => app.inject({ method: 'GET', url }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await gauges()).toEqual([1, 1, 2]);
    for (const page of await Promise.all(pages)) expect(page.statusCode).toBe(200);
    expect(await gauges()).toEqual([1, 0, 0]);
  });
});
