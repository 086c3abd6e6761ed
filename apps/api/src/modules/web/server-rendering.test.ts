import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../../app';
import { createTestDatabase, testConfig, type TestDatabase } from '../../test/test-app';

// A stand-in for the storefront's server entry (apps/web/dist/server/entry-server.js): it shows
// what it was given, calls the API through the `fetch` it was given, marks each render with an id
// of its own and the thread it ran in, and answers 404, 503, throws or ends its worker for some
// paths. The real entry is tested in the browser (e2e).
const ENTRY = `
import { randomUUID } from 'node:crypto';
import { isMainThread } from 'node:worker_threads';
export async function render({ url, origin, language, apiBaseUrl, fetchFn, translations, template }) {
  if (url.startsWith('/boom')) throw new Error('render failed');
  if (url.startsWith('/crash') && !isMainThread) process.exit(3);
  if (url.startsWith('/slow')) await new Promise((resolve) => setTimeout(resolve, 300));
  const categories = await (await fetchFn(apiBaseUrl + '/categories/', { headers: { lng: language } })).json();
  const status = url.startsWith('/missing') ? 404 : url.startsWith('/unavailable') ? 503 : 200;
  const body = JSON.stringify({ url, origin, language, render: randomUUID(), mainThread: isMainThread, first: categories.data[0].label, brand: translations.common.brand });
  return { status, html: template.replace('<!--app-html-->', () => body) };
}
`;
const TEMPLATE = '<!doctype html><html><body><div id="root"><!--app-html--></div></body></html>';
const TTL_MS = 300;

let dist: string;
let database: TestDatabase;

interface Shown {
  url: string;
  origin: string;
  language: string;
  /** An id of this render of its own. */
  render: string;
  mainThread: boolean;
  first: string;
  brand: string;
}

function shown(html: string): Shown {
  const match = /<div id="root">(.*)<\/div>/.exec(html);
  expect(match, html).not.toBeNull();
  return JSON.parse(match![1]!) as Shown;
}

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'dukkan-ssr-'));
  await mkdir(path.join(dist, 'server'));
  await writeFile(path.join(dist, 'index.html'), TEMPLATE);
  await writeFile(path.join(dist, 'server', 'entry-server.js'), ENTRY);
  // As apps/web/package.json says of the real one: the entry is an ES module.
  await writeFile(path.join(dist, 'package.json'), '{ "type": "module" }');
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
  await database.destroy();
  await rm(dist, { recursive: true, force: true });
});

// SSR_WORKERS=0 renders in the API's own thread; 2, in two worker threads (the default on 2 cores).
describe.each([0, 2])('pages rendered on the server, SSR_WORKERS=%i', (workers) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    const config = testConfig({ LOG_LEVEL: 'silent', SSR_WORKERS: String(workers) });
    app = await buildApp({ config, db: database.db, webDistDir: dist, pageCacheTtlMs: TTL_MS, maxRendersInFlight: 3 });
  });
  afterAll(async () => {
    await app.close();
  });

  it('renders a page with data the API answered in the same process, revalidated by ETag', async () => {
    const res = await app.inject({ method: 'GET', url: '/Grocery?x=1', headers: { host: 'shop.test' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toMatch(/Cookie/);
    const page = shown(res.body);
    expect(page).toMatchObject({ url: '/Grocery?x=1', origin: 'http://shop.test', language: 'en', first: 'Grocery', brand: 'Dukkan' });
    expect(page.mainThread).toBe(workers === 0);

    const again = await app.inject({ method: 'GET', url: '/Grocery?x=1', headers: { host: 'shop.test', 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('renders in the language of ?lng=, else of the i18next cookie, else English', async () => {
    const byQuery = shown((await app.inject({ method: 'GET', url: '/lang?lng=ar', cookies: { i18next: 'en' } })).body);
    expect(byQuery).toMatchObject({ language: 'ar', first: 'البقالة', brand: 'دكّان' });
    const byCookie = shown((await app.inject({ method: 'GET', url: '/lang', cookies: { i18next: 'ar' } })).body);
    expect(byCookie.language).toBe('ar');
    const byDefault = shown((await app.inject({ method: 'GET', url: '/lang', headers: { 'accept-language': 'ar' } })).body);
    expect(byDefault.language).toBe('en');
  });

  it('reuses a rendered page for a short time, per language and URL, then renders it again', async () => {
    const first = shown((await app.inject({ method: 'GET', url: '/cached' })).body);
    const second = shown((await app.inject({ method: 'GET', url: '/cached' })).body);
    expect(second.render).toBe(first.render);
    const arabic = shown((await app.inject({ method: 'GET', url: '/cached?lng=ar' })).body);
    expect(arabic.render).not.toBe(first.render);
    await new Promise((resolve) => setTimeout(resolve, TTL_MS + 50));
    const later = shown((await app.inject({ method: 'GET', url: '/cached' })).body);
    expect(later.render).not.toBe(first.render);
  });

  it('renders a page asked for by many at once only once', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => app.inject({ method: 'GET', url: '/together' })));
    expect(new Set(answers.map((res) => shown(res.body).render)).size).toBe(1);
  });

  it("answers with the page's own status; a page that could not get its data is not kept", async () => {
    const missing = await app.inject({ method: 'GET', url: '/missing' });
    expect(missing.statusCode).toBe(404);
    expect(shown(missing.body).url).toBe('/missing');
    const unavailable = shown((await app.inject({ method: 'GET', url: '/unavailable' })).body);
    const retried = await app.inject({ method: 'GET', url: '/unavailable' });
    expect(retried.statusCode).toBe(503);
    expect(shown(retried.body).render).not.toBe(unavailable.render);
  });

  it('sends pages to render in the browser while too many are rendering, and renders again after', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => app.inject({ method: 'GET', url: `/slow/${i}` })));
    const rendered = answers.filter((res) => res.body !== TEMPLATE);
    expect(rendered).toHaveLength(3);
    expect(answers.every((res) => res.statusCode === 200)).toBe(true);
    const later = await app.inject({ method: 'GET', url: '/slow/later' });
    expect(shown(later.body).url).toBe('/slow/later');
  });

  it('sends the page to render in the browser when rendering fails', async () => {
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(TEMPLATE);
  });

  it('never serves the server bundle or the API-like paths as pages', async () => {
    const bundle = await app.inject({ method: 'GET', url: '/server/entry-server.js' });
    expect(bundle.body).not.toContain('export async function render');
    for (const url of ['/api/nothing', '/images/none.svg']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });
});

describe('pages rendered in worker threads', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp({ config: testConfig({ LOG_LEVEL: 'silent', SSR_WORKERS: '2' }), db: database.db, webDistDir: dist });
  });
  afterAll(async () => {
    await app.close();
  });

  it('sends the page to render in the browser when its worker ends, and renders the next in a new one', async () => {
    const res = await app.inject({ method: 'GET', url: '/crash' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(TEMPLATE);
    const pages = await Promise.all([1, 2, 3].map((i) => app.inject({ method: 'GET', url: `/after-crash/${i}` })));
    expect(pages.map((page) => shown(page.body).url)).toEqual(['/after-crash/1', '/after-crash/2', '/after-crash/3']);
  });
});
