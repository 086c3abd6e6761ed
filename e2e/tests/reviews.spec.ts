import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import type { APIRequestContext, Page } from '@playwright/test';

import { ADMIN_TEXTS, createStaffMember, owner, signInToDashboard, staffApi, xsrfToken } from './admin';
import { payThroughCardPage, placeOrderThroughApi } from './checkout';
import { expect, test, uniqueSuffix } from './fixtures';
import { productById, someProduct, type Language } from './shopping';

/**
 * Issue #36 in the browser, in English and in Arabic: a shopper's order is delivered; they review
 * the product from the order page (the stars a radio group, by keyboard); support approves it on
 * the back office's Reviews screen; the product page then shows the new average, the review and
 * its JSON-LD. A product nobody reviewed says 'No reviews yet' and has no AggregateRating.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const locale = <T>(language: Language, file: string): T => JSON.parse(readFileSync(path.join(here, '../../apps/web/public/locales', language, `${file}.json`), 'utf8')) as T;

interface ReviewTexts {
  title: string;
  none: string;
  howChecked: string;
  verified: string;
  writeOf: string;
  thanks: string;
  stars_other: string;
  status: { pending: string };
  form: { writeTitle: string; rating: string; title: string; body: string; send: string };
}

/** The owner moves a paid order on, one step at a time, to Delivered (as `npm run orders` does). */
async function deliver(baseURL: string, orderId: string): Promise<void> {
  const { email, password } = owner();
  const api = await staffApi(baseURL, email, password);
  try {
    for (const status of ['Processing', 'Shipped', 'Delivered']) {
      const moved = await api.post(`/api/admin/orders/${orderId}/status`, { headers: { 'X-XSRF-TOKEN': await xsrfToken(api) }, data: { status } });
      expect(moved.status(), await moved.text()).toBe(200);
    }
  } finally {
    await api.dispose();
  }
}

interface ProductJsonLd {
  '@type': string;
  aggregateRating?: { ratingValue: number; reviewCount: number };
  review?: { name: string; reviewBody: string; author: { name: string }; reviewRating: { ratingValue: number } }[];
}

async function productJsonLd(page: Page): Promise<ProductJsonLd> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const product = blocks.map((text) => JSON.parse(text) as ProductJsonLd).find((entry) => entry['@type'] === 'Product');
  expect(product, 'the page describes its product').toBeDefined();
  return product!;
}

/** The product page as a search engine or a shopper without scripts gets it: server-rendered. */
async function serverRendered(request: APIRequestContext, productId: string, language: Language): Promise<string> {
  const answer = await request.get(`/details/${productId}`, { headers: { accept: 'text/html', cookie: `i18next=${language}` } });
  expect(answer.status()).toBe(200);
  return answer.text();
}

for (const [index, language] of (['en', 'ar'] as const).entries()) {
  test(`a delivered product reviewed from the order page, approved by support, shown with its JSON-LD, in ${language}`, async ({
    page,
    request,
    baseURL,
    signedInShopper,
    useLanguage,
  }, testInfo) => {
    test.setTimeout(120_000);
    await useLanguage(language);
    const t = locale<ReviewTexts>(language, 'reviews');
    const admin = ADMIN_TEXTS[language];
    // Auto & Tires: no other browser test buys there or counts its stock or ratings.
    const product = await productById(request, (await someProduct(request, 'Auto&tires', index))._id, language);
    const unreviewed = await someProduct(request, 'Auto&tires', 2 + index);
    const order = await placeOrderThroughApi(request, signedInShopper, [product]);
    await payThroughCardPage(request, signedInShopper, order._id);
    await deliver(baseURL!, order._id);
    const title = `${language === 'ar' ? 'متين وهادئ' : 'Sturdy and quiet'} ${uniqueSuffix()}`;
    const body = language === 'ar' ? 'يؤدي ما يعد به. <b>لا مفاجآت</b>.' : 'Does what it says. <b>No surprises</b>.';

    await test.step('a product nobody reviewed says so, and its structured data has no rating', async () => {
      const html = await serverRendered(request, unreviewed._id, language);
      expect(html).toContain(t.none);
      expect(html).not.toContain('AggregateRating');
    });

    await test.step('the shopper reviews the product from the delivered order’s page, the stars by keyboard', async () => {
      await page.goto(`/Order/${order._id}`);
      await page.getByRole('button', { name: t.writeOf.replace('{{title}}', product.title) }).click();
      const dialog = page.getByRole('dialog', { name: t.form.writeTitle });
      // A fieldset of native radios: the browser's own radio group, arrows and all.
      const stars = dialog.getByRole('group', { name: t.form.rating });
      await stars.getByRole('radio').nth(1).focus();
      // Down moves to the next star in either direction of writing: 2 → 3 → 4 stars.
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      await expect(stars.getByRole('radio').nth(3)).toBeChecked();
      await page.keyboard.press('Tab');
      await expect(dialog.getByRole('textbox', { name: t.form.title, exact: true })).toBeFocused();
      await page.keyboard.type(title);
      await page.keyboard.press('Tab');
      await expect(dialog.getByRole('textbox', { name: t.form.body, exact: true })).toBeFocused();
      await page.keyboard.type(body);
      await dialog.getByRole('button', { name: t.form.send }).click();
      await expect(page.getByText(t.thanks)).toBeVisible();
      // Pending: the product page shows nothing of it yet.
      expect(await serverRendered(request, product._id, language)).toContain(t.none);
    });

    await test.step('support approves it on the Reviews screen', async () => {
      const support = await createStaffMember(baseURL!, testInfo, 'support');
      const staffPage = await page.context().browser()!.newPage();
      try {
        await signInToDashboard(staffPage, support, language);
        await staffPage.getByRole('navigation', { name: admin.app.mainNav }).getByRole('link', { name: admin.nav.reviews, exact: true }).click();
        await expect(staffPage.getByRole('heading', { level: 1, name: admin.reviews.title })).toBeVisible();
        const card = staffPage.getByRole('article', { name: title });
        await expect(card).toContainText(body);
        await card.getByRole('button', { name: admin.reviews.approve }).click();
        await expect(staffPage.getByText(admin.reviews.approved)).toBeVisible();
        await expect(staffPage.getByRole('article', { name: title })).toHaveCount(0);
      } finally {
        await staffPage.close();
      }
    });

    await test.step('the product page shows the new average, the review as text, and its JSON-LD', async () => {
      await page.goto(`/details/${product._id}`);
      const box = page.getByRole('region', { name: product.title });
      const ratingText = locale<{ details: Record<string, string> }>(language, 'catalog').details.reviews_one!;
      await expect(box).toContainText(ratingText.replace('{{rating}}', '4.0').replace('{{count}}', '1'));
      await expect(box.getByText(t.none)).toHaveCount(0);
      const reviews = page.getByRole('region', { name: t.title });
      await expect(reviews).toContainText(t.howChecked);
      await expect(reviews).toContainText(title);
      // Markup the shopper typed is shown as they typed it, never run.
      await expect(reviews.getByText(body)).toBeVisible();
      await expect(reviews).toContainText(t.verified);
      await expect(reviews).toContainText(`${signedInShopper.name.split(' ')[0]} ${Array.from(signedInShopper.name.split(' ')[1]!)[0]}.`);

      const jsonLd = await productJsonLd(page);
      expect(jsonLd.aggregateRating).toMatchObject({ ratingValue: 4, reviewCount: 1 });
      expect(jsonLd.review?.[0]).toMatchObject({ name: title, reviewBody: body, reviewRating: { ratingValue: 4 } });
    });
  });
}
