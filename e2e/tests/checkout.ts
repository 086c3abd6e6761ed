import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import type { APIRequestContext, Locator, Page } from '@playwright/test';

import { SAMPLE_ADDRESS } from './account-pages';
import { expect } from './fixtures';
import { addToCartThroughApi, departmentProducts, someProduct, type CatalogProduct, type Language } from './shopping';

/**
 * Helpers of the checkout and orders tests (issue #8). The products they buy come from
 * departments no other browser test counts stock in (fashion, Patio & Garden), `n` apart per
 * test, so parallel purchases never change what another test expects.
 */

/** A test's own products to buy: the `n`th in-stock product of fashion and of Patio & Garden. */
export async function productsToBuy(request: APIRequestContext, n: number): Promise<[CatalogProduct, CatalogProduct]> {
  return [await someProduct(request, 'fashion', n), await someProduct(request, 'Patio&Garden', n)];
}

/**
 * The `n`th reduced product (a list price above its price) in stock, of fashion or Patio & Garden:
 * the other tests buy only products that are not reduced there.
 */
export async function reducedProductToBuy(request: APIRequestContext, n: number): Promise<CatalogProduct & { listPrice: number }> {
  const reduced = [...(await departmentProducts(request, 'fashion')), ...(await departmentProducts(request, 'Patio&Garden'))].filter(
    (p): p is CatalogProduct & { listPrice: number } => p.listPrice !== null && p.listPrice > p.price && p.quantity >= 5,
  );
  const product = reduced[n];
  if (!product) throw new Error(`fashion and Patio & Garden have fewer than ${n + 1} reduced products in stock`);
  return product;
}

/** Saves `SAMPLE_ADDRESS` in the shopper's address book through the API; answers its id. */
export async function saveAddressThroughApi(request: APIRequestContext, shopper: { id: string; token: string }): Promise<string> {
  const answer = await request.put(`/api/users/address/${shopper.id}`, { headers: { token: shopper.token }, data: [SAMPLE_ADDRESS] });
  expect(answer.status(), await answer.text()).toBe(200);
  const body = (await answer.json()) as { data: { addressBook: { _id: string }[] } };
  return body.data.addressBook[0]!._id;
}

/** A shopper's cart holding one of each product, and a saved address: ready to check out. */
export async function readyToCheckOut(request: APIRequestContext, shopper: { id: string; token: string }, products: CatalogProduct[]): Promise<void> {
  for (const product of products) await addToCartThroughApi(request, shopper.token, product._id);
  await saveAddressThroughApi(request, shopper);
}

/** Places an order of one of each product through the API (cart and address first); leaves it unpaid. */
export async function placeOrderThroughApi(
  request: APIRequestContext,
  shopper: { id: string; token: string },
  products: CatalogProduct[],
): Promise<{ _id: string; amount: number }> {
  await readyToCheckOut(request, shopper, products);
  const user = (await (await request.get(`/api/users/${shopper.id}`, { headers: { token: shopper.token } })).json()) as {
    data: { addressBook: { _id: string }[] };
  };
  const placed = await request.post('/api/orders', {
    headers: { token: shopper.token, 'idempotency-key': randomUUID() },
    data: { items: products.map((p) => ({ _id: p._id, quantity: 1 })), shippingAddress: { _id: user.data.addressBook[0]!._id } },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return ((await placed.json()) as { data: { _id: string; amount: number } }).data;
}

/** Opens the card page of one's own unpaid order through the API: its path, `/pay/{sessionId}`. */
export async function cardPageOf(request: APIRequestContext, shopper: { id: string; token: string }, orderId: string): Promise<string> {
  const answer = await request.post('/api/stripe/create-checkout-session', {
    headers: { token: shopper.token },
    data: { order: { _id: orderId }, userId: shopper.id },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { url: string }).url;
}

/** Pays an order on its card page as a browser's form would, with 4242 4242 4242 4242. */
export async function payThroughCardPage(request: APIRequestContext, shopper: { id: string; token: string }, orderId: string): Promise<void> {
  const answer = await request.post(await cardPageOf(request, shopper, orderId), {
    form: { name: 'Layla Hassan', number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
    maxRedirects: 0,
  });
  expect(answer.status(), await answer.text()).toBe(303);
  expect(answer.headers().location).toBe(`/checkoutSuccess?order=${orderId}`);
}

/**
 * Whether the first amount in the element's text is drawn as the shop writes it, `$` left of its
 * digits, also inside a right-to-left sentence (where the bidi algorithm can move the `$`).
 */
export function dollarSignLeads(element: Locator): Promise<boolean> {
  return element.evaluate((root) => {
    const characters: { node: Text; offset: number }[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node as Text;
      for (let offset = 0; offset < text.data.length; offset += 1) characters.push({ node: text, offset });
    }
    const charAt = (i: number) => (characters[i] ? characters[i].node.data.charAt(characters[i].offset) : '');
    const dollar = characters.findIndex((_, i) => charAt(i) === '$' && /\d/.test(charAt(i + 1)));
    if (dollar < 0) throw new Error(`no amount in "${root.textContent ?? ''}"`);
    const leftOf = (i: number) => {
      const range = document.createRange();
      range.setStart(characters[i]!.node, characters[i]!.offset);
      range.setEnd(characters[i]!.node, characters[i]!.offset + 1);
      return range.getBoundingClientRect().left;
    };
    return leftOf(dollar) < leftOf(dollar + 1);
  });
}

/** `$12.34` */
export const dollars = (amount: number) => `$${amount.toFixed(2)}`;

const here = path.dirname(fileURLToPath(import.meta.url));
type Json = Record<string, unknown>;
function readJson(language: Language, ns: string): Json {
  return JSON.parse(readFileSync(path.join(here, '../../apps/web/public/locales', language, `${ns}.json`), 'utf8')) as Json;
}

/** The checkout, success and order texts of `public/locales/{lng}/shopping.json` these tests use. */
export interface CheckoutTexts {
  checkout: {
    title: string;
    summary: string;
    addNew: string;
    addAddressNow: string;
    dialogTitle: string;
    placeOrder: string;
    taxesPending: string;
    total: string;
    savingsNote: string;
  };
  success: {
    title: string;
    paid: string;
    processing: string;
    lateTitle: string;
    payNow: string;
    missingTitle: string;
    goToCart: string;
    viewOrder: string;
  };
  order: { viewProduct: string };
  /** From account.json: the order lists' empty texts. */
  profile: { pastEmpty: string; upcomingEmpty: string };
}

export function checkoutTexts(language: Language): CheckoutTexts {
  // The files' shapes, checked by the tests that read them.
  const account = readJson(language, 'account') as unknown as Pick<CheckoutTexts, 'profile'>;
  return { ...(readJson(language, 'shopping') as unknown as Omit<CheckoutTexts, 'profile'>), profile: account.profile };
}

/** The card page's texts (served by the API, apps/api/src/payments/pay-page.ts). */
export const CARD_PAGE = {
  en: { heading: 'Pay Dukkan', amountDue: 'Amount due', name: 'Name on card', number: 'Card number', expiry: 'Expiry', cvc: 'CVC', pay: 'Pay', cancel: 'Cancel', declined: 'Your card was declined.' },
  ar: {
    heading: 'ادفع لدكّان',
    amountDue: 'المبلغ المستحق',
    name: 'الاسم على البطاقة',
    number: 'رقم البطاقة',
    expiry: 'تاريخ الانتهاء',
    cvc: 'رمز التحقق (CVC)',
    pay: 'ادفع',
    cancel: 'إلغاء',
    declined: 'تم رفض بطاقتك.',
  },
} as const;

/** Fills the card page's fields, found by their labels. */
export async function fillCard(page: Page, number: string, language: Language = 'en'): Promise<void> {
  const t = CARD_PAGE[language];
  await page.getByLabel(t.name).fill('Layla Hassan');
  await page.getByLabel(t.number).fill(number);
  await page.getByLabel(t.expiry).fill('12/34');
  await page.getByLabel(t.cvc).fill('123');
}

/** Presses Tab (Shift+Tab with `back`) until `target` has the focus; fails after `max` presses. */
export async function tabTo(page: Page, target: Locator, { max = 80, back = false } = {}): Promise<void> {
  const handle = await target.elementHandle();
  for (let i = 0; i < max; i += 1) {
    if (await page.evaluate((element) => document.activeElement === element, handle)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** The texts of the password-reset pages and /payment (account.json, shopping.json). */
export interface RecoveryTexts {
  forgot: { title: string };
  reset: { title: string };
  payment: { payNow: string };
}

export function recoveryTexts(language: Language): RecoveryTexts {
  // The files' shapes, checked by the tests that read them.
  const account = readJson(language, 'account') as unknown as Pick<RecoveryTexts, 'forgot' | 'reset'>;
  const shopping = readJson(language, 'shopping') as unknown as Pick<RecoveryTexts, 'payment'>;
  return { forgot: account.forgot, reset: account.reset, payment: shopping.payment };
}
