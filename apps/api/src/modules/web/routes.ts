import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';

import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';

import type { CatalogWatcher } from '../../lib/catalog-version';
import { requestLanguage } from '../../lib/language';
import type { Metrics } from '../../lib/metrics';
import { CATALOG_CACHE, matchesEtag } from '../../lib/response-cache';

import { loadPageRenderer, type RenderedPage } from './page-renderer';

interface WebRoutesOptions {
  /** The built storefront (apps/web/dist); absent in API-only runs such as `npm run dev`. */
  distDir: string;
  /** Translation files (apps/web/public/locales). */
  localesDir: string;
  /** The shop's public address (PUBLIC_URL) for canonical links; unset: the request's own origin. */
  publicUrl?: string;
  /** How long a rendered page is reused; default `PAGE_CACHE_TTL_MS`. */
  pageCacheTtlMs?: number;
  /** Renders at the same time before pages are sent to render in the browser; default `MAX_RENDERS_IN_FLIGHT`. */
  maxRendersInFlight?: number;
  /** Worker threads that render pages (`SSR_WORKERS`); 0: this thread renders them. */
  renderWorkers: number;
  /** Tells when the catalog changed: every rendered page is dropped then (decision 0034). */
  catalog?: CatalogWatcher;
  /** Counts the page cache's hits and misses and reads the render workers' load (`GET /metrics`). */
  metrics?: Metrics;
}

const API_LIKE = /^\/(api|images|locales|pay)(\/|$)/;

/**
 * Rendered pages are kept half as long as catalog answers (CATALOG_CACHE, 5 s), which they are
 * made from, and dropped at once when the catalog's version moves: a change of stock by an order
 * shows on every page within 7.5 s, a staff change within the time the notification takes.
 */
export const PAGE_CACHE_TTL_MS = CATALOG_CACHE.ttlMs / 2;

/**
 * Pages rendered at the same time, at most. Rendering is CPU work in this one process: past this
 * many, a page that is not in the cache is sent to render in the browser instead, so a burst of
 * uncached pages (a crawler) cannot hold up the API's answers.
 */
export const MAX_RENDERS_IN_FLIGHT = 8;

interface CachedPage extends RenderedPage {
  etag: string;
}

/**
 * Where a search the browser sent without the page's scripts (the header's GET form, field `q`)
 * must go instead of being rendered, or `null`: a blank search goes back to the page it came from
 * (spec section 5: it does nothing), other pages of the shop only, else home; a search with
 * spaces around it goes to the trimmed one, as the box itself would.
 */
export function searchRedirectOf(request: FastifyRequest, publicUrl: string | undefined): string | null {
  const url = new URL(request.url, 'http://shop.invalid');
  if (url.pathname.toLowerCase() !== '/search') return null;
  const q = url.searchParams.get('q') ?? '';
  const trimmed = q.trim();
  if (trimmed !== '') {
    if (trimmed === q) return null;
    url.searchParams.set('q', trimmed);
    return `${url.pathname}${url.search}`;
  }
  const referer = request.headers.referer;
  if (!referer) return '/';
  try {
    const from = new URL(referer);
    const ours = new URL(publicUrl ?? `${request.protocol}://${request.host}`);
    const back = `${from.pathname}${from.search}`;
    // Never back to itself: a blank search page opened from a blank search.
    return from.origin === ours.origin && back !== request.url ? back : '/';
  } catch {
    return '/';
  }
}

/**
 * Serves the translation files, the built React app's assets (hashed: for a year) and its pages:
 * rendered on the server when the app was built with its server entry (`dist/server/`), else the
 * plain index.html for the browser to render. Pages are revalidated every time (ETag).
 */
export const webRoutes: FastifyPluginAsync<WebRoutesOptions> = async (app, { distDir, localesDir, publicUrl, pageCacheTtlMs = PAGE_CACHE_TTL_MS, maxRendersInFlight = MAX_RENDERS_IN_FLIGHT, renderWorkers, catalog, metrics }) => {
  await app.register(fastifyStatic, {
    root: localesDir,
    prefix: '/locales/',
    decorateReply: false,
    cacheControl: false,
    setHeaders: (res) => {
      res.header('cache-control', 'no-cache');
    },
  });

  const indexHtml = path.join(distDir, 'index.html');
  const hasWeb = existsSync(indexHtml);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      index: false,
      cacheControl: false,
      // The server bundle and the manifest are the server's own.
      allowedPath: (pathName) => !pathName.startsWith('/server/') && !pathName.startsWith('/.vite/'),
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  const renderer = hasWeb ? await loadPageRenderer(app, distDir, localesDir, renderWorkers) : null;
  app.addHook('onClose', async () => renderer?.close());
  if (renderer) metrics?.watchRenderLoad(() => renderer.load());
  const lookups = metrics?.cacheLookups('page');
  const pages = new LRUCache<string, CachedPage>({
    max: 2_000,
    maxSize: 128 * 1024 * 1024,
    sizeCalculation: (page) => page.html.length + 64,
    ttl: pageCacheTtlMs,
  });
  const rendering = new Map<string, Promise<CachedPage>>();
  // Raised when the catalog changes: a page rendered from older data is sent but never kept.
  let generation = 0;
  catalog?.onChange(() => {
    generation += 1;
    pages.clear();
    rendering.clear();
  });

  /** The page from the cache, or rendered (once for every request that asks for it meanwhile). */
  async function pageFor(key: string, render: () => Promise<RenderedPage>): Promise<CachedPage | null> {
    const hit = pages.get(key);
    if (hit) {
      lookups?.hit();
      return hit;
    }
    // Joining a render under way, or sent to the browser, is a miss too: the cache had no page.
    lookups?.miss();
    const inFlight = rendering.get(key);
    if (inFlight) return inFlight;
    if (rendering.size >= maxRendersInFlight) return null;
    const started = generation;
    const pending = (async () => {
      const page = await render();
      const cached = { ...page, etag: `"${createHash('sha1').update(page.html).digest('base64url').slice(0, 27)}"` };
      // A page that could not get its data (5xx) is not kept: the next request tries again.
      if (page.status < 500 && started === generation) pages.set(key, cached);
      return cached;
    })();
    rendering.set(key, pending);
    try {
      return await pending;
    } finally {
      if (rendering.get(key) === pending) rendering.delete(key);
    }
  }

  const sendIndex = (reply: FastifyReply) => reply.header('cache-control', 'no-cache').sendFile('index.html', distDir);

  async function sendPage(request: FastifyRequest, reply: FastifyReply) {
    const searchRedirect = searchRedirectOf(request, publicUrl);
    if (searchRedirect) return reply.header('cache-control', 'no-store').redirect(searchRedirect, 303);
    if (!renderer) return sendIndex(reply);
    const language = requestLanguage(request);
    const origin = publicUrl ?? `${request.protocol}://${request.host}`;
    let page: CachedPage | null;
    try {
      page = await pageFor(`${language} ${origin} ${request.url}`, () => renderer.render(request.url, language, origin));
    } catch (err) {
      // The page still works: the browser renders it.
      request.log.error({ err, url: request.url }, 'server rendering failed; sending the page to render in the browser');
      return sendIndex(reply);
    }
    if (!page) {
      request.log.warn({ url: request.url, inFlight: maxRendersInFlight }, 'too many pages rendering; sending this one to render in the browser');
      return sendIndex(reply);
    }
    if (page.location) return reply.redirect(page.location, page.status);
    reply
      .code(page.status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      // The language comes from `?lng=` (in the URL) or the `i18next` cookie.
      .header('vary', 'Cookie, Accept-Encoding')
      .header('etag', page.etag);
    if (page.status === 200 && matchesEtag(request.headers['if-none-match'], page.etag)) return reply.code(304).send();
    return reply.send(page.html);
  }

  if (hasWeb) {
    // The static plugin refuses the folder itself ('/') with a 403, so the home page is a route.
    app.get('/', { schema: { hide: true } }, sendPage);
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !API_LIKE.test(url);
    if (hasWeb && wantsPage) return sendPage(request, reply);
    return reply.code(404).send({ message: `Not found: ${request.method} ${url}`, code: 'NOT_FOUND' });
  });
};
