import { randomBytes } from 'node:crypto';

import { AxeBuilder } from '@axe-core/playwright';
import { expect, test as base, type APIRequestContext, type BrowserContext, type Page, type TestInfo } from '@playwright/test';

/**
 * Spec section 2's department routes with the heading each page shows, in both languages, and its
 * hero banner's title (the spec names four of them word for word).
 */
export const DEPARTMENTS = [
  { path: '/Grocery', en: 'Grocery', ar: 'البقالة', hero: 'Fresh groceries, low prices' },
  { path: '/Home', en: 'Home', ar: 'المنزل', hero: 'Refresh every room' },
  { path: '/Patio&Garden', en: 'Patio & Garden', ar: 'الفناء والحديقة', hero: 'Make the most of outdoor living' },
  { path: '/electronics', en: 'Electronics', ar: 'الإلكترونيات', hero: 'Apple on save' },
  { path: '/fashion', en: 'Fashion', ar: 'الأزياء', hero: 'Spring fashion refresh' },
  { path: '/beauty', en: 'Beauty', ar: 'الجمال', hero: 'More texture less frizz' },
  { path: '/Home-Improvement', en: 'Home Improvement', ar: 'تحسين المنزل', hero: 'Tools for every project' },
  { path: '/Auto&tires', en: 'Auto & Tires', ar: 'السيارات والإطارات', hero: 'Keep your car road-ready' },
  { path: '/Baby', en: 'Baby', ar: 'الأطفال الرضع', hero: 'Everything for your little one' },
] as const;

export const ARABIC = /[\u0600-\u06FF]/;

/** An account of one test's own, made through the API, with the token of its sign-in. */
export interface Shopper {
  id: string;
  name: string;
  email: string;
  password: string;
  token: string;
}

/** A random suffix that keeps emails, names and passwords of parallel tests apart. */
export function uniqueSuffix(): string {
  return randomBytes(4).toString('hex');
}

/** An email no other test, worker or earlier run of the same server uses. */
export function uniqueEmail(testInfo: TestInfo): string {
  return `e2e-${testInfo.workerIndex}-${Date.now()}-${uniqueSuffix()}@example.com`;
}

/** A password the API's common-password list cannot hold. */
export function uniquePassword(): string {
  return `Dk-${uniqueSuffix()}-Pw9`;
}

/** Signs `email` in through the API and returns the token of the answer. */
export async function signInThroughApi(request: APIRequestContext, email: string, password: string): Promise<string> {
  const answer = await request.post('/api/users/signin', { data: { email, password } });
  expect(answer.status(), `sign-in of ${email}: ${await answer.text()}`).toBe(200);
  const body = (await answer.json()) as { token?: unknown; data?: { email?: unknown } };
  expect(body.data?.email).toBe(email);
  expect(typeof body.token).toBe('string');
  return body.token as string;
}

/** Creates an account through the API (`POST /api/users/signup`), then signs it in. */
export async function createShopper(request: APIRequestContext, testInfo: TestInfo): Promise<Shopper> {
  const account = { name: `Layla ${uniqueSuffix()}`, email: uniqueEmail(testInfo), password: uniquePassword() };
  const answer = await request.post('/api/users/signup', { data: { ...account, marketingEmails: false } });
  expect(answer.status(), `signup of ${account.email}: ${await answer.text()}`).toBe(201);
  const body = (await answer.json()) as { data?: { _id?: unknown } };
  expect(body.data).toMatchObject({ name: account.name, email: account.email, addressBook: [] });
  expect(typeof body.data?._id).toBe('string');
  const token = await signInThroughApi(request, account.email, account.password);
  return { id: body.data!._id as string, ...account, token };
}

/**
 * Stores `token` under the storage key `token` before any script of the shop's first page runs,
 * once per browser context: a page that signs out, or replaces the token after a password change,
 * keeps what it did across later navigations and reloads. The marker is a cookie because signing
 * out clears both web storages.
 */
export async function storeTokenBeforeLoad(context: BrowserContext, baseURL: string, token: string): Promise<void> {
  const marker = `e2e-token-stored-${uniqueSuffix()}`;
  await context.addInitScript(
    ({ token: value, origin, marker: name }) => {
      if (window.location.origin !== origin) return;
      if (document.cookie.split('; ').some((cookie) => cookie.startsWith(`${name}=`))) return;
      window.localStorage.setItem('token', value);
      document.cookie = `${name}=1; path=/; SameSite=Lax`;
    },
    { token, origin: new URL(baseURL).origin, marker },
  );
}

interface Fixtures {
  /** Fails the test when axe-core finds a serious or critical violation on the page as it is. */
  expectAccessible: (page: Page) => Promise<void>;
  /** Opens a page with the shopper's language already chosen (the `i18next` cookie). */
  useLanguage: (language: 'en' | 'ar') => Promise<void>;
  /** A fresh account of this test's own (signed in through the API; the browser is still a guest). */
  shopper: Shopper;
  /** Stores a token for the browser before its first page loads (see `storeTokenBeforeLoad`). */
  storeToken: (token: string) => Promise<void>;
  /**
   * `shopper`, with the browser already signed in as them: parallel tests never share a cart,
   * wishlist or address book.
   */
  signedInShopper: Shopper;
}

/**
 * Waits until the shop's page is live: hydrated and its session shown (`<html data-hydrated>`).
 * Not needed before a press: a press on a part that is not live yet is held and replayed once it
 * is (decision 0024), as for a shopper who taps at once. Tests wait only where they look at what
 * hydration changes (the markup watched while it hydrates). Parts of the page hydrate later, when
 * they come near the viewport or are touched. Pages that are not the storefront's (the card page)
 * have nothing to wait for.
 */
export async function waitUntilLive(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.getElementById('dukkan-state') || document.documentElement.hasAttribute('data-hydrated'));
}

/** Waits until no part of the page that is in or near the viewport is still waiting to hydrate. */
export async function waitUntilVisiblePartsLive(page: Page): Promise<void> {
  await waitUntilLive(page);
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[data-deferred-hydration]:not([data-deferred-hydration="live"])')].every((part) =>
      [...part.children].every((child) => {
        const box = child.getBoundingClientRect();
        return box.bottom < -300 || box.top > window.innerHeight + 300 || box.right < -200 || box.left > window.innerWidth + 200 || box.width === 0;
      }),
    ),
  );
}

export const test = base.extend<Fixtures>({
  // Playwright reads a fixture's dependencies from its first parameter, so it must be a pattern.
  // eslint-disable-next-line no-empty-pattern
  expectAccessible: async ({}, use) => {
    await use(async (page) => {
      // axe reads colours as painted: a toast still fading in has too little contrast for a
      // moment. It checks the page once what has finite animations has settled (spinners loop).
      await page.waitForFunction(() =>
        document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity),
      );
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      const serious = results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join('\n    ')}`);
      expect(serious, `axe-core violations on ${page.url()}`).toEqual([]);
    });
  },
  useLanguage: async ({ context, baseURL }, use) => {
    await use(async (language) => {
      await context.addCookies([{ name: 'i18next', value: language, url: baseURL! }]);
    });
  },
  shopper: async ({ request }, use, testInfo) => {
    await use(await createShopper(request, testInfo));
  },
  storeToken: async ({ context, baseURL }, use) => {
    await use((token) => storeTokenBeforeLoad(context, baseURL!, token));
  },
  signedInShopper: async ({ shopper, storeToken }, use) => {
    await storeToken(shopper.token);
    await use(shopper);
  },
});

export { expect };
