import type { Locator, Page } from '@playwright/test';

import { expect, test } from './fixtures';
import {
  ENGLISH_SHOPPING as t,
  addToCartThroughApi,
  cartLine,
  cartLines,
  cartLink,
  cartSummary,
  cartThroughApi,
  firstGroceryCard,
  departmentProducts,
  escapeRegExp,
  expectCartCount,
  expectToast,
  guestCartToken,
  lineQuantity,
  lowStockProduct,
  price,
  productById,
  signInThroughForm,
  someProduct,
  toast,
} from './shopping';

/** The cart page's h1: 'Cart' and the item count ('Cart (2 items)'). */
function cartHeading(page: Page, count: number): Locator {
  return page.getByRole('heading', { level: 1, name: `Cart (${count} ${count === 1 ? 'item' : 'items'})`, exact: true });
}

/** The summary panel shows `label` with `value` beside it. */
async function expectSummaryRow(summary: Locator, label: string, value: string): Promise<void> {
  await expect(summary).toContainText(new RegExp(`${escapeRegExp(label)}\\s*${escapeRegExp(value)}`));
}

/** Parses the guest cart identity kept in local storage. */
function parseGuestCart(value: string | null): { userId: string; cartId: string } {
  expect(value, 'token2 in local storage').not.toBeNull();
  const parsed = JSON.parse(value!) as { userId?: unknown; cartId?: unknown };
  expect(typeof parsed.userId).toBe('string');
  expect(typeof parsed.cartId).toBe('string');
  return parsed as { userId: string; cartId: string };
}

/** Cents-exact `amount × quantity`, in dollars. */
function times(amount: number, quantity: number): number {
  return (Math.round(amount * 100) * quantity) / 100;
}

test.describe('cart as a guest', () => {
  test('a guest adds from a product card; the cart survives a reload and joins the shopper’s cart on signing in', async ({
    page,
    request,
    shopper,
  }) => {
    // The shopper already has another product in their cart (put there from another device).
    const other = await someProduct(request, 'Home');
    await addToCartThroughApi(request, shopper.token, other._id, 1);

    const { card, title } = await firstGroceryCard(page);
    await expectCartCount(page, 0);
    expect(await guestCartToken(page)).toBeNull();
    await card.getByRole('button', { name: `Add, ${title}`, exact: true }).click();
    await expectToast(page, t.product.addedToCart);
    await expectCartCount(page, 1);
    const guestCart = parseGuestCart(await guestCartToken(page));

    await page.reload();
    await expectCartCount(page, 1);
    expect(parseGuestCart(await guestCartToken(page))).toEqual(guestCart);

    await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await signInThroughForm(page, shopper.email, shopper.password);
    await expect(page.getByRole('banner').getByRole('link', { name: `Hi, ${shopper.name}` })).toBeVisible();
    // Both lines: the guest's and the one the shopper had.
    await expectCartCount(page, 2);
    await expect.poll(() => guestCartToken(page)).toBeNull();

    await cartLink(page, 2).click();
    await expect(page).toHaveURL(/\/Cart$/);
    await expect(cartHeading(page, 2)).toBeVisible();
    await expect(cartLine(page, title)).toBeVisible();
    await expect(lineQuantity(cartLine(page, title))).toHaveText('1');
    await expect(cartLine(page, other.title)).toBeVisible();
    await expect(cartLines(page)).toHaveCount(2);

    const cart = await cartThroughApi(request, shopper.token);
    expect(cart.items.map((line) => [line.product.title, line.quantity]).sort()).toEqual([[other.title, 1], [title, 1]].sort());
  });

  test('a forged token2 is dropped: the next add starts a fresh guest cart, and a page load reads an empty cart', async ({ page }) => {
    const forged = JSON.stringify({
      userId: '00000000-0000-4000-8000-000000000001',
      cartId: '00000000-0000-4000-8000-000000000002',
      signature: 'not-a-signature',
    });
    const { card, title } = await firstGroceryCard(page);
    await expectCartCount(page, 0);
    await page.evaluate((value) => window.localStorage.setItem('token2', value), forged);

    await card.getByRole('button', { name: `Add, ${title}`, exact: true }).click();
    await expectToast(page, t.product.addedToCart);
    await expectCartCount(page, 1);
    const fresh = parseGuestCart(await guestCartToken(page));
    expect(fresh.cartId).not.toBe('00000000-0000-4000-8000-000000000002');

    await page.goto('/cart');
    await expect(cartLine(page, title)).toBeVisible();

    // A forged identity found at load: the cart reads empty and the identity is forgotten.
    await page.evaluate((value) => window.localStorage.setItem('token2', value), forged);
    await page.reload();
    await expect(page.getByText(t.cart.empty)).toBeVisible();
    await expectCartCount(page, 0);
    await expect.poll(() => guestCartToken(page)).toBeNull();
  });

  test('before any script has run, /cart shows a new guest the empty cart at once, and a browser that keeps a cart the loading overlay', async ({
    page,
  }) => {
    // Script files never arrive: what shows is the server's page and the head's inline script.
    await page.route(/\.js(\?.*)?$/, (route) => route.abort());
    await page.goto('/cart');
    await expect(page.getByRole('heading', { level: 1, name: 'Cart', exact: true })).toBeVisible();
    await expect(page.getByText(t.cart.empty)).toBeVisible();
    await expect(page.getByRole('progressbar', { name: t.cart.loading })).toBeHidden();

    // A guest cart kept in this browser (its content is the server's to judge, once scripts run).
    await page.evaluate(() => window.localStorage.setItem('token2', '{"userId":"u","cartId":"c"}'));
    await page.reload();
    await expect(page.getByRole('progressbar', { name: t.cart.loading })).toBeVisible();
    await expect(page.getByText(t.cart.empty)).toBeHidden();
  });

  test('Buy Now on a product page adds one and lands on /cart with that product', async ({ page, request }) => {
    const product = await someProduct(request, 'Baby');
    await page.goto(`/details/${product._id}`);
    await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
    await page.getByRole('button', { name: t.details.buyNow }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(cartHeading(page, 1)).toBeVisible();
    await expect(cartLine(page, product.title)).toBeVisible();
    await expect(lineQuantity(cartLine(page, product.title))).toHaveText('1');
    await expectCartCount(page, 1);
  });

  test('Add to cart in search results adds the product', async ({ page }) => {
    await page.goto('/search?q=headphones');
    const first = page.getByRole('region', { name: 'Search results' }).getByRole('article').first();
    const title = (await first.getByRole('link').textContent())!.trim();
    const add = first.getByRole('button', { name: `Add to cart, ${title}`, exact: true });
    await expect(add).toHaveText('Add to cart');
    await add.click();
    await expectToast(page, t.product.addedToCart);
    await expectCartCount(page, 1);
    await cartLink(page, 1).click();
    await expect(cartLine(page, title)).toBeVisible();
  });

  test('Continue to checkout tells a guest to sign in first and stays on /cart', async ({ page, request }) => {
    const product = await someProduct(request, 'electronics');
    await page.goto(`/details/${product._id}`);
    await page.getByRole('button', { name: t.details.addToCart }).click();
    await expectToast(page, t.product.addedToCart);
    await expectCartCount(page, 1);

    await page.goto('/cart');
    await expect(cartLine(page, product.title)).toBeVisible();
    await page.getByRole('button', { name: t.cart.continueToCheckout }).click();
    await expect(toast(page, t.cart.loginFirst)).toBeVisible();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(cartHeading(page, 1)).toBeVisible();
  });
});

test.describe('cart of a signed-in shopper', () => {
  test('/cart shows both open sections, the line and the summary; + and − change the quantity and every count; − at 1 is refused; Remove empties it', async ({
    page,
    request,
    signedInShopper,
  }) => {
    const product = await someProduct(request, 'Grocery');
    await addToCartThroughApi(request, signedInShopper.token, product._id, 1);
    await page.goto('/cart');

    await expect(cartHeading(page, 1)).toBeVisible();
    await expect(page.getByRole('button', { name: t.cart.deliveryOptions })).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('button', { name: /^Free shipping, arrives \S/ })).toHaveAttribute('aria-expanded', 'true');
    const line = cartLine(page, product.title);
    await expect(line).toBeVisible();
    await expect(line).toContainText(product.description);
    await expect(line).toContainText(price(product.price));
    const quantity = lineQuantity(line);
    await expect(quantity).toHaveText('1');

    const summary = cartSummary(page);
    await expectSummaryRow(summary, 'Subtotal (1 item)', price(product.price));
    await expectSummaryRow(summary, t.cart.savings, `−${price(0)}`);
    await expectSummaryRow(summary, t.cart.shippingRow, t.cart.free);
    await expectSummaryRow(summary, t.cart.taxes, t.cart.taxesValue);
    await expectSummaryRow(summary, t.cart.estimatedTotal, price(product.price));
    await expect(summary.getByRole('button', { name: t.cart.continueToCheckout })).toBeVisible();

    // 'Recommended with your order': products of the cart's department, not the one in it.
    const recommended = page.getByRole('region', { name: t.cart.recommended });
    await expect(recommended.getByRole('article').first()).toBeVisible();
    await expect(recommended.getByRole('link', { name: product.title, exact: true })).toHaveCount(0);

    await line.getByRole('button', { name: `Increase quantity, ${product.title}`, exact: true }).click();
    await expect(quantity).toHaveText('2');
    await expect(cartHeading(page, 2)).toBeVisible();
    await expectSummaryRow(summary, 'Subtotal (2 items)', price(times(product.price, 2)));
    await expectSummaryRow(summary, t.cart.estimatedTotal, price(times(product.price, 2)));
    await expectCartCount(page, 2);
    expect((await cartThroughApi(request, signedInShopper.token)).count).toBe(2);

    const decrease = line.getByRole('button', { name: `Decrease quantity, ${product.title}`, exact: true });
    await decrease.click();
    await expect(quantity).toHaveText('1');
    await expect(cartHeading(page, 1)).toBeVisible();
    await expectCartCount(page, 1);

    await decrease.click();
    await expectToast(page, t.cart.minQuantity);
    await expect(quantity).toHaveText('1');
    expect((await cartThroughApi(request, signedInShopper.token)).count).toBe(1);

    await line.getByRole('button', { name: `Remove, ${product.title}`, exact: true }).click();
    await expect(page.getByText(t.cart.empty)).toBeVisible();
    await expect(cartHeading(page, 0)).toBeVisible();
    await expect(cartLines(page)).toHaveCount(0);
    await expectCartCount(page, 0);
    expect((await cartThroughApi(request, signedInShopper.token)).items).toEqual([]);
  });

  test('a section closes and opens again from its heading', async ({ page, request, signedInShopper }) => {
    const product = await someProduct(request, 'Home');
    await addToCartThroughApi(request, signedInShopper.token, product._id, 1);
    await page.goto('/cart');
    const lines = page.getByRole('button', { name: /^Free shipping, arrives \S/ });
    await expect(lines).toHaveAttribute('aria-expanded', 'true');
    await expect(cartLine(page, product.title)).toBeVisible();
    await lines.click();
    await expect(lines).toHaveAttribute('aria-expanded', 'false');
    await expect(cartLine(page, product.title)).toBeHidden();
    await lines.click();
    await expect(cartLine(page, product.title)).toBeVisible();
  });

  test('the summary counts the savings of a reduced product', async ({ page, request, signedInShopper }) => {
    const reduced = (await departmentProducts(request, 'Grocery')).find((p) => p.listPrice !== null && p.listPrice > p.price && p.quantity >= 2);
    if (!reduced?.listPrice) throw new Error('no reduced Grocery product in stock');
    await addToCartThroughApi(request, signedInShopper.token, reduced._id, 2);
    await page.goto('/cart');
    await expect(cartLine(page, reduced.title)).toContainText(price(reduced.listPrice));
    const summary = cartSummary(page);
    await expectSummaryRow(summary, 'Subtotal (2 items)', price(times(reduced.price, 2)));
    await expectSummaryRow(summary, t.cart.savings, `−${price(times(reduced.listPrice, 2) - times(reduced.price, 2))}`);
    await expectSummaryRow(summary, t.cart.estimatedTotal, price(times(reduced.price, 2)));
  });

  test('Continue to checkout opens /checkout', async ({ page, request, signedInShopper }) => {
    const product = await someProduct(request, 'beauty');
    await addToCartThroughApi(request, signedInShopper.token, product._id, 1);
    await page.goto('/cart');
    await page.getByRole('button', { name: t.cart.continueToCheckout }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
    await expect(toast(page, t.cart.loginFirst)).toHaveCount(0);
  });

  test('adding beyond the stock says "Only N left in stock", from the product page and with +', async ({ page, request, signedInShopper }) => {
    const product = await lowStockProduct(request);
    const stock = product.quantity;
    const onlyLeft = t.cart.onlyLeft.replace('{{count}}', String(stock));
    await addToCartThroughApi(request, signedInShopper.token, product._id, stock);

    await page.goto(`/details/${product._id}`);
    await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
    await expectCartCount(page, stock);
    await page.getByRole('button', { name: t.details.addToCart }).click();
    await expectToast(page, onlyLeft);
    await expect(toast(page, t.product.addedToCart)).toHaveCount(0);
    await expectCartCount(page, stock);

    await page.goto('/cart');
    const line = cartLine(page, product.title);
    await expect(lineQuantity(line)).toHaveText(String(stock));
    await line.getByRole('button', { name: `Increase quantity, ${product.title}`, exact: true }).click();
    await expectToast(page, onlyLeft);
    await expect(lineQuantity(line)).toHaveText(String(stock));
    const cart = await cartThroughApi(request, signedInShopper.token);
    expect(cart.items.map((l) => l.quantity)).toEqual([stock]);
    // The product still has that stock: nothing was taken by the refused adds.
    expect((await productById(request, product._id)).quantity).toBe(stock);
  });
});
