import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { owner, staffApi, xsrfToken } from './admin';
import { CARD_PAGE, checkoutTexts, dollars, fillCard, productsToBuy, readyToCheckOut, tabTo } from './checkout';
import { expect, test, uniqueSuffix } from './fixtures';
import { waitForMails } from './mail';
import { escapeRegExp, type Language } from './shopping';

/**
 * Issue #35 in the browser: the owner runs a 10% code for one department; a shopper enters it in
 * the cart with the keyboard alone (a refused code first, its reason under the field), sees the
 * discount, pays the reduced amount on the card page, and finds the discount on the order page
 * and in the confirmation mail — in English and in Arabic.
 */

const here = path.dirname(fileURLToPath(import.meta.url));

interface PromoTexts {
  label: string;
  apply: string;
  remove: string;
  discountOf: string;
  reasons: Record<string, string>;
}

function promoTexts(language: Language): { promo: PromoTexts; orderDiscountOf: string; orderDetails: string; summary: string } {
  const shopping = JSON.parse(readFileSync(path.join(here, '../../apps/web/public/locales', language, 'shopping.json'), 'utf8')) as {
    promo: PromoTexts;
    order: { discountOf: string; details: string };
    cart: { summary: string };
  };
  return { promo: shopping.promo, orderDiscountOf: shopping.order.discountOf, orderDetails: shopping.order.details, summary: shopping.cart.summary };
}

const NAMES = { en: 'Spring sale', ar: 'تخفيضات الربيع' };
const MAIL_DISCOUNT = { en: 'Discount', ar: 'الخصم' };
const cents = (dollarsAmount: number) => Math.round(dollarsAmount * 100);

for (const [index, language] of (['en', 'ar'] as const).entries()) {
  test(`a 10% code for one department: entered with the keyboard, paid at the reduced amount, on the order and in the mail, in ${language}`, async ({
    page,
    request,
    baseURL,
    signedInShopper,
    useLanguage,
  }) => {
    test.setTimeout(120_000);
    await useLanguage(language);
    const { promo, orderDiscountOf, orderDetails, summary } = promoTexts(language);
    const checkout = checkoutTexts(language);

    // The owner's code, for fashion only; the Patio & Garden line is not part of it.
    const code = `E2E-${uniqueSuffix()}`.toUpperCase().replace(/[^A-Z0-9-]/g, '').slice(0, 32);
    const { email, password } = owner();
    const staff = await staffApi(baseURL!, email, password);
    const created = await staff.post('/api/admin/promotions', {
      headers: { 'X-XSRF-TOKEN': await xsrfToken(staff) },
      data: { name: NAMES, code, kind: 'percent', value: 10, departments: ['fashion'], active: true },
    });
    expect(created.status(), await created.text()).toBe(201);
    await staff.dispose();

    const [fashion, garden] = await productsToBuy(request, 18 + index);
    await readyToCheckOut(request, signedInShopper, [fashion, garden]);
    const discount = Math.floor((cents(fashion.price) * 10 + 50) / 100) / 100;
    const amount = (cents(fashion.price) + cents(garden.price) - cents(discount)) / 100;

    await page.goto('/cart');
    const panel = page.getByRole('region', { name: summary });
    const field = panel.getByRole('textbox', { name: promo.label });

    await test.step('a code that does not exist is refused, the reason under the field', async () => {
      await tabTo(page, field);
      await page.keyboard.type('NO-SUCH-CODE');
      await page.keyboard.press('Enter');
      await expect(panel.getByRole('alert')).toHaveText(promo.reasons.PROMO_UNKNOWN!);
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(field).toBeFocused();
    });

    await test.step('the owner’s code applies to the fashion line: the chip, the Discount row', async () => {
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type(code.toLowerCase());
      await page.keyboard.press('Enter');
      const chip = panel.getByRole('button', { name: `${code} ${promo.remove}` });
      await expect(chip).toBeFocused();
      await expect(panel).toContainText(promo.discountOf.replace('{{name}}', NAMES[language]));
      await expect(panel).toContainText(`−${dollars(discount)}`);
    });

    let orderId = '';
    await test.step('the checkout shows the discount and the card page asks for the reduced amount', async () => {
      await page.goto('/checkout');
      await expect(page.getByRole('region', { name: checkout.checkout.summary })).toContainText(`−${dollars(discount)}`);
      await page.getByRole('radio', { name: /26th of July Street/ }).check();
      await page.getByRole('button', { name: checkout.checkout.placeOrder }).click();
      await expect(page).toHaveURL(/\/pay\//);
      await expect(page.locator('.due')).toContainText(dollars(amount));
      await fillCard(page, '4242 4242 4242 4242', language);
      await page.getByRole('button', { name: CARD_PAGE[language].pay, exact: true }).click();
      await expect(page).toHaveURL(/\/checkoutSuccess\?order=/);
      orderId = new URL(page.url()).searchParams.get('order') ?? '';
    });

    await test.step('the order page and the confirmation mail show the discount', async () => {
      await page.goto(`/Order/${orderId}`);
      const details = page.getByRole('region', { name: orderDetails });
      await expect(details).toContainText(orderDiscountOf.replace('{{name}}', NAMES[language]));
      await expect(details).toContainText(`−${dollars(discount)}`);
      await expect(details).toContainText(dollars(amount));

      const mails = await waitForMails(signedInShopper.email);
      const confirmation = mails.find((mail) => mail.text?.includes(orderId.slice(0, 8).toUpperCase()));
      expect(confirmation?.text).toMatch(new RegExp(`${escapeRegExp(MAIL_DISCOUNT[language])} \\(${escapeRegExp(NAMES[language])}\\): −${escapeRegExp(dollars(discount))}`));
    });
  });
}
