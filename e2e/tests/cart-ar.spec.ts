import { expectDocumentLanguage } from './account-pages';
import { ARABIC, expect, test } from './fixtures';
import {
  addToCartThroughApi,
  addToWishListThroughApi,
  cartLine,
  cartSummary,
  counted,
  escapeRegExp,
  expectCartCount,
  expectToast,
  fill,
  firstGroceryCard,
  lineQuantity,
  named,
  productById,
  readShoppingTexts,
  someProduct,
  toast,
  wishListItem,
  type ShoppingTexts,
} from './shopping';

/** The Arabic texts, read from the web app's translation files when the tests run. */
let ar: ShoppingTexts;
test.beforeAll(() => {
  ar = readShoppingTexts('ar');
});

test.describe('cart and wish list in Arabic', () => {
  test.beforeEach(async ({ useLanguage }) => {
    await useLanguage('ar');
  });

  test('/cart is right-to-left and Arabic: heading and count, sections, line buttons, summary and toasts', async ({
    page,
    request,
    signedInShopper,
  }) => {
    const { _id: id } = await someProduct(request, 'Grocery');
    const product = await productById(request, id, 'ar');
    expect(product.title).toMatch(ARABIC);
    await addToCartThroughApi(request, signedInShopper.token, id, 1);

    await page.goto('/cart');
    await expectDocumentLanguage(page, 'ar');
    const heading = (count: number) =>
      page.getByRole('heading', { level: 1, name: `${ar.cart.title} ${counted(ar.cart.count, count, 'ar')}`, exact: true });
    await expect(heading(1)).toBeVisible();
    await expect(page.getByRole('button', { name: ar.cart.deliveryOptions })).toHaveAttribute('aria-expanded', 'true');
    const linesHeading = new RegExp(`^${escapeRegExp(fill(ar.cart.linesHeading, { date: '' }))}\\S`);
    await expect(page.getByRole('button', { name: linesHeading })).toHaveAttribute('aria-expanded', 'true');
    await expectCartCount(page, 1, 'ar');

    const line = cartLine(page, product.title, 'ar');
    await expect(line).toContainText(product.description);
    const quantity = lineQuantity(line, 'ar');
    await expect(quantity).toHaveText('1');

    const summary = cartSummary(page, 'ar');
    for (const text of [counted(ar.cart.subtotal, 1, 'ar'), ar.cart.savings, ar.cart.shippingRow, ar.cart.free, ar.cart.taxes, ar.cart.taxesValue, ar.cart.estimatedTotal]) {
      await expect(summary.getByText(text, { exact: true })).toBeVisible();
    }
    await expect(summary.getByRole('button', { name: ar.cart.continueToCheckout })).toBeVisible();
    await expect(page.getByRole('region', { name: ar.cart.recommended }).getByRole('article').first()).toContainText(ARABIC);

    await line.getByRole('button', { name: fill(ar.cart.increase, { title: product.title }), exact: true }).click();
    await expect(quantity).toHaveText('2');
    await expect(heading(2)).toBeVisible();
    await expect(summary.getByText(counted(ar.cart.subtotal, 2, 'ar'), { exact: true })).toBeVisible();
    await expectCartCount(page, 2, 'ar');

    const decrease = line.getByRole('button', { name: fill(ar.cart.decrease, { title: product.title }), exact: true });
    await decrease.click();
    await expect(quantity).toHaveText('1');
    await decrease.click();
    await expectToast(page, ar.cart.minQuantity);
    await expect(quantity).toHaveText('1');

    await line.getByRole('button', { name: fill(ar.cart.remove, { title: product.title }), exact: true }).click();
    await expect(page.getByText(ar.cart.empty)).toBeVisible();
    await expect(heading(0)).toBeVisible();
    await expectCartCount(page, 0, 'ar');
  });

  test('a guest adds from an Arabic product card, and Continue to checkout asks to sign in first, in Arabic', async ({ page }) => {
    const { card, title } = await firstGroceryCard(page, 'ar');
    await expectDocumentLanguage(page, 'ar');
    expect(title).toMatch(ARABIC);
    await card.getByRole('button', { name: named(ar, ar.product.add, title), exact: true }).click();
    await expectToast(page, ar.product.addedToCart);
    await expectCartCount(page, 1, 'ar');

    await page.goto('/cart');
    await expect(cartLine(page, title, 'ar')).toBeVisible();
    await page.getByRole('button', { name: ar.cart.continueToCheckout }).click();
    await expect(toast(page, ar.cart.loginFirst)).toBeVisible();
    await expect(page).toHaveURL(/\/cart$/);
  });

  test('/wishlist is right-to-left and Arabic: item, Move To Cart and the empty text', async ({ page, request, signedInShopper }) => {
    const { _id: id } = await someProduct(request, 'Home');
    const product = await productById(request, id, 'ar');
    await addToWishListThroughApi(request, signedInShopper.token, id);

    await page.goto('/wishlist');
    await expectDocumentLanguage(page, 'ar');
    await expect(page.getByRole('heading', { level: 1, name: ar.wishlist.title, exact: true })).toBeVisible();
    const item = wishListItem(page, product.title);
    await expect(item).toContainText(product.description);
    await expect(item.getByRole('button', { name: named(ar, ar.wishlist.remove, product.title), exact: true })).toHaveText(ar.wishlist.remove);
    const move = item.getByRole('button', { name: named(ar, ar.wishlist.moveToCart, product.title), exact: true });
    await expect(move).toHaveText(ar.wishlist.moveToCart);
    await move.click();
    await expectToast(page, ar.product.addedToCart);
    await expect(page.getByText(ar.wishlist.empty)).toBeVisible();
    await expectCartCount(page, 1, 'ar');
  });

  test('a guest’s heart and /wishlist ask to sign in, in Arabic', async ({ page }) => {
    const { card, title } = await firstGroceryCard(page, 'ar');
    await expectDocumentLanguage(page, 'ar');
    await card.getByRole('button', { name: fill(ar.product.addToWishlist, { title }), exact: true }).click();
    const prompt = toast(page, ar.product.wishlistSignIn);
    await expect(prompt).toBeVisible();
    await expect(prompt.getByRole('link', { name: ar.product.signIn })).toBeVisible();

    await page.goto('/wishlist');
    await expect(page.getByRole('heading', { level: 1, name: ar.wishlist.title, exact: true })).toBeVisible();
    await expect(page.getByText(ar.wishlist.signInText)).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: ar.wishlist.signIn })).toHaveAttribute('href', '/login');
  });
});

test.describe('language switch on /cart', () => {
  test('switching the language on /cart reloads the lines in the other language', async ({ page, request, signedInShopper }) => {
    const { _id: id } = await someProduct(request, 'electronics');
    const english = await productById(request, id, 'en');
    const arabic = await productById(request, id, 'ar');
    await addToCartThroughApi(request, signedInShopper.token, id, 1);

    await page.goto('/cart');
    await expect(cartLine(page, english.title)).toBeVisible();
    await page.getByRole('banner').getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitem', { name: 'العربية' }).click();
    await expectDocumentLanguage(page, 'ar');
    await expect(cartLine(page, arabic.title, 'ar')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: `${ar.cart.title} ${counted(ar.cart.count, 1, 'ar')}`, exact: true })).toBeVisible();
  });
});
