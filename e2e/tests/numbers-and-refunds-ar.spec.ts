import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import type { Locator } from '@playwright/test';

import { owner, staffApi, xsrfToken } from './admin';
import { CARD_PAGE, cardPageOf, dollarSignLeads, dollars, payThroughCardPage, placeOrderThroughApi, productsToBuy } from './checkout';
import { expect, test } from './fixtures';

/**
 * The rough edges a new owner found in Arabic (issue #32), as Chromium draws them: the card
 * page's test card numbers read left to right as in English, and the shopper's order page shows a
 * partial refund — how much, when — and what was paid in the end, each amount `$` first. The
 * products are fashion's and Patio & Garden's 16th and 17th in stock (counting from 0), which no
 * other test buys.
 */

const here = path.dirname(fileURLToPath(import.meta.url));

/** The order page's texts of `public/locales/ar/shopping.json` this test reads. */
const SHOPPING_AR = (
  JSON.parse(readFileSync(path.join(here, '../../apps/web/public/locales/ar/shopping.json'), 'utf8')) as {
    order: { details: string; refunds: string; refundedOn: string; paidAfterRefunds: string };
    orders: { paymentStatus: { partiallyRefunded: string } };
  }
);

/**
 * Where Chromium draws each character of `text` (found in the element's text, across its
 * elements), from the left: a text drawn left to right has them in increasing order.
 */
function leftsOf(element: Locator, text: string): Promise<number[]> {
  return element.evaluate((root, wanted) => {
    const characters: { node: Text; offset: number }[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const textNode = node as Text;
      for (let offset = 0; offset < textNode.data.length; offset += 1) characters.push({ node: textNode, offset });
    }
    const all = characters.map(({ node, offset }) => node.data.charAt(offset)).join('');
    const start = all.indexOf(wanted);
    if (start < 0) throw new Error(`"${wanted}" is not in "${all}"`);
    return characters.slice(start, start + wanted.length).flatMap(({ node, offset }) => {
      if (node.data.charAt(offset) === ' ') return [];
      const range = document.createRange();
      range.setStart(node, offset);
      range.setEnd(node, offset + 1);
      return [range.getBoundingClientRect().left];
    });
  }, text);
}

/** `lefts` strictly increasing: drawn left to right. */
function expectLeftToRight(lefts: number[], what: string): void {
  expect(lefts.length, what).toBeGreaterThan(1);
  for (let i = 1; i < lefts.length; i += 1) expect(lefts[i]!, `${what}: character ${i} right of the one before`).toBeGreaterThan(lefts[i - 1]!);
}

test('the card page in Arabic draws the test card numbers and the amount left to right', async ({ page, request, shopper, useLanguage }) => {
  const order = await placeOrderThroughApi(request, shopper, await productsToBuy(request, 16));
  await useLanguage('ar');
  await page.goto(await cardPageOf(request, shopper, order._id));
  await expect(page.getByRole('heading', { level: 1, name: CARD_PAGE.ar.heading })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

  const note = page.getByText('بيئة تجريبية');
  // The decline card read '0002 0000 0000 4000' before its number was isolated.
  for (const number of ['4242 4242 4242 4242', '4000 0000 0000 0002']) {
    await expect(note).toContainText(number);
    expectLeftToRight(await leftsOf(note, number), number);
  }
  expect(await dollarSignLeads(page.getByText(CARD_PAGE.ar.amountDue).locator('..'))).toBe(true);

  // What the shopper types is drawn as typed, and the decline reads as it does in English.
  await page.getByLabel(CARD_PAGE.ar.number).fill('4000 0000 0000 0002');
  await expect(page.getByLabel(CARD_PAGE.ar.number)).toHaveCSS('direction', 'ltr');
  await expect(page.getByLabel(CARD_PAGE.ar.expiry)).toHaveCSS('direction', 'ltr');
});

test("the shopper's order page in Arabic shows a partial refund, when it was made and what was paid in the end", async ({
  baseURL,
  page,
  request,
  signedInShopper,
  useLanguage,
}) => {
  test.setTimeout(120_000);
  const [first, second] = await productsToBuy(request, 17);
  const order = await placeOrderThroughApi(request, signedInShopper, [first, second]);
  await payThroughCardPage(request, signedInShopper, order._id);

  // The owner refunds the first product's price through the back office's API.
  const { email, password } = owner();
  const staff = await staffApi(baseURL!, email, password);
  try {
    const refunded = await staff.post(`/api/admin/orders/${order._id}/refunds`, {
      data: { amount: first.price, reason: 'وصلت قطعة تالفة', restock: false },
      headers: { 'X-XSRF-TOKEN': await xsrfToken(staff) },
    });
    expect(refunded.status(), await refunded.text()).toBe(201);
  } finally {
    await staff.dispose();
  }

  // The API says when; the page writes that day as Arabic does, with Latin digits.
  const answer = await request.get(`/api/orders/${order._id}`, { headers: { token: signedInShopper.token } });
  expect(answer.headers()['cache-control']).toBe('no-store');
  const [read] = ((await answer.json()) as { order: [{ refunds: { amount: number; status: string; createdAt: string }[]; paidAmount: number }] }).order;
  expect(read.refunds).toMatchObject([{ amount: first.price, status: 'succeeded' }]);
  expect(read.refunds).toHaveLength(1);
  const paidCents = Math.round(order.amount * 100) - Math.round(first.price * 100);
  expect(Math.round(read.paidAmount * 100)).toBe(paidCents);
  const day = new Intl.DateTimeFormat('ar-EG-u-nu-latn', { year: 'numeric', month: 'short', day: 'numeric' }).format(new Date(read.refunds[0]!.createdAt));

  await useLanguage('ar');
  await page.goto(`/Order/${order._id}`);
  const details = page.getByRole('region', { name: SHOPPING_AR.order.details });
  await expect(details).toContainText(SHOPPING_AR.orders.paymentStatus.partiallyRefunded);
  await expect(details).toContainText(SHOPPING_AR.order.refunds);
  const refund = details.getByRole('listitem');
  await expect(refund).toHaveText(SHOPPING_AR.order.refundedOn.replace('{{amount}}', dollars(first.price)).replace('{{date}}', day));
  expect(await dollarSignLeads(refund)).toBe(true);
  const paid = details.getByText(SHOPPING_AR.order.paidAfterRefunds).locator('xpath=following-sibling::*[1]');
  await expect(paid).toHaveText(dollars(paidCents / 100));
  expect(await dollarSignLeads(paid)).toBe(true);

  // The order's id, in the sentence under the heading, reads left to right.
  const main = page.getByRole('main');
  expectLeftToRight(await leftsOf(main, order._id), order._id);
});
