import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import type { APIRequestContext, Locator, Page } from '@playwright/test';

import { field } from './account-pages';
import { expect } from './fixtures';

/**
 * Helpers of the cart and wish-list tests (issue #7): the products they use, found through the
 * API; set-up through the API (`POST /api/cart/{id}`, `POST /api/wish/{id}`); the texts of the
 * cart, wish list and product buttons in both languages; and the page parts they look at, found by
 * role and name.
 */

export type Language = 'en' | 'ar';

/** A product as the catalog API answers it (the fields these tests read). */
export interface CatalogProduct {
  _id: string;
  title: string;
  description: string;
  price: number;
  listPrice: number | null;
  /** Units in stock. */
  quantity: number;
}

/** A cart as `GET /api/cart` answers it (the fields these tests read). */
export interface ApiCart {
  items: { product: { _id: string; title: string }; quantity: number }[];
  count: number;
  subtotal: number;
  savings: number;
}

/** A wish list as `GET /api/wish` answers it. */
export interface ApiWishList {
  items: { product: { _id: string; title: string } }[];
}

/** The products of a department, in `language` (the API's `lng` header). */
export async function departmentProducts(request: APIRequestContext, department: string, language: Language = 'en'): Promise<CatalogProduct[]> {
  const answer = await request.get(`/api/product/category/${encodeURIComponent(department)}`, {
    params: { pageSize: 100 },
    headers: { lng: language },
  });
  expect(answer.status(), `products of ${department}: ${await answer.text()}`).toBe(200);
  const body = (await answer.json()) as { data: CatalogProduct[] };
  expect(body.data.length).toBeGreaterThan(0);
  return body.data;
}

/** One product, in `language`. */
export async function productById(request: APIRequestContext, id: string, language: Language = 'en'): Promise<CatalogProduct> {
  const answer = await request.get(`/api/product/${id}`, { headers: { lng: language } });
  expect(answer.status(), `product ${id}: ${await answer.text()}`).toBe(200);
  return ((await answer.json()) as { data: CatalogProduct }).data;
}

/** The `n`th product (from 0) of a department that is in stock and not reduced (no savings). */
export async function someProduct(request: APIRequestContext, department = 'Grocery', n = 0): Promise<CatalogProduct> {
  const products = (await departmentProducts(request, department)).filter((p) => p.quantity >= 5 && p.listPrice === null);
  const product = products[n];
  if (!product) throw new Error(`${department} has fewer than ${n + 1} products in stock without a list price`);
  return product;
}

/** The product of a department with the least stock, but at least 2 units of it. */
export async function lowStockProduct(request: APIRequestContext, department = 'Grocery'): Promise<CatalogProduct> {
  const products = (await departmentProducts(request, department)).filter((p) => p.quantity >= 2).sort((a, b) => a.quantity - b.quantity);
  const product = products[0];
  if (!product) throw new Error(`${department} has no product with at least 2 in stock`);
  return product;
}

/** Adds `quantity` of a product to the signed-in shopper's cart through the API. */
export async function addToCartThroughApi(request: APIRequestContext, token: string, productId: string, quantity = 1): Promise<ApiCart> {
  const answer = await request.post(`/api/cart/${productId}`, { headers: { token }, data: { quantity } });
  expect(answer.status(), `add ${productId} to the cart: ${await answer.text()}`).toBe(200);
  return ((await answer.json()) as { data: ApiCart }).data;
}

/** The signed-in shopper's cart through the API. */
export async function cartThroughApi(request: APIRequestContext, token: string): Promise<ApiCart> {
  const answer = await request.get('/api/cart', { headers: { token } });
  expect(answer.status(), `the cart: ${await answer.text()}`).toBe(200);
  return ((await answer.json()) as { data: ApiCart }).data;
}

/** Adds a product to the signed-in shopper's wish list through the API. */
export async function addToWishListThroughApi(request: APIRequestContext, token: string, productId: string): Promise<ApiWishList> {
  const answer = await request.post(`/api/wish/${productId}`, { headers: { token }, data: { id: productId } });
  expect(answer.status(), `add ${productId} to the wish list: ${await answer.text()}`).toBe(200);
  return ((await answer.json()) as { data: ApiWishList }).data;
}

/** The signed-in shopper's wish list through the API. */
export async function wishListThroughApi(request: APIRequestContext, token: string): Promise<ApiWishList> {
  const answer = await request.get('/api/wish', { headers: { token } });
  expect(answer.status(), `the wish list: ${await answer.text()}`).toBe(200);
  return ((await answer.json()) as { data: ApiWishList }).data;
}

/** Plural forms of a counted text, by CLDR category (`one`, `other`; Arabic also `zero`, `two`, `few`, `many`). */
type Plural = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

/**
 * The texts of the cart, the wish list and the product buttons, in the shape of the translation
 * files: `shopping.json` (`cart`, `wishlist`), `catalog.json` (`product`, `details`) and `common.json`
 * (`header.cartCount`). English is the UI contract word for word; Arabic is read from the files.
 */
export const ENGLISH_SHOPPING = {
  cart: {
    title: 'Cart',
    count: { one: '({{count}} item)', other: '({{count}} items)' } as Plural,
    empty: 'Your cart is empty!',
    loading: 'Loading your cart',
    deliveryOptions: 'Pickup and delivery options',
    /** `{{date}}` is the arrival date. */
    linesHeading: 'Free shipping, arrives {{date}}',
    linesLabel: 'Items in your cart',
    quantity: 'Quantity',
    increase: 'Increase quantity, {{title}}',
    decrease: 'Decrease quantity, {{title}}',
    remove: 'Remove, {{title}}',
    onlyLeft: 'Only {{count}} left in stock',
    minQuantity: 'Quantity cannot be less than 1',
    recommended: 'Recommended with your order',
    summary: 'Order summary',
    subtotal: { one: 'Subtotal ({{count}} item)', other: 'Subtotal ({{count}} items)' } as Plural,
    savings: 'Savings',
    shippingRow: 'Shipping',
    free: 'Free',
    taxes: 'Taxes',
    taxesValue: 'Calculated at checkout',
    estimatedTotal: 'Estimated total',
    continueToCheckout: 'Continue to checkout',
    loginFirst: 'Please login first!',
  },
  wishlist: {
    title: 'My Wish List',
    empty: 'Your Wish list is empty!',
    moveToCart: 'Move To Cart',
    remove: 'Remove',
    signInText: 'Sign in to see and keep your wish list.',
    signIn: 'Sign in',
  },
  product: {
    add: 'Add',
    addToWishlist: 'Add to wish list, {{title}}',
    removeFromWishlist: 'Remove from wish list, {{title}}',
    wishlistSignIn: 'Please sign in to use your wish list',
    namedAction: '{{action}}, {{title}}',
    addedToCart: 'Product added to the cart successfully',
    addedToWishlist: 'Added to wishlist',
    removedFromWishlist: 'Removed from your wish list',
    signIn: 'Sign in',
  },
  details: {
    buyNow: 'Buy Now',
    addToCart: 'Add to card',
    addToList: 'Add to list',
  },
  departments: { grocery: 'Grocery' },
  department: { products: 'All {{name}} products' },
  cartCount: { one: 'Cart, {{count}} item', other: 'Cart, {{count}} items' } as Plural,
};
export type ShoppingTexts = typeof ENGLISH_SHOPPING;

const LOCALES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/public/locales');

function readLocale(language: Language, namespace: string): Record<string, unknown> {
  return JSON.parse(readFileSync(path.join(LOCALES_DIR, language, `${namespace}.json`), 'utf8')) as Record<string, unknown>;
}

const PLURAL_RULES: readonly Intl.LDMLPluralRule[] = ['zero', 'one', 'two', 'few', 'many', 'other'];

/** The text of `key` in `section`; throws, naming the key, when it is missing or blank. */
function text(section: Record<string, unknown>, key: string, where: string): string {
  const value = section[key];
  if (typeof value !== 'string' || value.trim() === '') throw new Error(`${where}.${key} is missing from the translation file`);
  return value;
}

/** The plural forms of `key` (i18next's `key_one`, `key_other`, …). */
function plural(section: Record<string, unknown>, key: string, where: string): Plural {
  const forms: Partial<Record<Intl.LDMLPluralRule, string>> = {};
  for (const rule of PLURAL_RULES) {
    const value = section[`${key}_${rule}`];
    if (typeof value === 'string') forms[rule] = value;
  }
  return { ...forms, other: text(section, `${key}_other`, where) };
}

/** `shape`'s texts taken from `section` (plural ones by their `_{rule}` keys). */
function pickSection<T extends Record<string, string | Plural>>(shape: T, section: unknown, where: string): T {
  const source = (section ?? {}) as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(shape).map(([key, value]) => [key, typeof value === 'string' ? text(source, key, where) : plural(source, key, where)]),
  ) as T;
}

/** The shopping texts of `language`, read from the web app's translation files now. */
export function readShoppingTexts(language: Language): ShoppingTexts {
  const shopping = readLocale(language, 'shopping');
  const catalog = readLocale(language, 'catalog');
  const common = readLocale(language, 'common');
  return {
    cart: pickSection(ENGLISH_SHOPPING.cart, shopping.cart, `${language}/shopping.json cart`),
    wishlist: pickSection(ENGLISH_SHOPPING.wishlist, shopping.wishlist, `${language}/shopping.json wishlist`),
    product: pickSection(ENGLISH_SHOPPING.product, catalog.product, `${language}/catalog.json product`),
    details: pickSection(ENGLISH_SHOPPING.details, catalog.details, `${language}/catalog.json details`),
    departments: pickSection(ENGLISH_SHOPPING.departments, catalog.departments, `${language}/catalog.json departments`),
    department: pickSection(ENGLISH_SHOPPING.department, catalog.department, `${language}/catalog.json department`),
    cartCount: plural((common.header ?? {}) as Record<string, unknown>, 'cartCount', `${language}/common.json header`),
  };
}

let arabic: ShoppingTexts | undefined;

/** The shopping texts of `language` (Arabic read from the translation files once per worker). */
export function shoppingTexts(language: Language): ShoppingTexts {
  if (language === 'en') return ENGLISH_SHOPPING;
  arabic ??= readShoppingTexts('ar');
  return arabic;
}

/** Fills `{{name}}` placeholders the way i18next does. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}

/** The plural form i18next picks for `count` in `language`, filled in. */
export function counted(forms: Plural, count: number, language: Language): string {
  const rule = new Intl.PluralRules(language).select(count);
  return fill(forms[rule] ?? forms.other, { count });
}

/** A product button's accessible name: its visible words, then the product ('Add, Olive oil'). */
export function named(t: ShoppingTexts, action: string, title: string): string {
  return fill(t.product.namedAction, { action, title });
}

export function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The header's cart link, named after the number of items ('Cart, 1 item'). */
export function cartLink(page: Page, count: number, language: Language = 'en'): Locator {
  return page.getByRole('banner').getByRole('link', { name: counted(shoppingTexts(language).cartCount, count, language), exact: true });
}

/** Waits until the header's cart link says `count` items and shows it as its badge. */
export async function expectCartCount(page: Page, count: number, language: Language = 'en'): Promise<void> {
  const link = cartLink(page, count, language);
  await expect(link).toBeVisible();
  await expect(link).toHaveText(String(count));
}

/** A toast (react-hot-toast renders each as a polite role="status" live region). */
export function toast(page: Page, message: string): Locator {
  return page.getByRole('status').filter({ hasText: message });
}

export async function expectToast(page: Page, message: string): Promise<void> {
  await expect(toast(page, message)).toBeVisible();
}

/** The cart page's lines. */
export function cartLines(page: Page, language: Language = 'en'): Locator {
  return page.getByRole('list', { name: shoppingTexts(language).cart.linesLabel }).getByRole('listitem');
}

/** The cart page's line of a product, found by the link of its title. */
export function cartLine(page: Page, title: string, language: Language = 'en'): Locator {
  return cartLines(page, language).filter({ has: page.getByRole('link', { name: title, exact: true }) });
}

/** The quantity a cart line shows (between its −1 and +1 buttons). */
export function lineQuantity(line: Locator, language: Language = 'en'): Locator {
  return line.getByRole('group', { name: shoppingTexts(language).cart.quantity });
}

/** The cart page's summary panel. */
export function cartSummary(page: Page, language: Language = 'en'): Locator {
  return page.getByRole('region', { name: shoppingTexts(language).cart.summary });
}

/** A `$1,234.50` price, as the shop writes it in both languages. */
export function price(amount: number): string {
  return `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** The wish-list page's item of a product, found by its title's heading. */
export function wishListItem(page: Page, title: string): Locator {
  return page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 2, name: title, exact: true }) });
}

/** The guest cart identity the shop keeps in local storage (`token2`), or null. */
export function guestCartToken(page: Page): Promise<string | null> {
  return page.evaluate(() => window.localStorage.getItem('token2'));
}

/** The full product grid of the Grocery page (not its sliders). */
export function groceryGrid(page: Page, language: Language = 'en'): Locator {
  const t = shoppingTexts(language);
  return page.getByRole('region', { name: fill(t.department.products, { name: t.departments.grocery }), exact: true });
}

/** Opens /Grocery and answers its grid's first product card and that product's title. */
export async function firstGroceryCard(page: Page, language: Language = 'en'): Promise<{ card: Locator; title: string }> {
  await page.goto('/Grocery');
  const card = groceryGrid(page, language).getByRole('article').first();
  const title = (await card.getByRole('link').textContent())?.trim() ?? '';
  expect(title).not.toBe('');
  return { card, title };
}

/** Fills in the /login form and presses Continue (English). */
export async function signInThroughForm(page: Page, email: string, password: string): Promise<void> {
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
}
