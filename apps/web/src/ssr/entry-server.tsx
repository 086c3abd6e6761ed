// The server's half of the storefront, bundled by `vite build --ssr` (dist/server/entry-server.js)
// and called by the API process for every page (apps/api/src/modules/web/ssr.ts), or by Vite's dev
// server (vite.config.ts). It renders a page completely, with its data, before a byte is sent.
import type { Language } from '@dukkan/contracts/common';
import type { PageRenderInput, PageRenderOutput } from '@dukkan/contracts/ssr';
import createEmotionServer from '@emotion/server/create-instance';
import { QueryStatus } from '@reduxjs/toolkit/query';
import { createInstance, type i18n as I18n } from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createStaticHandler, createStaticRouter, type RouteObject, type StaticHandler, StaticRouterProvider } from 'react-router';

import { api } from '../app/api';
import { AppShell } from '../app/app-shell';
import { sharedOptions } from '../app/i18n';
import { routes, SESSION_NAMESPACES } from '../app/router';
import { serializeSsrState, SSR_STATE_ID, type SsrState } from '../app/ssr-state';
import { createAppStore, type AppStore } from '../app/store';
import { emotionCacheFor } from '../components/mui/emotion-cache';
import { type Direction, directionOf } from '../lib/direction';
import { calendarDay } from '../lib/use-today';

import { pageHead } from './head';
import { prefetchPageData } from './prefetch';
import { routeAssets, type ClientManifest } from './route-assets';
import { contentRenderedOnServer, matchedHandles, serverPages } from './route-handles';
import { placeScripts } from './scripts-template';

export interface RenderInput extends PageRenderInput {
  /** Vite's client manifest, to preload the page's own chunks and styles; absent in development. */
  manifest?: ClientManifest;
  /** The moment of rendering (tests fix it). */
  now?: Date;
}

export type RenderOutput = PageRenderOutput;

/** Renders stop once a render asks for nothing new; with the page's data fetched first (prefetch.ts), one is usual. */
export const MAX_RENDER_PASSES = 4;

const emotionServers = new Map<Direction, ReturnType<typeof createEmotionServer>>();

function emotionServerFor(direction: Direction) {
  let server = emotionServers.get(direction);
  if (!server) {
    server = createEmotionServer(emotionCacheFor(direction));
    emotionServers.set(direction, server);
  }
  return server;
}

function serverI18n(language: Language, translations: Record<string, unknown>): I18n {
  const instance = createInstance();
  void instance.init({
    ...sharedOptions,
    lng: language,
    // Only the page's language: what the browser is given must translate the same way.
    fallbackLng: false,
    resources: { [language]: translations } as Record<string, Record<string, Record<string, unknown>>>,
    ns: Object.keys(translations),
    initAsync: false,
    react: { useSuspense: false },
  });
  return instance;
}

/**
 * The `<style>` elements of what `body` shows. The style cache is shared by every page of a
 * direction (app/emotion-cache.ts), and Emotion counts each `@keyframes` any page has used as a
 * global style of every later page: those no style of this page names are left out, so a page's
 * HTML does not depend on the pages rendered before it.
 */
function criticalStyles(emotion: ReturnType<typeof createEmotionServer>, body: string): string {
  const { html, styles } = emotion.extractCriticalToChunks(body);
  const keyframes = (chunk: (typeof styles)[number]) => chunk.ids.length === 1 && (chunk.ids[0] ?? '').startsWith('animation-');
  const named = styles
    .filter((chunk) => !keyframes(chunk))
    .map((chunk) => chunk.css)
    .join('');
  return emotion.constructStyleTagsFromChunks({ html, styles: styles.filter((chunk) => !keyframes(chunk) || named.includes(chunk.ids[0] ?? '')) });
}

/** What an entry of RTK Query's cache holds that differs from one render of a page to the next. */
const RENDER_SPECIFIC = new Set(['requestId', 'startedTimeStamp', 'fulfilledTimeStamp']);

function withoutKeys(entry: object | undefined, keys: ReadonlySet<string>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(entry ?? {}).filter(([key]) => !keys.has(key)));
}

/**
 * Lists of products the browser shows only as cards (grids, sliders, search results): what a
 * card never shows (the description, the gallery's pictures) is left out of the hand-over — the
 * product page reads its product from a query of its own. About half of a list's bytes.
 */
const CARD_LISTS = new Set(['listCategoryProducts', 'searchProducts']);
const NOT_ON_CARDS = new Set(['description', 'images']);

function forCards(entry: Record<string, unknown>): Record<string, unknown> {
  if (!CARD_LISTS.has(String(entry.endpointName))) return entry;
  const data = entry.data as { data?: unknown[] } | undefined;
  if (!data?.data) return entry;
  const products = data.data.map((product) => (typeof product === 'object' && product !== null ? withoutKeys(product, NOT_ON_CARDS) : product));
  return { ...entry, data: { ...data, data: products } };
}

/** The settled part of RTK Query's cache, as `serverDataReceived` takes it back in the browser. */
function apiHandover(store: AppStore): unknown {
  const { queries, provided } = store.getState().api;
  const settled = Object.fromEntries(
    Object.entries(queries)
      .filter(([, entry]) => entry?.status === QueryStatus.fulfilled || entry?.status === QueryStatus.rejected)
      // Without what differs from render to render (a random request id, the times), so that the
      // same page renders to the same HTML, and a browser revalidating it gets a 304 (its ETag
      // is the HTML's hash). The browser dates the entries when it receives them (app/api.ts).
      .map(([key, entry]) => [key, forCards({ ...withoutKeys(entry, RENDER_SPECIFIC), requestId: 'server' })]),
  );
  return { queries: settled, provided, mutations: {} };
}

/** The namespaces a render used, for the browser's first render (react-i18next records them). */
function usedTranslations(i18n: I18n, translations: Record<string, unknown>, more: readonly string[]): Record<string, unknown> {
  const used = (i18n as I18n & { reportNamespaces?: { getUsedNamespaces(): string[] } }).reportNamespaces?.getUsedNamespaces() ?? [];
  return Object.fromEntries([...new Set(['common', ...used, ...more])].filter((ns) => ns in translations).map((ns) => [ns, translations[ns]]));
}

/**
 * Renders the page at `url`: routes matched, the page rendered as often as it asks for more data
 * (RTK Query starts queries during a server render) and the last render kept, with the critical
 * CSS of what it shows, the head, and the state the browser hydrates with. What the server knows
 * of the page it reads from the matched routes' handles (app/route-handle.ts): whether it renders
 * the content, the page's server part (data to prefetch, head, status), the page module to preload.
 */
async function renderPage(handler: StaticHandler, input: RenderInput): Promise<RenderOutput> {
  const { url, origin, language, translations, template, manifest } = input;
  const requestUrl = new URL(url, origin);
  const context = await handler.query(new Request(requestUrl, { headers: { accept: 'text/html' } }));
  if (context instanceof Response) {
    return { status: context.status, html: '', location: context.headers.get('location') ?? '/' };
  }

  const direction = directionOf(language);
  // Before rendering: it switches the cache to collecting styles instead of writing them into the HTML.
  const emotion = emotionServerFor(direction);
  const i18n = serverI18n(language, translations);
  const store = createAppStore(undefined, { transport: { baseUrl: input.apiBaseUrl, fetchFn: input.fetchFn } });
  const router = createStaticRouter(handler.dataRoutes, context);
  const renderDay = calendarDay(input.now ?? new Date());
  const page = (
    <I18nextProvider i18n={i18n}>
      <AppShell store={store} renderDay={renderDay} serverRendered>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppShell>
    </I18nextProvider>
  );

  const handles = matchedHandles(context.matches);
  const publicPage = contentRenderedOnServer(handles);
  const pages = await serverPages(handles);
  const params = context.matches.at(-1)?.params ?? {};
  await prefetchPageData(store.dispatch, { pages, params, url: requestUrl, language });

  let body = '';
  let passes = 0;
  while (passes < MAX_RENDER_PASSES) {
    passes += 1;
    body = renderToString(page);
    const started = await Promise.all(store.dispatch(api.util.getRunningQueriesThunk()));
    if (started.length === 0) break;
  }

  const styles = criticalStyles(emotion, body);
  const head = pageHead({
    pages,
    params,
    url: requestUrl,
    language,
    origin,
    t: {
      common: i18n.getFixedT(language, 'common'),
      catalog: i18n.getFixedT(language, 'catalog'),
      shopping: i18n.getFixedT(language, 'shopping'),
      help: i18n.getFixedT(language, 'help'),
    },
    state: store.getState(),
  });
  const state: SsrState = {
    language,
    // A session's page renders in the browser, with the texts it would otherwise fetch first.
    resources: usedTranslations(i18n, translations, publicPage ? [] : SESSION_NAMESPACES),
    api: apiHandover(store),
    renderDay,
  };
  const status = context.statusCode !== 200 ? context.statusCode : head.status;
  const assets = routeAssets(manifest, handles);
  const placed = placeScripts(template, assets.scripts, { afterPaint: publicPage });
  const html = placed.template
    .replace(/<html[^>]*>/, `<html lang="${language}" dir="${direction}">`)
    // Functions, not strings: a `$&` in a product's text must stay as it is.
    .replace('<!--app-head-->', () => `${head.tags}\n    ${assets.styles}${placed.head}${styles}`)
    .replace('<!--app-html-->', () => body)
    .replace('<!--app-state-->', () => `<script type="application/json" id="${SSR_STATE_ID}">${serializeSsrState(state)}</script>`);
  return { status, html, passes };
}

/** The renderer of a route table (`render`'s is the shop's; tests give their own). */
export function createRenderer(routeTable: RouteObject[]): (input: RenderInput) => Promise<RenderOutput> {
  const handler = createStaticHandler(routeTable);
  return (input) => renderPage(handler, input);
}

/** Renders the shop's page at `url` (renderPage). */
export const render = createRenderer(routes);
