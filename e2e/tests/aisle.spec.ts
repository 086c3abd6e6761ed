import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import type { APIRequestContext, Locator, Page } from '@playwright/test';

import { expect, test, waitUntilLive } from './fixtures';

/**
 * Issue #34: a department's aisle — sort, filters with counts, chips, numbered pages — in both
 * languages, with and without JavaScript, on a phone, and ticked before the page is live.
 */

type Language = 'en' | 'ar';

const LOCALES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/public/locales');

interface AisleTexts {
  sortBy: string;
  sort: Record<string, string>;
  filters: string;
  filtersChosen: string;
  groups: Record<string, string>;
  minPrice: string;
  maxPrice: string;
  apply: string;
  clearAll: string;
  close: string;
  chosen: string;
  remove: string;
  pages: string;
  next: string;
  previous: string;
}

function texts(language: Language): { aisle: AisleTexts; products: string; grocery: string } {
  const catalog = JSON.parse(readFileSync(path.join(LOCALES_DIR, language, 'catalog.json'), 'utf8')) as {
    aisle: AisleTexts;
    department: { products: string };
    departments: { grocery: string };
  };
  return { aisle: catalog.aisle, products: catalog.department.products, grocery: catalog.departments.grocery };
}

interface Facet {
  value: string;
  label: string;
  count: number;
}
interface AisleAnswer {
  data: { price: number; title: string }[];
  total: number;
  facets: { brand: Facet[]; price: { min: number | null; max: number | null } };
}

/** The API's answer for Grocery's aisle with `query`, in `language`. */
async function groceryAisle(request: APIRequestContext, language: Language, query = ''): Promise<AisleAnswer> {
  const answer = await request.get(`/api/product/category/Grocery?${query}`, { headers: { lng: language } });
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()) as AisleAnswer;
}

/** The list's region: 'All Grocery products'. */
function groceryList(page: Page, language: Language): Locator {
  const t = texts(language);
  return page.getByRole('region', { name: t.products.replace('{{name}}', t.grocery), exact: true });
}

/** The number of results as the list says it: its digits. */
async function countShown(list: Locator): Promise<number> {
  const text = (await list.getByRole('status').first().textContent()) ?? '';
  return Number(text.replace(/[^\d]/g, '') || (/\d/.test(text) ? NaN : 0));
}

async function prices(list: Locator): Promise<number[]> {
  const texts = await list.getByRole('article').evaluateAll((cards) => cards.map((card) => card.textContent ?? ''));
  return texts.map((text) => Number(/\$([\d,]+\.\d{2})/.exec(text)?.[1]?.replace(/,/g, '')));
}

const isSorted = (values: number[]) => values.every((value, index) => index === 0 || values[index - 1]! <= value);

/** The brand with the most products, and a price range that keeps some of them. */
async function choices(request: APIRequestContext, language: Language) {
  const all = await groceryAisle(request, language);
  const brand = all.facets.brand[0]!;
  const ofBrand = await groceryAisle(request, language, `brand=${encodeURIComponent(brand.value)}&pageSize=100`);
  const brandPrices = ofBrand.data.map((product) => product.price).sort((a, b) => a - b);
  const minPrice = Math.floor(brandPrices[0]!);
  const maxPrice = Math.ceil(brandPrices.at(-1)!);
  const narrowed = await groceryAisle(request, language, `brand=${encodeURIComponent(brand.value)}&minPrice=${minPrice}&maxPrice=${maxPrice}`);
  return { brand, minPrice, maxPrice, narrowedTotal: narrowed.total, total: all.total };
}

for (const language of ['en', 'ar'] as const) {
  const t = texts(language).aisle;
  const brandBox = (list: Locator, brand: Facet) => list.getByRole('checkbox', { name: new RegExp(`^${brand.label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(`) });

  test.describe(`a department's aisle (${language})`, () => {
    test.beforeEach(async ({ useLanguage, page }) => {
      await useLanguage(language);
      await page.setViewportSize({ width: 1280, height: 900 });
    });

    test('choose a brand and a price range, sort by price, back, clear all, page 2 and back', async ({ page, request }) => {
      test.setTimeout(180_000);
      const { brand, minPrice, maxPrice, narrowedTotal, total } = await choices(request, language);
      await page.goto('/Grocery');
      await waitUntilLive(page);
      const list = groceryList(page, language);
      await expect.poll(() => countShown(list)).toBe(total);

      await brandBox(list, brand).check();
      await expect(page).toHaveURL(new RegExp(`\\?brand=${encodeURIComponent(brand.value).replace(/%20/g, '(%20|\\+)')}$`));
      await expect.poll(() => countShown(list)).toBe(brand.count);
      await expect(brandBox(list, brand)).toBeFocused();

      await list.getByRole('spinbutton', { name: t.minPrice }).fill(String(minPrice));
      await list.getByRole('spinbutton', { name: t.maxPrice }).fill(String(maxPrice));
      await list.getByRole('spinbutton', { name: t.maxPrice }).press('Enter');
      await expect(page).toHaveURL(new RegExp(`minPrice=${minPrice}&maxPrice=${maxPrice}$`));
      await expect.poll(() => countShown(list)).toBe(narrowedTotal);

      // As a shopper's keyboard or pointer would, the select has the focus when it changes.
      await list.getByRole('combobox', { name: t.sortBy }).focus();
      await list.getByRole('combobox', { name: t.sortBy }).selectOption({ label: t.sort.price_asc! });
      await expect(page).toHaveURL(/sort=price_asc$/);
      await expect(list.getByRole('combobox', { name: t.sortBy })).toBeFocused();
      await expect.poll(async () => isSorted(await prices(list))).toBe(true);

      await page.goBack();
      await expect(page).not.toHaveURL(/sort=/);
      await expect(list.getByRole('combobox', { name: t.sortBy })).toHaveValue('featured');

      await list.getByRole('list', { name: t.chosen }).getByRole('link', { name: t.clearAll }).click();
      await expect(page).toHaveURL(/\/Grocery$/);
      await expect.poll(() => countShown(list)).toBe(total);
      await expect(brandBox(list, brand)).not.toBeChecked();

      const pager = list.getByRole('navigation', { name: t.pages });
      await pager.getByRole('link', { name: t.next }).click();
      await expect(page).toHaveURL(/\?page=2$/);
      await expect(list.getByRole('article')).toHaveCount(total - 24);
      await page.goBack();
      await expect(page).toHaveURL(/\/Grocery$/);
      await expect(list.getByRole('article')).toHaveCount(24);
    });

    test('the same without JavaScript: a GET form with Apply, links for chips and pages', async ({ browser, request, baseURL }) => {
      const context = await browser.newContext({ javaScriptEnabled: false, baseURL: baseURL!, viewport: { width: 1280, height: 900 } });
      await context.addCookies([{ name: 'i18next', value: language, url: baseURL! }]);
      const page = await context.newPage();
      const { brand, minPrice, maxPrice, narrowedTotal, total } = await choices(request, language);
      await page.goto('/Grocery');
      const list = groceryList(page, language);
      await brandBox(list, brand).check();
      await list.getByRole('spinbutton', { name: t.minPrice }).fill(String(minPrice));
      await list.getByRole('spinbutton', { name: t.maxPrice }).fill(String(maxPrice));
      await list.getByRole('combobox', { name: t.sortBy }).selectOption({ label: t.sort.price_asc! });
      await list.getByRole('button', { name: t.apply }).click();
      await expect(page).toHaveURL(/brand=.+minPrice=.+maxPrice=.+sort=price_asc/);
      await expect.poll(() => countShown(list)).toBe(narrowedTotal);
      expect(isSorted(await prices(list))).toBe(true);
      await expect(brandBox(list, brand)).toBeChecked();

      await list.getByRole('list', { name: t.chosen }).getByRole('link', { name: t.clearAll }).click();
      await expect(page).toHaveURL(/\/Grocery\?sort=price_asc$/);
      await expect.poll(() => countShown(list)).toBe(total);
      await list.getByRole('navigation', { name: t.pages }).getByRole('link', { name: t.next }).click();
      await expect(page).toHaveURL(/sort=price_asc&page=2$/);
      await expect(list.getByRole('article')).toHaveCount(total - 24);
      await page.goBack();
      await expect(list.getByRole('article')).toHaveCount(24);
      await context.close();
    });

    test('on a phone the filters open from the Filters button in a dialog', async ({ page, request, expectAccessible }) => {
      const { brand } = await choices(request, language);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/Grocery');
      await waitUntilLive(page);
      const list = groceryList(page, language);
      await expect(list.getByRole('form', { name: t.filters })).toBeHidden();
      const button = list.getByRole('button', { name: t.filters, exact: true });
      await button.click();
      const dialog = page.getByRole('dialog', { name: t.filters });
      await expect(dialog).toBeVisible();
      await brandBox(dialog, brand).check();
      await expect(page).toHaveURL(/\?brand=/);
      await expect(brandBox(dialog, brand)).toBeChecked();
      await expectAccessible(page);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(list.getByRole('button', { name: t.filtersChosen.replace('{{count}}', '1') })).toBeFocused();
    });

    test('a brand ticked before the page is live counts', async ({ page, request }) => {
      const { brand } = await choices(request, language);
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(/\.js(\?.*)?$/, async (route) => {
        await released;
        await route.continue();
      });
      await page.goto('/Grocery', { waitUntil: 'commit' });
      const list = groceryList(page, language);
      await brandBox(list, brand).check();
      await expect(page.locator('html')).not.toHaveAttribute('data-hydrated');
      release();
      await expect(page).toHaveURL(/\?brand=/, { timeout: 60_000 });
      await expect.poll(() => countShown(list), { timeout: 60_000 }).toBe(brand.count);
      await expect(brandBox(list, brand)).toBeChecked();
    });

    test('axe finds nothing serious on a narrowed, sorted aisle', async ({ page, request, expectAccessible }) => {
      const { brand } = await choices(request, language);
      await page.goto(`/Grocery?brand=${encodeURIComponent(brand.value)}&rating=1&sort=price_desc`);
      await waitUntilLive(page);
      await expect(groceryList(page, language).getByRole('list', { name: t.chosen })).toBeVisible();
      await expectAccessible(page);
    });
  });
}

test('a filtered or sorted list links to the plain list as its canonical page, the page kept', async ({ page, baseURL }) => {
  await page.goto('/Grocery?brand=Acme&minPrice=5&sort=price_asc&page=2');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new URL('/Grocery?page=2', baseURL).href);
  await page.goto('/search?q=tea&rating=4');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new URL('/search?q=tea', baseURL).href);
});
