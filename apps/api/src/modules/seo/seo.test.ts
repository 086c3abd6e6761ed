import { DEPARTMENT_PATHS } from '@dukkan/contracts/catalog';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../../app';
import { products } from '../../db/schema';
import { registerErrorHandling } from '../../lib/errors';
import { createTestDatabase, testConfig, type TestDatabase } from '../../test/test-app';

import { seoRoutes } from './routes';
import { SITEMAP_MAX_URLS, sitemapPageContents, sitemapPageCount, STATIC_PATHS } from './sitemap';

const PUBLIC_URL = 'https://dukkan.example';

let database: TestDatabase;
/** The whole app with PUBLIC_URL set. */
let app: FastifyInstance;
/** The whole app without PUBLIC_URL, 100 URLs a sitemap page. */
let small: FastifyInstance;
/** The plugin alone, 6 URLs (3 pages of the shop) a sitemap page: pages mixing departments and products. */
let tiny: FastifyInstance;
let productIds: string[];

/** Each `<loc>` of a sitemap or index, unescaped. */
function locs(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => unescapeXml(match[1]!));
}

function unescapeXml(text: string): string {
  return text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');
}

/** Every URL the shop should list at `origin`: each page in English, then Arabic. */
function expectedUrls(origin: string): string[] {
  const paths = [...STATIC_PATHS, ...productIds.map((id) => `/details/${id}`)];
  return paths.flatMap((p) => [new URL(p, origin).href, `${new URL(p, origin).href}?lng=ar`]);
}

/** The `<url>` element whose `<loc>` is `url` (escaped as in the XML). */
function urlElement(xml: string, url: string): string {
  const start = xml.indexOf(`<url><loc>${url.replace(/&/g, '&amp;')}</loc>`);
  return start < 0 ? '' : xml.slice(start, xml.indexOf('</url>', start) + '</url>'.length);
}

/** The index's pages and every URL they list, fetched as a crawler would. */
async function crawl(target: FastifyInstance, host: string): Promise<{ pages: string[]; urls: string[]; bodies: string[] }> {
  const index = await target.inject({ method: 'GET', url: '/sitemap.xml', headers: { host } });
  expect(index.statusCode).toBe(200);
  expect(index.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">\n/);
  const pages = locs(index.body);
  const bodies: string[] = [];
  for (const page of pages) {
    const res = await target.inject({ method: 'GET', url: new URL(page).pathname, headers: { host } });
    expect(res.statusCode, page).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body).toContain('<urlset ');
    bodies.push(res.body);
  }
  return { pages, urls: bodies.flatMap(locs), bodies };
}

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ config: testConfig({ LOG_LEVEL: 'silent', PUBLIC_URL }), db: database.db });
  small = await buildApp({ config: testConfig({ LOG_LEVEL: 'silent' }), db: database.db, sitemapMaxUrls: 100 });
  tiny = Fastify();
  registerErrorHandling(tiny);
  await tiny.register(seoRoutes, { db: database.db, sitemapMaxUrls: 6 });
  productIds = (await database.db.select({ id: products.id }).from(products)).map((row) => row.id);
});
afterAll(async () => {
  await app.close();
  await small.close();
  await tiny.close();
  await database.close();
  await database.destroy();
});

describe('/sitemap.xml', () => {
  it('lists the home page, the nine departments and every product, in English and Arabic, with hreflang alternates', async () => {
    const res = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=5');
    expect(res.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9" xmlns:xhtml="http:\/\/www.w3.org\/1999\/xhtml">\n/,
    );
    expect(res.body.trimEnd().endsWith('</urlset>')).toBe(true);
    expect(productIds.length).toBeGreaterThan(0);
    expect((productIds.length + STATIC_PATHS.length) * 2).toBeLessThanOrEqual(SITEMAP_MAX_URLS);

    const urls = locs(res.body);
    expect(new Set(urls).size).toBe(urls.length);
    expect([...urls].sort()).toEqual(expectedUrls(PUBLIC_URL).sort());
    expect(urls.slice(0, 2)).toEqual([`${PUBLIC_URL}/`, `${PUBLIC_URL}/?lng=ar`]);
    for (const department of Object.values(DEPARTMENT_PATHS)) expect(urls).toContain(`${PUBLIC_URL}${department}?lng=ar`);
  });

  it('names both languages and the default (English) in every entry, and dates the products', async () => {
    const { body } = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(body.match(/<url>/g)).toHaveLength((productIds.length + STATIC_PATHS.length) * 2);
    for (const p of ['/', '/Grocery', `/details/${productIds[0]!}`]) {
      const en = new URL(p, PUBLIC_URL).href;
      const ar = `${en}?lng=ar`;
      for (const url of [en, ar]) {
        const entry = urlElement(body, url);
        expect(entry, url).toContain(`<xhtml:link rel="alternate" hreflang="en" href="${en}"/>`);
        expect(entry, url).toContain(`<xhtml:link rel="alternate" hreflang="ar" href="${ar}"/>`);
        expect(entry, url).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${en}"/>`);
        if (p.startsWith('/details/')) expect(entry).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
        else expect(entry).not.toContain('<lastmod>');
      }
    }
  });

  it('escapes the XML: the & of /Patio&Garden is &amp;, and no bare & is left', async () => {
    const { body } = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(body).toContain('<loc>https://dukkan.example/Patio&amp;Garden</loc>');
    expect(body).toContain('<loc>https://dukkan.example/Auto&amp;tires?lng=ar</loc>');
    expect(body).toContain('hreflang="ar" href="https://dukkan.example/Patio&amp;Garden?lng=ar"');
    expect(body).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
    expect(body).not.toMatch(/<loc>[^<]*[<>"'][^<]*<\/loc>/);
  });

  it('is an index of pages once the catalog passes the URLs a page may hold; the pages together list every URL once', async () => {
    const { pages, urls, bodies } = await crawl(small, 'shop.test:8080');
    const expectedPages = Math.ceil((productIds.length + STATIC_PATHS.length) / 50);
    expect(pages).toEqual(Array.from({ length: expectedPages }, (_, i) => `http://shop.test:8080/sitemaps/${i + 1}.xml`));
    for (const body of bodies) expect(locs(body).length).toBeLessThanOrEqual(100);
    expect(bodies.slice(0, -1).every((body) => locs(body).length === 100)).toBe(true);
    expect(new Set(urls).size).toBe(urls.length);
    expect([...urls].sort()).toEqual(expectedUrls('http://shop.test:8080').sort());
  });

  it('splits pages that mix the departments and the products without losing or repeating one', async () => {
    const { pages, urls, bodies } = await crawl(tiny, 'tiny.test');
    expect(pages).toHaveLength(Math.ceil((productIds.length + STATIC_PATHS.length) / 3));
    for (const body of bodies) expect(locs(body).length).toBeLessThanOrEqual(6);
    // Page 4 holds the last department and the first two products.
    expect(locs(bodies[3]!)).toEqual([
      'http://tiny.test/beauty',
      'http://tiny.test/beauty?lng=ar',
      ...[...productIds].sort().slice(0, 2).flatMap((id) => [`http://tiny.test/details/${id}`, `http://tiny.test/details/${id}?lng=ar`]),
    ]);
    expect(new Set(urls).size).toBe(urls.length);
    expect([...urls].sort()).toEqual(expectedUrls('http://tiny.test').sort());
  });

  it('answers a sitemap page that does not exist with a JSON 404', async () => {
    for (const url of ['/sitemaps/999.xml', '/sitemaps/0.xml', '/sitemaps/01.xml', '/sitemaps/1e0.xml', '/sitemaps/abc.xml', '/sitemaps/-1.xml']) {
      const res = await small.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json(), url).toEqual({ message: expect.any(String) as string, code: 'NOT_FOUND' });
    }
    const res = await app.inject({ method: 'GET', url: '/sitemaps/2.xml' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('uses PUBLIC_URL whatever the Host header says, and otherwise the address asked for (each its own cached copy)', async () => {
    const pinned = await app.inject({ method: 'GET', url: '/sitemap.xml', headers: { host: 'evil.test' } });
    expect(pinned.body).not.toContain('evil.test');
    expect(locs(pinned.body)).toContain(`${PUBLIC_URL}/Grocery`);

    const first = await small.inject({ method: 'GET', url: '/sitemaps/1.xml', headers: { host: 'one.test' } });
    const second = await small.inject({ method: 'GET', url: '/sitemaps/1.xml', headers: { host: 'two.test:3000' } });
    const index = await small.inject({ method: 'GET', url: '/sitemap.xml', headers: { host: 'two.test:3000' } });
    expect(locs(first.body)[0]).toBe('http://one.test/');
    expect(first.body).not.toContain('two.test');
    expect(locs(second.body)[0]).toBe('http://two.test:3000/');
    expect(second.body).not.toContain('one.test');
    expect(locs(index.body)[0]).toBe('http://two.test:3000/sitemaps/1.xml');
  });

  it('is hidden from the API docs', async () => {
    const spec = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(spec.paths).filter((p) => /sitemap|robots/.test(p))).toEqual([]);
  });
});

describe('sitemap pages', () => {
  it('lay out the static pages, then product ranges between consecutive page starts', () => {
    // 3 shop pages a sitemap page: 10 static pages fill pages 1-3 and start page 4.
    const plan = { pagesPer: 3, productStarts: ['b', 'e'] };
    expect(sitemapPageCount(plan)).toBe(6);
    expect(sitemapPageContents(plan, 1)).toEqual({ staticPaths: ['/', '/electronics', '/Grocery'], products: null });
    expect(sitemapPageContents(plan, 4)).toEqual({ staticPaths: ['/beauty'], products: { limit: 2, before: 'b' } });
    expect(sitemapPageContents(plan, 5)).toEqual({ staticPaths: [], products: { limit: 3, from: 'b', before: 'e' } });
    expect(sitemapPageContents(plan, 6)).toEqual({ staticPaths: [], products: { limit: 3, from: 'e' } });
    // One page holds everything.
    expect(sitemapPageCount({ pagesPer: 25_000, productStarts: [] })).toBe(1);
    expect(sitemapPageContents({ pagesPer: 25_000, productStarts: [] }, 1).products).toEqual({ limit: 24_990 });
  });
});

describe('/robots.txt', () => {
  it('keeps the cart, checkout, account, payment pages and the API out and points to the sitemap', async () => {
    const res = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const p of ['/cart', '/checkout', '/userprofile', '/pay', '/api']) expect(lines).toContain(`Disallow: ${p}`);
    expect(lines).toContain('Sitemap: https://dukkan.example/sitemap.xml');
  });

  it('points to the sitemap at the address asked for when PUBLIC_URL is not set', async () => {
    const res = await small.inject({ method: 'GET', url: '/robots.txt', headers: { host: 'shop.test' } });
    expect(res.body).toContain('Sitemap: http://shop.test/sitemap.xml');
    const pinned = await app.inject({ method: 'GET', url: '/robots.txt', headers: { host: 'shop.test' } });
    expect(pinned.body).toContain('Sitemap: https://dukkan.example/sitemap.xml');
  });
});
