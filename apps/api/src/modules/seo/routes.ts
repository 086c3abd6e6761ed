import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';

import type { Database } from '../../db/client';
import type { CatalogWatcher } from '../../lib/catalog-version';
import { notFound } from '../../lib/errors';

import { planSitemap, productPages } from './service';
import {
  robotsTxt,
  shopPagesPerSitemap,
  SITEMAP_MAX_URLS,
  sitemapIndex,
  sitemapPageContents,
  sitemapPageCount,
  sitemapUrlset,
  type SitemapPlan,
} from './sitemap';

interface SeoRoutesOptions {
  db: Database;
  /** The shop's public address (PUBLIC_URL); unset: the origin the request came to. */
  publicUrl?: string;
  /** URLs per sitemap page (default 50 000); tests make it small to see the index. */
  sitemapMaxUrls?: number;
  /** Tells when the catalog changed: the sitemaps are made again then (decision 0034). */
  catalog?: CatalogWatcher;
}

/**
 * Generated sitemaps are reused this long, or until the catalog's version moves (a product
 * published, archived or added): crawlers fetch them often, the catalog changes seldom.
 */
export const SITEMAP_TTL_MS = 10 * 60 * 1000;
/** Crawlers may keep a sitemap a few seconds: a change is in it within 10 s (decision 0034). */
const SITEMAP_CACHE_CONTROL = 'public, max-age=5';
const CACHE_CONTROL = 'public, max-age=3600';
const XML = 'application/xml; charset=utf-8';
/** A sitemap page's number as its URL spells it: `/sitemaps/1.xml`, never `01` or `1e0`. */
const PAGE_NUMBER = /^[1-9]\d{0,8}$/;

/** A plan with a number of its own: the XML made from it is kept under that number. */
interface NumberedPlan {
  plan: SitemapPlan;
  version: number;
}

/**
 * A cache whose values are made once however many requests ask for one meanwhile; a value that
 * could not be made is not kept.
 */
function memo<V extends object | string>(options: LRUCache.Options<string, V, unknown>) {
  const cache = new LRUCache<string, V>(options);
  const making = new Map<string, Promise<V>>();
  let generation = 0;
  const get = async (key: string, make: () => Promise<V>): Promise<V> => {
    const hit = cache.get(key);
    if (hit !== undefined) return hit;
    const inFlight = making.get(key);
    if (inFlight) return inFlight;
    const started = generation;
    const pending = make();
    making.set(key, pending);
    try {
      const value = await pending;
      // Made from a catalog that changed meanwhile: answered, never kept.
      if (started === generation) cache.set(key, value);
      return value;
    } finally {
      if (making.get(key) === pending) making.delete(key);
    }
  };
  /** Forgets every value, and those being made. */
  const clear = () => {
    generation += 1;
    cache.clear();
    making.clear();
  };
  return Object.assign(get, { clear });
}

/** `/sitemap.xml` (an index past 50 000 URLs, with `/sitemaps/{n}.xml`) and `/robots.txt`. */
export const seoRoutes: FastifyPluginAsync<SeoRoutesOptions> = async (app, { db, publicUrl, sitemapMaxUrls = SITEMAP_MAX_URLS, catalog }) => {
  const pagesPer = shopPagesPerSitemap(sitemapMaxUrls);
  const plans = memo<NumberedPlan>({ max: 1, ttl: SITEMAP_TTL_MS });
  // Keyed by plan, origin and page; a full page of 50 000 URLs is some 25 MB.
  const documents = memo<string>({ max: 500, maxSize: 128 * 1024 * 1024, sizeCalculation: (xml) => xml.length + 64, ttl: SITEMAP_TTL_MS });
  let plansMade = 0;
  catalog?.onChange(() => {
    plans.clear();
    documents.clear();
  });

  const originOf = (request: FastifyRequest) => publicUrl ?? `${request.protocol}://${request.host}`;
  const currentPlan = () => plans('plan', async () => ({ plan: await planSitemap(db, pagesPer), version: ++plansMade }));
  const sendXml = (reply: FastifyReply, xml: string) => reply.type(XML).header('cache-control', SITEMAP_CACHE_CONTROL).send(xml);

  /** The `<urlset>` of sitemap page `page` of the plan. */
  async function urlset(origin: string, plan: SitemapPlan, page: number): Promise<string> {
    const { staticPaths, products } = sitemapPageContents(plan, page);
    const productEntries = products ? await productPages(db, products) : [];
    return sitemapUrlset(origin, [...staticPaths.map((path) => ({ path })), ...productEntries]);
  }

  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
    const origin = originOf(request);
    const { plan, version } = await currentPlan();
    const pages = sitemapPageCount(plan);
    const xml = await documents(`${version} ${origin} index`, async () => (pages === 1 ? urlset(origin, plan, 1) : sitemapIndex(origin, pages)));
    return sendXml(reply, xml);
  });

  app.get<{ Params: { page: string } }>('/sitemaps/:page.xml', { schema: { hide: true } }, async (request, reply) => {
    const { page: spelled } = request.params;
    if (!PAGE_NUMBER.test(spelled)) throw notFound('No such sitemap page.');
    const page = Number(spelled);
    const { plan, version } = await currentPlan();
    if (page > sitemapPageCount(plan)) throw notFound('No such sitemap page.');
    const origin = originOf(request);
    return sendXml(reply, await documents(`${version} ${origin} ${page}`, () => urlset(origin, plan, page)));
  });

  app.get('/robots.txt', { schema: { hide: true } }, (request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', CACHE_CONTROL).send(robotsTxt(originOf(request))),
  );
};
