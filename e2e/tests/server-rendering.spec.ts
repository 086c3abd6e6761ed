import type { ConsoleMessage, Page } from '@playwright/test';

import { ARABIC, DEPARTMENTS, expect, test, waitUntilVisiblePartsLive } from './fixtures';
import { addToCartThroughApi, addToWishListThroughApi } from './shopping';

/** A product of the demo catalog, as the API answers it in `language`. */
interface ApiProduct {
  _id: string;
  title: string;
  price: number;
  quantity: number;
  rating: number;
  reviewCount: number;
  category: string;
}

async function firstProduct(page: Page, language: 'en' | 'ar' = 'en'): Promise<ApiProduct> {
  const answer = await page.request.get(`/api/product/category/Grocery?lng=${language}`);
  expect(answer.status()).toBe(200);
  const { data } = (await answer.json()) as { data: ApiProduct[] };
  expect(data.length).toBeGreaterThan(0);
  return data[0]!;
}

const PRICE = /\$\d[\d,]*\.\d{2}/;

test.describe('pages without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const language of ['en', 'ar'] as const) {
    const suffix = language === 'ar' ? '?lng=ar' : '';
    const join = (path: string) => (language === 'ar' ? `${path}${path.includes('?') ? '&' : '?'}lng=ar` : path);

    test(`home, a department, a product and a search show their headings, products and $ prices in ${language}`, async ({ page }) => {
      const product = await firstProduct(page, language);
      const answer = await page.goto(`/${suffix}`);
      expect(answer?.status()).toBe(200);
      const html = await answer!.text();
      expect(html).toMatch(language === 'ar' ? /<html lang="ar" dir="rtl">/ : /<html lang="en" dir="ltr">/);
      await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(language === 'ar' ? ARABIC : /Low prices on everything you love/);
      await expect(page.getByRole('main').getByText(PRICE).first()).toBeVisible();

      const grocery = DEPARTMENTS[0];
      await page.goto(join(grocery.path));
      await expect(page.getByRole('heading', { level: 1, name: grocery[language], exact: true })).toBeVisible();
      await expect(page.getByRole('main').getByRole('link', { name: product.title }).first()).toBeAttached();
      await expect(page.getByRole('main').getByText(PRICE).first()).toBeVisible();

      await page.goto(join(`/details/${product._id}`));
      await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
      await expect(page.getByRole('main').getByText(PRICE).first()).toBeVisible();

      const word = product.title.split(/\s+/).find((part) => part.length > 3) ?? product.title;
      await page.goto(join(`/search?q=${encodeURIComponent(word)}`));
      await expect(page.getByRole('heading', { level: 1 })).toContainText(word);
      await expect(page.getByRole('main').getByRole('link', { name: product.title }).first()).toBeVisible();
      await expect(page.getByRole('main').getByText(PRICE).first()).toBeVisible();
    });
  }
});

/** Console errors and warnings of a page, and its uncaught errors, leaving out the document's own 404. */
function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    // Chromium reports a document answered 404 as a failed resource: that status is intended.
    if (/status of 404/.test(message.text()) && message.location().url === page.url()) return;
    problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  return problems;
}

/**
 * Records, from before the page's scripts run, every node added to or removed from the server's
 * markup and every text changed in it while it hydrates: outside the parts hydrated later until
 * `<html data-hydration-committed>` (set before the render that shows the session's parts), inside
 * each such part (`data-deferred-hydration`) until it turns `done`. Hydrating markup that matches
 * the render changes none of them. (Preact, which the built shop runs on, mends a mismatch
 * silently instead of warning as React does; decision 0021.)
 */
async function watchHydration(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const changes: string[] = [];
    (window as unknown as { hydrationChanges: string[] }).hydrationChanges = changes;
    const describe = (node: Node) => (node instanceof Element ? `<${node.tagName.toLowerCase()} class="${node.className}">` : JSON.stringify(node.textContent));
    const served = new Set<Element>();
    const done = new Set<Element>();
    let pageDone = false;
    const observer = new MutationObserver((records) => {
      for (const record of records) {
        const target = record.target;
        if (target === document.documentElement) {
          pageDone = true;
          continue;
        }
        if (record.type === 'attributes') {
          if (target instanceof Element && target.getAttribute('data-deferred-hydration') === 'done') done.add(target);
          continue;
        }
        const element = target instanceof Element ? target : target.parentElement;
        const part = element?.closest('[data-deferred-hydration]');
        if (part ? !served.has(part) || done.has(part) : pageDone) continue;
        if (record.type === 'characterData' && record.oldValue !== target.textContent) {
          changes.push(`text ${JSON.stringify(record.oldValue)} became ${JSON.stringify(target.textContent)}`);
        }
        for (const node of record.addedNodes) changes.push(`added ${describe(node)}`);
        for (const node of record.removedNodes) changes.push(`removed ${describe(node)}`);
      }
    });
    document.addEventListener('DOMContentLoaded', () => {
      observer.observe(document.documentElement, { attributeFilter: ['data-hydration-committed'] });
      const root = document.getElementById('root');
      if (!root) return;
      for (const part of root.querySelectorAll('[data-deferred-hydration]')) served.add(part);
      observer.observe(root, {
        childList: true,
        subtree: true,
        characterData: true,
        characterDataOldValue: true,
        attributeFilter: ['data-deferred-hydration'],
      });
    });
  });
}

/** What `watchHydration` saw change in the server's markup while the page hydrated. */
async function hydrationChanges(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { hydrationChanges: string[] }).hydrationChanges);
}

/** The page answers clicks: the header's language menu opens. */
async function expectHydrated(page: Page) {
  const menu = page.getByRole('button', { name: /Language|اللغة/ }).first();
  await menu.click();
  await expect(page.getByRole('menu')).toBeVisible();
  await page.keyboard.press('Escape');
}

test.describe('hydration', () => {
  for (const language of ['en', 'ar'] as const) {
    test(`every public page hydrates its markup unchanged, without a warning or console error, in ${language}`, async ({ page, useLanguage }) => {
      test.slow();
      await useLanguage(language);
      await watchHydration(page);
      const product = await firstProduct(page, language);
      const paths = ['/', ...DEPARTMENTS.map((d) => d.path), `/details/${product._id}`, '/search?q=milk', '/search?q=', '/termsOfUs', '/no/such/page'];
      for (const path of paths) {
        const problems = collectProblems(page);
        await page.goto(path);
        // The page, and every part of it in view (parts further down hydrate when scrolled to).
        await waitUntilVisiblePartsLive(page);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        expect(await hydrationChanges(page), `markup changed while ${path} hydrated`).toEqual([]);
        await expectHydrated(page);
        expect(problems, `console on ${path}`).toEqual([]);
        page.removeAllListeners('console');
        page.removeAllListeners('pageerror');
      }
    });
  }

  test('the browser does not fetch the data the server rendered the page with', async ({ page }) => {
    const product = await firstProduct(page);
    const catalogCalls: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      // Search suggestions are the search box's own, not the page's data.
      if (/^\/api\/(product|categories|subcategories)/.test(url.pathname) && url.pathname !== '/api/product/suggest') {
        catalogCalls.push(url.pathname);
      }
    });
    for (const path of ['/', '/Grocery', `/details/${product._id}`, '/search?q=milk']) {
      await page.goto(path);
      await waitUntilVisiblePartsLive(page);
      await expectHydrated(page);
    }
    expect(catalogCalls).toEqual([]);
  });

  test("a signed-in shopper gets the guest's page from the server, hydrated as served, then their name, cart and wish list", async ({ page, request, signedInShopper }) => {
    const product = await firstProduct(page);
    await addToCartThroughApi(request, signedInShopper.token, product._id, 2);
    // The first Grocery product is in the home page's first slider, each of whose cards hydrates later.
    await addToWishListThroughApi(request, signedInShopper.token, product._id);
    await watchHydration(page);
    const answer = await page.goto('/');
    await waitUntilVisiblePartsLive(page);
    const html = await answer!.text();
    expect(html).toContain('>Sign in<');
    expect(html).toContain('aria-label="Cart, 0 items"');
    // The header's parts and the slider's cards hydrate after the page, as the server rendered them,
    // and only then show the session.
    expect(await hydrationChanges(page)).toEqual([]);
    await expect(page.getByRole('link', { name: new RegExp(signedInShopper.name) })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
    await expect(page.getByRole('button', { name: `Remove from wish list, ${product.title}` }).first()).toHaveAttribute('aria-pressed', 'true');
  });
});

test.describe('status codes and search engines', () => {
  test('an unknown route and an unknown product answer 404 with the not-found page', async ({ page }) => {
    for (const path of ['/no/such/page', '/details/00000000-0000-4000-8000-000000000000', '/details/not-an-id']) {
      const answer = await page.goto(path);
      expect(answer?.status(), path).toBe(404);
      await expect(page.getByText('Uh-oh... This page could not be found.')).toBeVisible();
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    }
  });

  test("a product page's JSON-LD names the product, its price, currency, availability and rating", async ({ page }) => {
    const product = await firstProduct(page);
    await page.goto(`/details/${product._id}`);
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const data = blocks.map((text) => JSON.parse(text) as Record<string, unknown>);
    const item = data.find((entry) => entry['@type'] === 'Product') as {
      name: string;
      offers: { price: string; priceCurrency: string; availability: string };
      aggregateRating?: { ratingValue: number; reviewCount: number };
    };
    expect(item.name).toBe(product.title);
    expect(Number(item.offers.price)).toBe(product.price);
    expect(item.offers.priceCurrency).toBe('USD');
    expect(item.offers.availability).toBe(product.quantity > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock');
    // A rating only from approved reviews (issue #36); without any, no AggregateRating at all.
    if (product.reviewCount > 0) expect(item.aggregateRating).toMatchObject({ ratingValue: product.rating, reviewCount: product.reviewCount });
    else expect(item.aggregateRating).toBeUndefined();
    const breadcrumbs = data.find((entry) => entry['@type'] === 'BreadcrumbList') as { itemListElement: { name: string }[] };
    expect(breadcrumbs.itemListElement.map((crumb) => crumb.name).at(-1)).toBe(product.title);
  });

  test('the home page describes the shop and its search to search engines', async ({ page }) => {
    await page.goto('/');
    const data = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((text) => JSON.parse(text) as Record<string, unknown>);
    expect(data.map((entry) => entry['@type'])).toEqual(['Organization', 'WebSite']);
    const site = data[1] as { potentialAction: { target: { urlTemplate: string } } };
    expect(site.potentialAction.target.urlTemplate).toMatch(/\/search\?q=\{search_term_string\}$/);
  });

  for (const language of ['en', 'ar'] as const) {
    test(`pages carry their own title, description, canonical and hreflang links in ${language}`, async ({ page, baseURL }) => {
      const product = await firstProduct(page, language);
      const arabic = language === 'ar';
      for (const path of ['/', '/Grocery', `/details/${product._id}`, '/termsOfUs']) {
        await page.goto(arabic ? `${path}?lng=ar` : path);
        const english = new URL(path, baseURL).href;
        const ar = `${english}?lng=ar`;
        await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', arabic ? ar : english);
        await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute('href', english);
        await expect(page.locator('link[rel="alternate"][hreflang="ar"]')).toHaveAttribute('href', ar);
        await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute('href', english);
        const description = await page.locator('meta[name="description"]').getAttribute('content');
        expect(description?.length).toBeGreaterThan(20);
        if (arabic) expect(description).toMatch(ARABIC);
        await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', await page.title());
        await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /^http/);
      }
      await page.goto(arabic ? `/details/${product._id}?lng=ar` : `/details/${product._id}`);
      await expect(page).toHaveTitle(new RegExp(product.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    });
  }

  test('hashed assets are cached for a year and pages revalidate', async ({ page, request }) => {
    const answer = await page.goto('/');
    expect(answer?.headers()['cache-control']).toBe('no-cache');
    expect(answer?.headers()['etag']).toBeTruthy();
    // Asked again with its ETag, an unchanged page answers 304. Other tests' orders change stock,
    // and so the page, at any time: the pair is asked again should that happen in between.
    await expect
      .poll(async () => {
        const etag = (await request.get('/')).headers()['etag'];
        return etag ? (await request.get('/', { headers: { 'if-none-match': etag } })).status() : 'no ETag';
      })
      .toBe(304);
    const script = await page.locator('script[type="module"]').first().getAttribute('src');
    const asset = await request.get(script!);
    expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  test('an unchanged page renders to the same HTML again: its ETag still holds once its cached copy has expired', async ({ request }) => {
    // The terms page names the shop's departments and automatic promotions, which a parallel test
    // may change (and so the page) between the two requests: the pair is asked again should that
    // happen. A render that differs each time would never answer 304.
    await expect
      .poll(
        async () => {
          const etag = (await request.get('/termsOfUs')).headers()['etag'];
          if (!etag) return 'no ETag';
          // Past the server's page cache (5 s): the next answer is a new render.
          await new Promise((resolve) => setTimeout(resolve, 5_500));
          return (await request.get('/termsOfUs', { headers: { 'if-none-match': etag } })).status();
        },
        { timeout: 45_000, intervals: [0] },
      )
      .toBe(304);
  });

  test('the largest image of a page is in the HTML, loaded first; images below it load lazily', async ({ page }) => {
    const answer = await page.goto('/Grocery');
    const html = await answer!.text();
    // The preload names the same WebP copies the banner is drawn from (decision 0043).
    const copies = '/images/banners/grocery-hero.svg?w=160 160w, /images/banners/grocery-hero.svg?w=320 320w, /images/banners/grocery-hero.svg?w=640 640w, /images/banners/grocery-hero.svg?w=1280 1280w';
    const preload = /<link rel="preload" as="image" href="\/images\/banners\/grocery-hero\.svg" imagesrcset="([^"]*)" imagesizes="([^"]*)" fetchpriority="high">/.exec(html);
    expect(preload?.[1]).toBe(copies);
    const banner = page.locator('img.dk-banner__image').first();
    await expect(banner).toHaveAttribute('src', '/images/banners/grocery-hero.svg');
    await expect(banner).toHaveAttribute('srcset', copies);
    await expect(banner).toHaveAttribute('sizes', preload?.[2] ?? '');
    await expect(banner).toHaveAttribute('fetchpriority', 'high');
    expect(html).toMatch(/<img[^>]*loading="lazy"/);
    // What the browser shows is a WebP copy, not the SVG (drawn on the page's main thread).
    await expect.poll(() => banner.evaluate((image: HTMLImageElement) => image.currentSrc)).toMatch(/\/images\/banners\/grocery-hero\.svg\?w=\d+$/);
  });

  test("a public page's scripts load after its first paint, a session page's at once, all at low priority", async ({ page }) => {
    const home = await (await page.goto('/'))!.text();
    // Inert until public/boot.js adds them: the entry, the chunk every page shares, the home page's own.
    const kept = /<template id="dukkan-scripts">([\s\S]*?)<\/template>/.exec(home)?.[1] ?? '';
    const scripts = (html: string) => html.match(/<script[^>]*type="module"[^>]*>|<link[^>]*rel="modulepreload"[^>]*>/g) ?? [];
    expect(scripts(kept).length).toBeGreaterThan(2);
    expect(scripts(home.replace(kept, ''))).toEqual([]);
    for (const tag of scripts(kept)) expect(tag).toContain('fetchpriority="low"');
    expect(home).toContain('<script src="/boot.js" defer></script>');
    // The page went live from them (the fixture waited for it).
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');

    // The cart's page is drawn by the server too, as it is while the cart loads (decision 0042).
    const cart = await (await page.goto('/cart'))!.text();
    const cartKept = /<template id="dukkan-scripts">([\s\S]*?)<\/template>/.exec(cart)?.[1] ?? '';
    expect(scripts(cartKept).some((tag) => tag.includes('/assets/cart-page-'))).toBe(true);
    expect(scripts(cart.replace(cartKept, ''))).toEqual([]);

    const wishlist = await (await page.goto('/wishlist'))!.text();
    expect(wishlist).not.toContain('<template id="dukkan-scripts">');
    const head = wishlist.slice(0, wishlist.indexOf('</head>'));
    expect(scripts(head).some((tag) => tag.includes('/assets/wishlist-page-'))).toBe(true);
    for (const tag of scripts(head)) expect(tag).toContain('fetchpriority="low"');
  });

  test("every script of the shop's pages asks V8 to compile it as it streams in, off the main thread", async ({ page, request }) => {
    // V8's explicit compile hint (decision 0047): on the file's first line, or it is not seen.
    const files = new Set<string>();
    page.on('response', (response) => {
      if (/\/assets\/[^/]+\.js$/.test(new URL(response.url()).pathname)) files.add(response.url());
    });
    await page.goto('/');
    await waitUntilVisiblePartsLive(page);
    await page.goto('/Grocery');
    await waitUntilVisiblePartsLive(page);
    expect(files.size).toBeGreaterThan(3);
    for (const url of files) {
      const body = await (await request.get(url)).text();
      expect(body.split('\n', 1)[0], url).toBe('//# allFunctionsCalledOnLoad');
    }
  });
});
