import type { RouteObject } from 'react-router';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import type { RouteHandle } from '../app/route-handle';
import { answerWith, categoriesAnswer, categoryProductsAnswer, productAnswer, type RecordedRequest, reviewsAnswer } from '../test/api-server';
import { category, product, productPage, review, reviewPage } from '../test/fixtures';
import { resources } from '../test/resources';

import type { createRenderer as CreateRenderer, RenderInput, RenderOutput } from './entry-server';
import type { ClientManifest } from './route-assets';
import { BOOT_SCRIPT, SCRIPTS_PLACEHOLDER } from './scripts-template';
import type { ServerPage } from './server-page';

const ENTRY = '<script fetchpriority="low" type="module" crossorigin src="/assets/index-1.js"></script>';
/** index.html as the build makes it (vite/scripts-after-paint.ts). */
const TEMPLATE = `<!doctype html><html><head><!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-state--><template id="dukkan-scripts">${SCRIPTS_PLACEHOLDER}${ENTRY}</template>${BOOT_SCRIPT}</body></html>`;

const preload = (file: string) => `<link fetchpriority="low" rel="modulepreload" crossorigin href="/${file}">`;

function input(url: string, manifest: ClientManifest): RenderInput {
  return {
    url,
    origin: 'http://shop.test',
    language: 'en',
    apiBaseUrl: 'http://shop.test/api',
    // The `fetch` MSW intercepts (test/api-server.ts), looked up when called.
    fetchFn: (...args) => fetch(...args),
    translations: resources.en,
    template: TEMPLATE,
    manifest,
    now: new Date('2026-11-25T10:00:00Z'),
  };
}

/** The server entry as the server has it: `import.meta.env.SSR` set, so the routes carry their handles. */
async function serverEntry() {
  vi.stubEnv('SSR', true);
  vi.resetModules();
  return import('./entry-server');
}

afterAll(() => {
  vi.unstubAllEnvs();
});

describe("what the server knows of a page comes from its route's handle", () => {
  const MANIFEST: ClientManifest = {
    'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_initial.js'] },
    '_initial.js': { file: 'assets/initial-1.js' },
    'src/pages/gone-page.tsx': { file: 'assets/gone-page-1.js', css: ['assets/gone-page-1.css'], imports: ['_initial.js', '_gone-part.js'] },
    '_gone-part.js': { file: 'assets/gone-part-1.js' },
  };
  let createRenderer: typeof CreateRenderer;
  beforeAll(async () => {
    ({ createRenderer } = await serverEntry());
  });

  /**
   * `/gone/:id`, rendered by the server with its head (410) and data; `/mine`, whose parent's handle
   * leaves it to the browser; `/plain`, whose route has no handle.
   */
  function renderer(gone: ServerPage) {
    const routes: RouteObject[] = [
      {
        path: '/',
        children: [
          {
            path: 'gone/:id',
            Component: () => <h1>Gone</h1>,
            handle: { rendering: 'server', assets: 'src/pages/gone-page.tsx', server: () => Promise.resolve(gone) } satisfies RouteHandle,
          },
          { path: 'mine', handle: { rendering: 'browser' } satisfies RouteHandle, children: [{ index: true, Component: () => <p>Loading</p> }] },
          { path: 'plain', Component: () => <p>Loading</p> },
        ],
      },
    ];
    return createRenderer(routes);
  }

  it('renders a page with the head, status, data and chunks its handle gives', async () => {
    const requests = answerWith(categoriesAnswer([category('Grocery')]), productAnswer(product(7)));
    const gone: ServerPage = {
      prefetch: async ({ dispatch, params, language }) => {
        const { catalogApi } = await import('../features/catalog/catalog-api');
        return dispatch(catalogApi.endpoints.getProduct.initiate({ lng: language, id: params.id ?? '' }));
      },
      head: ({ params, state, t }) => ({
        status: 410,
        title: t.common('pageTitle', { page: `Gone: ${params.id}` }),
        description: `${Object.keys(state.api.queries).length} queries`,
        canonical: { path: `/gone/${params.id}` },
      }),
    };
    const page = await renderer(gone)(input(`/gone/${product(7)._id}`, MANIFEST));

    expect(page.status).toBe(410);
    expect(page.html).toContain(`<title>Gone: ${product(7)._id} | Dukkan</title>`);
    expect(page.html).toContain('<meta name="description" content="3 queries">');
    expect(page.html).toContain(`<link rel="canonical" href="http://shop.test/gone/${product(7)._id}">`);
    // The departments and the automatic promotions every page is given, and the product the handle's part asked for, before the one render.
    expect(requests.map((request: RecordedRequest) => request.url.pathname)).toEqual(['/api/categories/', '/api/promotions/automatic', `/api/product/${product(7)._id}`]);
    expect(page.passes).toBe(1);
    expect(page.html).toContain('"title":"Product 7"');
    // The page module's CSS in the head; its chunks wait with the entry's for the first paint.
    expect(page.html).toContain('<link rel="stylesheet" href="/assets/gone-page-1.css">');
    expect(page.html).toContain(`<template id="dukkan-scripts">${preload('assets/gone-page-1.js')}${preload('assets/gone-part-1.js')}${ENTRY}</template>`);
    expect(page.html).toContain(BOOT_SCRIPT);
  });

  it.each(['/mine', '/plain'])("renders %s, which the routes' handles leave to the browser, with the shop's head and its scripts at once", async (path) => {
    answerWith(categoriesAnswer([]));
    const page = await renderer({})(input(path, MANIFEST));

    expect(page.status).toBe(200);
    expect(page.html).toContain('<p>Loading</p>');
    expect(page.html).toContain('<title>Dukkan</title>');
    expect(page.html).toContain('<meta name="robots" content="noindex">');
    expect(page.html).not.toContain('<template');
    expect(page.html).not.toContain(BOOT_SCRIPT);
    expect(page.html).toMatch(/<head>[\s\S]*<script fetchpriority="low" type="module"[^>]*index-1\.js[\s\S]*<\/head>/);
    // The session's texts come with the page.
    expect(page.html).toContain('"account":{');
  });
});

describe("the shop's routes on the server", () => {
  const MANIFEST: ClientManifest = {
    'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_initial.js'] },
    '_initial.js': { file: 'assets/initial-1.js' },
    'src/features/help/terms-page.tsx': { file: 'assets/terms-page-1.js', imports: ['_initial.js'] },
    'src/features/cart/cart-page.tsx': { file: 'assets/cart-page-1.js', imports: ['_initial.js'] },
    'src/features/catalog/department-page.tsx': { file: 'assets/department-page-1.js', imports: ['_initial.js'] },
  };
  let render: (input: RenderInput) => Promise<RenderOutput>;
  beforeAll(async () => {
    ({ render } = await serverEntry());
  });

  /** Olive oil's two reviews of its twelve on the first page: one in Arabic, one with markup typed in it. */
  const oliveReviews = [
    review(1, { rating: 5, title: 'Fresh & green', body: 'Tastes of <b>olives</b>.', author: 'Layla H.', createdAt: '2026-11-20T10:00:00.000Z' }),
    review(2, { rating: 3, title: 'زيت جيد', body: 'لكن الزجاجة صغيرة.', author: 'Omar K.', language: 'ar', createdAt: '2026-11-18T10:00:00.000Z' }),
  ];

  function mockApi(olive = product(7, { title: 'Olive oil', rating: 4.3, reviewCount: 12 })) {
    return answerWith(
      categoriesAnswer([category('Grocery')]),
      productAnswer(olive),
      reviewsAnswer(olive._id, reviewPage(oliveReviews, { all: [...oliveReviews, ...Array.from({ length: 10 }, () => ({ rating: 4 }))] })),
      categoryProductsAnswer(':name', (url) => productPage(1, Number(url.searchParams.get('pageSize') ?? 24), 3)),
    );
  }

  /** The JSON-LD blocks of a page's head, parsed. */
  function structuredData(html: string): Record<string, unknown>[] {
    return [...html.matchAll(/<script type="application\/ld\+json">([^]*?)<\/script>/g)].map(([, json]) => JSON.parse(json ?? '') as Record<string, unknown>);
  }

  it('renders the terms with their head and their chunk after the first paint', async () => {
    mockApi();
    const page = await render(input('/termsOfUs', MANIFEST));
    expect(page.status).toBe(200);
    expect(page.html).toContain('<title>Terms of Use | Dukkan</title>');
    expect(page.html).toContain('<link rel="canonical" href="http://shop.test/termsOfUs">');
    expect(page.html).toContain(`<template id="dukkan-scripts">${preload('assets/terms-page-1.js')}${ENTRY}</template>`);
  });

  it("renders a department with its data in one pass, and its banner's preload", async () => {
    const requests = mockApi();
    const page = await render(input('/Grocery', MANIFEST));
    expect(page.status).toBe(200);
    expect(page.passes).toBe(1);
    expect(requests.some((request) => request.url.pathname === '/api/product/category/Grocery')).toBe(true);
    expect(page.html).toContain('<title>Grocery | Dukkan</title>');
    // The banner is drawn from its WebP copies, and the preload names the same ones (decision 0043).
    const copies = [160, 320, 640, 1280].map((width) => `/images/banners/grocery-hero.svg?w=${width} ${width}w`).join(', ');
    expect(page.html).toContain(
      `<link rel="preload" as="image" href="/images/banners/grocery-hero.svg" imagesrcset="${copies}" imagesizes="(max-width: 1400px) 100vw, 1400px" fetchpriority="high">`,
    );
    expect(page.html).toContain(preload('assets/department-page-1.js'));
  });

  it('renders a product with its structured data, after fetching it and its department first', async () => {
    mockApi();
    const page = await render(input(`/details/${product(7)._id}`, MANIFEST));
    expect(page.status).toBe(200);
    expect(page.passes).toBe(1);
    expect(page.html).toContain('<title>Olive oil | Dukkan</title>');
    expect(page.html).toContain('"@type":"Product"');
  });

  it("describes a reviewed product's rating and first page of reviews in its JSON-LD, and shows them in the first paint (issue #36)", async () => {
    const requests = mockApi();
    const page = await render(input(`/details/${product(7)._id}`, MANIFEST));
    expect(page.passes).toBe(1);
    const asked = requests.find((request) => request.url.pathname === `/api/product/${product(7)._id}/reviews`);
    expect(Object.fromEntries(asked?.url.searchParams ?? [])).toEqual({ sort: 'newest', page: '1', lng: 'en' });

    const described = structuredData(page.html).find((data) => data['@type'] === 'Product');
    expect(described?.aggregateRating).toEqual({ '@type': 'AggregateRating', ratingValue: 4.3, reviewCount: 12, bestRating: 5, worstRating: 1 });
    expect(described?.review).toEqual([
      {
        '@type': 'Review',
        author: { '@type': 'Person', name: 'Layla H.' },
        reviewRating: { '@type': 'Rating', ratingValue: 5, bestRating: 5, worstRating: 1 },
        name: 'Fresh & green',
        reviewBody: 'Tastes of <b>olives</b>.',
        datePublished: '2026-11-20',
        inLanguage: 'en',
      },
      {
        '@type': 'Review',
        author: { '@type': 'Person', name: 'Omar K.' },
        reviewRating: { '@type': 'Rating', ratingValue: 3, bestRating: 5, worstRating: 1 },
        name: 'زيت جيد',
        reviewBody: 'لكن الزجاجة صغيرة.',
        datePublished: '2026-11-18',
        inLanguage: 'ar',
      },
    ]);
    // The markup a shopper typed is text, in the JSON-LD as in the page.
    expect(page.html).not.toContain('<b>olives</b>');

    const main = page.html.slice(page.html.indexOf('<main'), page.html.indexOf('</main>'));
    expect(main).toContain('<section id="reviews" aria-labelledby="reviews-title"');
    expect(main).toContain('(4.3) 12 reviews');
    expect(main).toContain('Tastes of &lt;b&gt;olives&lt;/b&gt;.');
    expect(main).toContain('<span class="dk-review__language">Written in Arabic</span>');
    // The section's texts come with the page, for its hydration.
    expect(page.html).toContain('"reviews":{');
  });

  it("says 'No reviews yet' of a product nobody has reviewed, asks for no reviews and gives search engines no rating (issue #36)", async () => {
    const requests = mockApi(product(7, { title: 'Olive oil', rating: 0, reviewCount: 0 }));
    const page = await render(input(`/details/${product(7)._id}`, MANIFEST));
    expect(page.passes).toBe(1);
    expect(requests.some((request) => request.url.pathname.endsWith('/reviews'))).toBe(false);
    const described = structuredData(page.html).find((data) => data['@type'] === 'Product');
    expect(described).toBeDefined();
    expect(described).not.toHaveProperty('aggregateRating');
    expect(described).not.toHaveProperty('review');
    expect(page.html).not.toContain('AggregateRating');
    // In the side card and in the Reviews; no stars on either (the related products' cards have theirs).
    const shown = page.html.slice(page.html.indexOf('<main'), page.html.indexOf('Customers also viewed'));
    expect(shown.match(/No reviews yet/g)).toHaveLength(2);
    expect(shown).not.toContain('dk-stars');
  });

  it('answers 404 for an unknown product and an unknown route', async () => {
    mockApi();
    const product = await render(input('/details/00000000-0000-4000-8000-999999999999', MANIFEST));
    expect(product.status).toBe(404);
    expect(product.html).toContain('<title>Uh-oh... This page could not be found. | Dukkan</title>');
    const route = await render(input('/no/such/page', MANIFEST));
    expect(route.status).toBe(404);
    expect(route.html).toContain('<title>Uh-oh... This page could not be found. | Dukkan</title>');
  });

  it("keeps the cart's scripts and its chunk for after the first paint, with the cart's texts: the server draws the page", async () => {
    mockApi();
    const page = await render(input('/cart', MANIFEST));
    expect(page.status).toBe(200);
    expect(page.html).toMatch(/<template id="dukkan-scripts">[^]*cart-page-1\.js[^]*<\/template>/);
    expect(page.html).not.toMatch(/<head>[^]*cart-page-1\.js[^]*<\/head>/);
    expect(page.html).toContain('<meta name="robots" content="noindex">');
    expect(page.html).toContain('<title>Cart | Dukkan</title>');
    expect(page.html).toContain('"shopping":{');
  });

  it("renders the cart page's heading under its loading overlay: the cart itself is the browser's", async () => {
    mockApi();
    const page = await render(input('/cart', MANIFEST));
    const main = page.html.slice(page.html.indexOf('<main'), page.html.indexOf('</main>'));
    expect(main).toContain('<h1 tabindex="-1" class="dk-page-title dk-cart__title">Cart </h1>');
    // Both: the page's style shows the one <html data-stored-session> calls for (decision 0042).
    expect(main).toContain('<div class="dk-overlay dk-overlay--stored-session"><span role="progressbar" aria-label="Loading your cart"');
    expect(main).toContain('<div class="dk-cart-empty dk-cart-empty--pending">');
  });
});
