import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';

import { ADMIN_TEXTS, createStaffMember, expect, owner, signInToDashboard, test, type Language } from './admin';
import { dollars, payThroughCardPage, productsToBuy, readyToCheckOut } from './checkout';
import { waitForMails } from './mail';
import { departmentProducts, type CatalogProduct } from './shopping';

/**
 * The back office's order flow against the real API (issue #21), once per language: a shopper
 * buys two units of one product and one of another and pays on the sandbox card page; a support
 * member of the test's own signs in, finds the order by the shopper's email, ships it and refunds
 * one unit of the first line with restock; the shopper's order page says 'Partially refunded' and
 * a mail says so; the owner sees the day's figures on the dashboard and the support member's
 * actions in the audit log.
 */

const here = path.dirname(fileURLToPath(import.meta.url));

/** The storefront's payment-status label of a partly refunded order (shopping.json). */
function partiallyRefunded(language: Language): string {
  const shopping = JSON.parse(readFileSync(path.join(here, '../../apps/web/public/locales', language, 'shopping.json'), 'utf8')) as {
    orders: { paymentStatus: { partiallyRefunded: string } };
  };
  return shopping.orders.paymentStatus.partiallyRefunded;
}

/** The subject of the shopper's refund mail (apps/api/src/mail/messages.ts), in the order's language. */
function refundSubject(language: Language, orderId: string): string {
  const reference = orderId.slice(0, 8).toUpperCase();
  return language === 'ar' ? `استرداد مبلغ من طلبك ${reference} من دكّان` : `A refund for your Dukkan order ${reference}`;
}

/**
 * Places and pays an order of two units of `first` and one of `second` (the cart and address
 * first), in `language`: the shopper's mails are in the order's language.
 */
async function buy(
  request: APIRequestContext,
  shopper: { id: string; token: string },
  first: CatalogProduct,
  second: CatalogProduct,
  language: Language,
): Promise<{ _id: string; amount: number }> {
  await readyToCheckOut(request, shopper, [first, second]);
  const user = (await (await request.get(`/api/users/${shopper.id}`, { headers: { token: shopper.token } })).json()) as { data: { addressBook: { _id: string }[] } };
  const placed = await request.post('/api/orders', {
    headers: { token: shopper.token, 'idempotency-key': randomUUID(), lng: language },
    data: {
      items: [
        { _id: first._id, quantity: 2 },
        { _id: second._id, quantity: 1 },
      ],
      shippingAddress: { _id: user.data.addressBook[0]!._id },
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = ((await placed.json()) as { data: { _id: string; amount: number } }).data;
  await payThroughCardPage(request, shopper, order._id);
  return order;
}

/** A product's title in `language`, as the storefront's API answers it. */
async function titleIn(request: APIRequestContext, department: string, id: string, language: Language): Promise<string> {
  const product = (await departmentProducts(request, department, language)).find((p) => p._id === id);
  if (!product) throw new Error(`product ${id} is not in ${department}`);
  return product.title;
}

/** A staff member's browser: its own context, no shopper token. */
async function staffPage(browser: Browser, baseURL: string, language: Language): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: language === 'ar' ? 'ar' : 'en-US' });
  return context.newPage();
}

/** A toast of the back office (react-hot-toast: role status). */
function toast(page: Page, message: string): Locator {
  return page.getByRole('status').filter({ hasText: message });
}

/** The first amount of dollars in a text, e.g. `$1,299.50` → 1299.5. */
function dollarsIn(text: string): number {
  const match = /\$([\d,]+\.\d{2})/.exec(text);
  if (!match?.[1]) throw new Error(`no amount in "${text}"`);
  return Number(match[1].replace(/,/g, ''));
}

for (const [index, language] of (['en', 'ar'] as const).entries()) {
  test(`support ships and partly refunds an order; the shopper and the owner see it (${language})`, async ({ browser, baseURL, page, request, signedInShopper, useLanguage, expectAccessible }, testInfo) => {
    test.setTimeout(180_000);
    const t = ADMIN_TEXTS[language];
    const [first, second] = await productsToBuy(request, 20 + index);
    const order = await buy(request, signedInShopper, first, second, language);
    const firstTitle = await titleIn(request, 'fashion', first._id, language);
    const support = await createStaffMember(baseURL!, testInfo, 'support');

    // Support finds the order by the shopper's email.
    const staff = await staffPage(browser, baseURL!, language);
    await signInToDashboard(staff, support, language);
    await expect(staff.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    await staff.getByRole('navigation', { name: t.app.mainNav }).getByRole('link', { name: t.nav.orders, exact: true }).click();
    await expect(staff.getByRole('heading', { level: 1, name: t.orders.title })).toBeVisible();
    await staff.getByRole('searchbox', { name: t.orders.search }).fill(signedInShopper.email);
    const grid = staff.getByRole('grid', { name: t.orders.grid });
    await expect(grid.getByText(signedInShopper.email)).toBeVisible();
    await grid.getByRole('link', { name: order._id }).click();
    await expect(staff.getByRole('heading', { level: 1, name: t.order.title.replace('{{id}}', order._id) })).toBeVisible();

    // Ships it, one confirmed step at a time.
    for (const status of ['Processing', 'Shipped'] as const) {
      const label = t.order.markAs.replace('{{status}}', t.orderStatus[status]);
      await staff.getByRole('button', { name: label }).click();
      const dialog = staff.getByRole('dialog');
      await dialog.getByRole('button', { name: label }).click();
      await expect(toast(staff, t.order.moved.replace('{{status}}', t.orderStatus[status]))).toBeVisible();
      await expect(dialog).toBeHidden();
    }
    await expect(staff.getByText(t.orderStatus.Shipped, { exact: true }).first()).toBeVisible();

    // Refunds one unit of the first line, returning it to stock.
    await staff.getByRole('button', { name: t.order.refundButton, exact: true }).click();
    const refund = staff.getByRole('dialog', { name: t.order.refundTitle.replace('{{id}}', order._id) });
    const amount = refund.getByRole('textbox', { name: t.order.refundAmount });
    await expect(amount).toHaveValue(order.amount.toFixed(2));
    await amount.fill(first.price.toFixed(2));
    await refund.getByRole('textbox', { name: t.order.refundReason }).fill(language === 'ar' ? 'قطعة تالفة' : 'One unit arrived damaged');
    await expect(refund.getByRole('checkbox', { name: t.order.restock })).toBeChecked();
    await refund.getByRole('spinbutton', { name: t.order.lineUnits.replace('{{title}}', firstTitle) }).fill('1');
    await refund.getByRole('button', { name: t.order.doRefund, exact: true }).click();
    await expect(toast(staff, t.order.refundDone.replace('{{amount}}', dollars(first.price)))).toBeVisible();
    await expect(refund).toBeHidden();
    await expect(staff.getByText(t.paymentStatus['Partially refunded'], { exact: true }).first()).toBeVisible();
    const refunds = staff.getByRole('table', { name: t.order.refunds });
    await expect(refunds.getByRole('row').nth(1)).toContainText(dollars(first.price));
    await expect(refunds.getByRole('row').nth(1)).toContainText(support.email);
    // One unit of the first line went back to stock (its last column), none of the second.
    const lines = staff.getByRole('table', { name: t.order.lines });
    await expect(lines.getByRole('row').filter({ hasText: firstTitle }).getByRole('cell').last()).toHaveText('1');
    await expectAccessible(staff);
    await staff.context().close();

    // The shopper's order page and mail say so.
    await useLanguage(language);
    await page.goto(`/Order/${order._id}`);
    await expect(page.getByRole('main')).toContainText(partiallyRefunded(language));
    // The confirmation, "on its way", then the refund, naming the amount.
    const mails = await waitForMails(signedInShopper.email, 3);
    const refundMail = mails.find((mail) => mail.subject === refundSubject(language, order._id));
    expect(refundMail?.text, `the refund mail among: ${mails.map((mail) => mail.subject).join(' | ')}`).toContain(dollars(first.price));

    // The owner sees the day's figures and the support member's actions.
    const ownerPage = await staffPage(browser, baseURL!, language);
    await signInToDashboard(ownerPage, owner(), language);
    const today = ownerPage.getByRole('region', { name: t.dashboard.todayTitle });
    await expect(today).toContainText(t.dashboard.todayRevenue);
    expect(dollarsIn((await today.textContent()) ?? '')).toBeGreaterThanOrEqual(order.amount);
    await ownerPage.getByRole('navigation', { name: t.app.mainNav }).getByRole('link', { name: t.nav.audit, exact: true }).click();
    await expect(ownerPage.getByRole('heading', { level: 1, name: t.audit.title })).toBeVisible();
    await ownerPage.getByRole('textbox', { name: t.audit.entity }).fill(order._id);
    const log = ownerPage.getByRole('table', { name: t.audit.table });
    // The filter applies once typing stops: then only the header row lacks the order's id.
    await expect(log.getByRole('row').filter({ hasNotText: order._id })).toHaveCount(1);
    await expect(log.getByRole('row').filter({ hasText: t.audit.actions.order.refund })).toContainText(support.email);
    await expect(log.getByRole('row').filter({ hasText: t.audit.actions.order.status })).toHaveCount(2);
    await expectAccessible(ownerPage);
    await ownerPage.context().close();
  });
}
