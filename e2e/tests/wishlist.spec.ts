import type { Locator, Page } from '@playwright/test';

import { expect, test } from './fixtures';
import {
  ENGLISH_SHOPPING as t,
  addToWishListThroughApi,
  cartThroughApi,
  firstGroceryCard,
  expectCartCount,
  expectToast,
  fill,
  signInThroughForm,
  someProduct,
  toast,
  wishListItem,
  wishListThroughApi,
} from './shopping';

function outlineHeart(card: Locator, title: string): Locator {
  return card.getByRole('button', { name: fill(t.product.addToWishlist, { title }), exact: true });
}

function filledHeart(card: Locator, title: string): Locator {
  return card.getByRole('button', { name: fill(t.product.removeFromWishlist, { title }), exact: true });
}

function wishListHeading(page: Page): Locator {
  return page.getByRole('heading', { level: 1, name: t.wishlist.title, exact: true });
}

test.describe('wish list of a signed-in shopper', () => {
  test('the heart says "Added to wishlist" at once and fills; /wishlist shows the product; Move To Cart moves it; Remove empties the list', async ({
    page,
    request,
    signedInShopper,
  }) => {
    const { card, title } = await firstGroceryCard(page);
    const heart = outlineHeart(card, title);
    await expect(heart).toHaveAttribute('aria-pressed', 'false');

    // The toast shows when the add is triggered, before the server answers (spec section 8).
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/wish/*', async (route) => {
      if (route.request().method() === 'POST') await released;
      await route.continue();
    });
    await heart.click();
    await expectToast(page, t.product.addedToWishlist);
    release();
    await expect(filledHeart(card, title)).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(async () => (await wishListThroughApi(request, signedInShopper.token)).items.map((i) => i.product.title)).toEqual([title]);

    // A filled heart takes it off again; an outline one puts it back.
    await filledHeart(card, title).click();
    await expect(outlineHeart(card, title)).toHaveAttribute('aria-pressed', 'false');
    await expect.poll(async () => (await wishListThroughApi(request, signedInShopper.token)).items).toEqual([]);
    await outlineHeart(card, title).click();
    await expect(filledHeart(card, title)).toHaveAttribute('aria-pressed', 'true');

    await page.getByRole('banner').getByRole('link', { name: 'Wishlist' }).click();
    await expect(page).toHaveURL(/\/wishlist$/);
    await expect(wishListHeading(page)).toBeVisible();
    const [saved] = (await wishListThroughApi(request, signedInShopper.token)).items;
    const item = wishListItem(page, title);
    await expect(item).toBeVisible();
    await expect(item.getByRole('link', { name: title, exact: true })).toHaveAttribute('href', `/details/${saved!.product._id}`);
    const detail = await request.get(`/api/product/${saved!.product._id}`);
    await expect(item).toContainText(((await detail.json()) as { data: { description: string } }).data.description);
    await expectCartCount(page, 0);

    const move = item.getByRole('button', { name: `${t.wishlist.moveToCart}, ${title}`, exact: true });
    await expect(move).toHaveText(t.wishlist.moveToCart);
    await expect(item.getByRole('button', { name: `${t.wishlist.remove}, ${title}`, exact: true })).toHaveText(t.wishlist.remove);
    await move.click();
    await expectToast(page, t.product.addedToCart);
    await expect(item).toHaveCount(0);
    await expect(page.getByText(t.wishlist.empty)).toBeVisible();
    await expectCartCount(page, 1);
    expect((await cartThroughApi(request, signedInShopper.token)).items.map((line) => line.product.title)).toEqual([title]);
    expect((await wishListThroughApi(request, signedInShopper.token)).items).toEqual([]);

    // Another one, then Remove.
    const other = await someProduct(request, 'Home');
    await addToWishListThroughApi(request, signedInShopper.token, other._id);
    await page.reload();
    const otherItem = wishListItem(page, other.title);
    await expect(otherItem).toContainText(other.description);
    await otherItem.getByRole('button', { name: `${t.wishlist.remove}, ${other.title}`, exact: true }).click();
    await expect(page.getByText(t.wishlist.empty)).toBeVisible();
    await expect(otherItem).toHaveCount(0);
    expect((await wishListThroughApi(request, signedInShopper.token)).items).toEqual([]);
    // Remove does not touch the cart.
    await expectCartCount(page, 1);
  });

  test('the product page’s "Add to list" adds the product to the wish list', async ({ page, request, signedInShopper }) => {
    const product = await someProduct(request, 'electronics');
    await page.goto(`/details/${product._id}`);
    await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
    await page.getByRole('button', { name: t.details.addToList }).click();
    await expectToast(page, t.product.addedToWishlist);
    await expect.poll(async () => (await wishListThroughApi(request, signedInShopper.token)).items.map((i) => i.product._id)).toEqual([product._id]);

    await page.goto('/wishlist');
    await expect(wishListItem(page, product.title)).toContainText(product.description);
  });

  test('lists the newest first', async ({ page, request, signedInShopper }) => {
    const first = await someProduct(request, 'beauty', 0);
    const second = await someProduct(request, 'beauty', 1);
    await addToWishListThroughApi(request, signedInShopper.token, first._id);
    await addToWishListThroughApi(request, signedInShopper.token, second._id);
    await page.goto('/wishlist');
    const headings = page.getByRole('main').getByRole('heading', { level: 2 });
    await expect(headings).toHaveText([second.title, first.title]);
  });
});

test.describe('wish list as a guest', () => {
  test('the heart asks to sign in, with a link to /login that comes back to the page', async ({ page, shopper, request }) => {
    const { card, title } = await firstGroceryCard(page);
    await outlineHeart(card, title).click();
    const prompt = toast(page, t.product.wishlistSignIn);
    await expect(prompt).toBeVisible();
    await expect(page.getByText(t.product.addedToWishlist)).toHaveCount(0);
    await prompt.getByRole('link', { name: t.product.signIn }).click();
    await expect(page).toHaveURL(/\/login$/);

    await signInThroughForm(page, shopper.email, shopper.password);
    await expect(page).toHaveURL(/\/Grocery$/);
    await expect(page.getByRole('banner').getByRole('link', { name: `Hi, ${shopper.name}` })).toBeVisible();
    // Now the heart works.
    await outlineHeart(card, title).click();
    await expectToast(page, t.product.addedToWishlist);
    await expect(filledHeart(card, title)).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(async () => (await wishListThroughApi(request, shopper.token)).items.map((i) => i.product.title)).toEqual([title]);
  });

  test('/wishlist asks a guest to sign in and comes back after signing in', async ({ page, shopper }) => {
    await page.goto('/wishlist');
    await expect(wishListHeading(page)).toBeVisible();
    await expect(page.getByText(t.wishlist.signInText)).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: t.wishlist.signIn }).click();
    await expect(page).toHaveURL(/\/login$/);
    await signInThroughForm(page, shopper.email, shopper.password);
    await expect(page).toHaveURL(/\/wishlist$/);
    await expect(wishListHeading(page)).toBeVisible();
    await expect(page.getByText(t.wishlist.empty)).toBeVisible();
  });
});
