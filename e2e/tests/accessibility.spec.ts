import { expectDocumentLanguage } from './account-pages';
import { expect, test } from './fixtures';
import {
  addToCartThroughApi,
  addToWishListThroughApi,
  cartLine,
  cartSummary,
  fill,
  named,
  productById,
  shoppingTexts,
  someProduct,
  wishListItem,
} from './shopping';

/** The demo catalog's iPhone 15: ids are derived from slugs, so it is the same on every machine. */
const PRODUCT_ID = 'f226102d-9c0d-5c2f-82c8-267d51154a7e';

const PAGES = [
  { name: 'home', path: '/', ready: 'main [aria-roledescription] article' },
  { name: 'a department page', path: '/electronics', ready: 'main [aria-roledescription] article' },
  { name: 'a department with banners and deals', path: '/Grocery', ready: 'main [aria-roledescription] article' },
  { name: 'the fashion page', path: '/fashion', ready: 'main [aria-roledescription] article' },
  { name: 'a filtered department', path: '/electronics?subcategory=electronics-tablets', ready: 'main article' },
  { name: 'the product page', path: `/details/${PRODUCT_ID}`, ready: 'main [aria-roledescription] article' },
  { name: 'search results', path: '/search?q=headphones', ready: 'main article' },
  { name: 'search without results', path: '/search?q=zzqxwv', ready: 'main [role="status"]' },
  { name: 'the not-found page', path: '/there-is-nothing-here', ready: 'main' },
  { name: 'the terms of use', path: '/termsOfUs', ready: 'main h1' },
] as const;

for (const language of ['en', 'ar'] as const) {
  test.describe(`accessibility in ${language}`, () => {
    for (const p of PAGES) {
      test(`axe finds no serious or critical violation on ${p.name}`, async ({ page, useLanguage, expectAccessible }) => {
        await useLanguage(language);
        await page.goto(p.path);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await expect(page.locator(p.ready).first()).toBeVisible();
        await expectAccessible(page);
      });
    }
  });
}

/** The cart and the wish list (issue #7), with something in them and without, in both languages. */
for (const language of ['en', 'ar'] as const) {
  test.describe(`cart and wish list accessibility in ${language}`, () => {
    test.beforeEach(async ({ useLanguage }) => {
      await useLanguage(language);
    });

    test('axe finds no serious or critical violation on /cart with a line in it', async ({ page, request, signedInShopper, expectAccessible }) => {
      const t = shoppingTexts(language);
      const { _id: id } = await someProduct(request, 'Grocery');
      const product = await productById(request, id, language);
      await addToCartThroughApi(request, signedInShopper.token, id, 2);
      await page.goto('/cart');
      await expectDocumentLanguage(page, language);
      const line = cartLine(page, product.title, language);
      await expect(line.getByRole('button', { name: fill(t.cart.remove, { title: product.title }), exact: true })).toBeVisible();
      await expect(cartSummary(page, language).getByRole('button', { name: t.cart.continueToCheckout })).toBeVisible();
      await expect(page.getByRole('region', { name: t.cart.recommended }).getByRole('article').first()).toBeVisible();
      await expectAccessible(page);
    });

    test('axe finds no serious or critical violation on an empty /cart', async ({ page, expectAccessible }) => {
      await page.goto('/cart');
      await expectDocumentLanguage(page, language);
      await expect(page.getByText(shoppingTexts(language).cart.empty)).toBeVisible();
      await expectAccessible(page);
    });

    test('axe finds no serious or critical violation on /wishlist with an item', async ({ page, request, signedInShopper, expectAccessible }) => {
      const t = shoppingTexts(language);
      const { _id: id } = await someProduct(request, 'Home');
      const product = await productById(request, id, language);
      await addToWishListThroughApi(request, signedInShopper.token, id);
      await page.goto('/wishlist');
      await expectDocumentLanguage(page, language);
      const item = wishListItem(page, product.title);
      await expect(item.getByRole('button', { name: named(t, t.wishlist.moveToCart, product.title), exact: true })).toBeVisible();
      await expectAccessible(page);
    });

    test('axe finds no serious or critical violation on /wishlist for a guest', async ({ page, expectAccessible }) => {
      await page.goto('/wishlist');
      await expectDocumentLanguage(page, language);
      await expect(page.getByText(shoppingTexts(language).wishlist.signInText)).toBeVisible();
      await expectAccessible(page);
    });
  });
}
