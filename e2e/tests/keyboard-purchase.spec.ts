import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import type { Locator, Page } from '@playwright/test';

import { ADDRESS_FIELDS, readAccountTexts, SAMPLE_ADDRESS, type AddressField } from './account-pages';
import { CARD_PAGE, checkoutTexts, productsToBuy, tabTo } from './checkout';
import { expect, test } from './fixtures';
import {
  addToCartThroughApi,
  addToWishListThroughApi,
  cartLine,
  cartLink,
  counted,
  escapeRegExp,
  expectCartCount,
  fill,
  firstGroceryCard,
  lineQuantity,
  named,
  productById,
  shoppingTexts,
  someProduct,
  toast,
  wishListItem,
  type Language,
} from './shopping';

/**
 * Issue #18 (WCAG 2.2 AA), the keyboard part: a whole purchase with the keyboard alone, in both
 * languages, from the header's search to the paid order under Upcoming Orders, with where the
 * focus is after every action; the focus ring every control shows the moment it is reached; and
 * where the focus goes when a heart is pressed and when a wish-list item leaves the list. The
 * shopper's actions are key presses only (`page.keyboard`); the test only reads the page.
 */

const here = path.dirname(fileURLToPath(import.meta.url));

/** Texts of `public/locales/{lng}/*.json` these tests need beyond the shared helpers'. */
function moreTexts(language: Language) {
  const read = (ns: string) => JSON.parse(readFileSync(path.join(here, '../../apps/web/public/locales', language, `${ns}.json`), 'utf8')) as Record<string, Record<string, unknown>>;
  const shopping = read('shopping');
  const common = read('common');
  const search = shopping.search as { title: string; results: string; addToCart: string };
  return {
    searchBox: (common.header as { search: string }).search,
    search,
    paid: ((shopping.orders as { paymentStatus: { paid: string } }).paymentStatus).paid,
  };
}

/** Tabs to each address field in turn and types its value. */
async function typeAddress(page: Page, form: Locator, labels: Record<AddressField, string>, address: Record<AddressField, string>): Promise<void> {
  for (const name of ADDRESS_FIELDS) {
    // Named by its label, and a required field's mark after it.
    const input = form.getByRole('textbox', { name: new RegExp(`^${escapeRegExp(labels[name])}`) });
    await tabTo(page, input);
    await page.keyboard.type(address[name]);
  }
}

/** Whether the page's keyboard focus is inside `container`. */
function focusIsIn(container: Locator): Promise<boolean> {
  return container.evaluate((element) => element.contains(document.activeElement));
}

for (const [index, language] of (['en', 'ar'] as const).entries()) {
  test(`a purchase with the keyboard alone, the focus where the shopper is after every action, in ${language}`, async ({
    page,
    request,
    signedInShopper,
    useLanguage,
  }) => {
    // Some 200 key presses over seven pages, the address dialog and the card page.
    test.setTimeout(180_000);
    await useLanguage(language);
    const t = shoppingTexts(language);
    const account = readAccountTexts(language);
    const checkout = checkoutTexts(language);
    const more = moreTexts(language);
    const card = CARD_PAGE[language];
    // A product of the test's own (checkout.ts: tests buy from departments no other test counts), in the page's language.
    const [{ _id: productId }] = await productsToBuy(request, 7 + index);
    const product = await productById(request, productId, language);
    const banner = page.getByRole('banner');
    const greeting = banner.getByRole('link', { name: fill(account.header.greeting, { name: signedInShopper.name }) });
    const accountMenu = page.getByRole('navigation', { name: account.profile.menuLabel });
    const accountHeading = page.getByRole('heading', { level: 1, name: account.profile.title });

    const addToCart = page
      .getByRole('region', { name: more.search.results })
      .getByRole('article')
      .filter({ has: page.getByRole('link', { name: product.title, exact: true }) })
      .getByRole('button', { name: named(t, more.search.addToCart, product.title), exact: true });

    await test.step('search from the header and add the product from its result', async () => {
      await page.goto('/');
      const searchBox = banner.getByRole('search').getByRole('combobox', { name: more.searchBox });
      await tabTo(page, searchBox);
      await page.keyboard.type(product.title);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/search\?q=/);
      await expect(page.getByRole('heading', { level: 1, name: fill(more.search.title, { q: product.title }) })).toBeFocused();

      await tabTo(page, addToCart);
      await page.keyboard.press('Enter');
      await expect(toast(page, t.product.addedToCart)).toBeVisible();
      await expectCartCount(page, 1, language);
      await expect(addToCart).toBeFocused();
    });

    await test.step('open the cart and raise the quantity twice with Enter on +', async () => {
      await tabTo(page, cartLink(page, 1, language), { back: true });
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/cart$/i);
      const cartHeading = (count: number) => page.getByRole('heading', { level: 1, name: `${t.cart.title} ${counted(t.cart.count, count, language)}`, exact: true });
      await expect(cartHeading(1)).toBeFocused();

      const line = cartLine(page, product.title, language);
      const increase = line.getByRole('button', { name: fill(t.cart.increase, { title: product.title }), exact: true });
      await tabTo(page, increase);
      await page.keyboard.press('Enter');
      await expect(lineQuantity(line, language)).toHaveText('2');
      await expect(increase).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(lineQuantity(line, language)).toHaveText('3');
      await expect(cartHeading(3)).toBeVisible();
      await expect(increase).toBeFocused();
    });

    await test.step('continue to checkout and add an address in its dialog', async () => {
      await tabTo(page, page.getByRole('button', { name: t.cart.continueToCheckout }));
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/checkout$/);
      await expect(page.getByRole('heading', { level: 1, name: checkout.checkout.title })).toBeFocused();

      // With no saved address yet, 'add New' is there as well, once the address book is read.
      await expect(page.getByRole('button', { name: checkout.checkout.addAddressNow })).toBeVisible();
      const addNew = page.getByRole('button', { name: checkout.checkout.addNew });
      await expect(addNew).toBeEnabled();
      await tabTo(page, addNew);
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: checkout.checkout.dialogTitle });
      await expect(dialog).toBeVisible();
      await expect.poll(() => focusIsIn(dialog)).toBe(true);
      await typeAddress(page, dialog, account.profile.fields, SAMPLE_ADDRESS);
      await tabTo(page, dialog.getByRole('button', { name: account.profile.addressSave }));
      await page.keyboard.press('Enter');
      await expect(dialog).toHaveCount(0);
      // Saved, it is the order's address, and the focus is on its radio.
      const chosen = page.getByRole('radio', { name: new RegExp(SAMPLE_ADDRESS.street) });
      await expect(chosen).toBeChecked();
      await expect(chosen).toBeFocused();
    });

    await test.step('place the order and pay on the card page', async () => {
      await tabTo(page, page.getByRole('button', { name: checkout.checkout.placeOrder }));
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/pay\/[0-9a-f-]{36}$/);
      for (const [label, value] of [
        [card.name, 'Layla Hassan'],
        [card.number, '4242 4242 4242 4242'],
        [card.expiry, '12/34'],
        [card.cvc, '123'],
      ] as const) {
        const input = page.getByLabel(label);
        await tabTo(page, input);
        await page.keyboard.type(value);
        await expect(input).toBeFocused();
      }
      await tabTo(page, page.getByRole('button', { name: card.pay, exact: true }));
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/checkoutSuccess\?order=/);
      await expect(page.getByRole('status').filter({ hasText: checkout.success.paid })).toBeVisible();
    });

    await test.step('find the paid order under Upcoming Orders', async () => {
      await tabTo(page, greeting);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/userprofile$/);
      await expect(accountHeading).toBeFocused();
      const upcoming = accountMenu.getByRole('link', { name: account.profile.menu.upcomingOrders });
      await tabTo(page, upcoming);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/userprofile\/upcomingOrders$/);
      await expect(upcoming).toBeFocused();
      const order = page.getByRole('main').getByRole('link').filter({ hasText: SAMPLE_ADDRESS.street });
      await expect(order).toHaveCount(1);
      await expect(order).toContainText(more.paid);
      await tabTo(page, order);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/Order\/[0-9a-f-]{36}$/);
      await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    });
  });
}

/** WCAG contrast ratio of two `rgb(…)` colours. */
function contrast(a: string, b: string): number {
  const luminance = (colour: string) => {
    const [r, g, b2] = (colour.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((part) => {
      const c = Number(part) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b2!;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/**
 * Tabs to `control` and reads its focus ring at once, before any animation could run: an outline
 * of at least 2px, 3:1 against what the control sits on, and not cut off by any scroller around it.
 */
async function expectFocusRingAtOnce(page: Page, control: Locator, options: { back?: boolean } = {}): Promise<void> {
  await tabTo(page, control, options);
  const ring = await control.evaluate((element) => {
    /** The first colour painted behind `node`: its own background, else its nearest ancestor's. */
    const backgroundOf = (node: Element | null): string => {
      for (; node; node = node.parentElement) {
        const colour = getComputedStyle(node).backgroundColor;
        if (colour !== 'rgba(0, 0, 0, 0)' && colour !== 'transparent') return colour;
      }
      return 'rgb(255, 255, 255)';
    };
    const style = getComputedStyle(element);
    const width = parseFloat(style.outlineWidth);
    const reach = parseFloat(style.outlineOffset) + width;
    const box = element.getBoundingClientRect();
    const clippedBy: string[] = [];
    for (let node = element.parentElement; node && node !== document.body; node = node.parentElement) {
      const around = getComputedStyle(node);
      if (around.overflowX === 'visible' && around.overflowY === 'visible') continue;
      const edge = node.getBoundingClientRect();
      if (box.left - reach < edge.left - 0.5 || box.right + reach > edge.right + 0.5 || box.top - reach < edge.top - 0.5 || box.bottom + reach > edge.bottom + 0.5) {
        clippedBy.push(node.tagName);
      }
    }
    return {
      focusVisible: element.matches(':focus-visible'),
      style: style.outlineStyle,
      width,
      colour: style.outlineColor,
      // Drawn outside the control, the ring sits on what is behind it; drawn inside, on the control.
      behind: backgroundOf(reach > 0 ? element.parentElement : element),
      clippedBy,
    };
  });
  expect(ring.focusVisible, 'reached with the keyboard').toBe(true);
  expect(ring.style, 'an outline').not.toBe('none');
  expect(ring.width).toBeGreaterThanOrEqual(2);
  expect(contrast(ring.colour, ring.behind), `${ring.colour} on ${ring.behind}`).toBeGreaterThanOrEqual(3);
  expect(ring.clippedBy, 'scrollers cutting the ring off').toEqual([]);
}

test('every kind of control shows its focus ring the moment the keyboard reaches it', async ({ page, request, signedInShopper }) => {
  const [product] = await productsToBuy(request, 9);
  await addToCartThroughApi(request, signedInShopper.token, product._id);
  await page.goto('/cart');
  const t = shoppingTexts('en');
  const line = cartLine(page, product.title);
  await expect(line).toBeVisible();
  // An icon button, a contained button and an accordion's header on the white page.
  await expectFocusRingAtOnce(page, line.getByRole('button', { name: fill(t.cart.increase, { title: product.title }), exact: true }));
  await expectFocusRingAtOnce(page, page.getByRole('button', { name: t.cart.continueToCheckout }));
  await expectFocusRingAtOnce(page, page.getByRole('button', { name: t.cart.deliveryOptions }), { back: true });
  // The department links, in a bar that scrolls sideways.
  await expectFocusRingAtOnce(page, page.getByRole('navigation', { name: 'Store and departments' }).getByRole('link', { name: 'Grocery', exact: true }), { back: true });
  // On the blue header: a button and an icon link.
  await expectFocusRingAtOnce(page, page.getByRole('banner').getByRole('button', { name: 'Language' }), { back: true });
  await expectFocusRingAtOnce(page, cartLink(page, 1));
});

test('a heart keeps the focus, and the wish list hands a removed item’s focus to the next one, the last one’s to its heading', async ({
  page,
  request,
  signedInShopper,
}) => {
  const t = shoppingTexts('en');
  const { card, title } = await firstGroceryCard(page);
  const outlined = () => card.getByRole('button', { name: fill(t.product.addToWishlist, { title }), exact: true });
  const filled = card.getByRole('button', { name: fill(t.product.removeFromWishlist, { title }), exact: true });
  await tabTo(page, outlined());
  await page.keyboard.press('Enter');
  await expect(filled).toHaveAttribute('aria-pressed', 'true');
  await expect(filled).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(outlined()).toHaveAttribute('aria-pressed', 'false');
  await expect(outlined()).toBeFocused();

  // Newest first: the list shows the second product above the first.
  const [first, second] = [await someProduct(request, 'Home', 0), await someProduct(request, 'Home', 1)];
  await addToWishListThroughApi(request, signedInShopper.token, first._id);
  await addToWishListThroughApi(request, signedInShopper.token, second._id);
  await page.goto('/wishlist');
  const moveSecond = wishListItem(page, second.title).getByRole('button', { name: named(t, t.wishlist.moveToCart, second.title), exact: true });
  await tabTo(page, moveSecond);
  await page.keyboard.press('Enter');
  await expect(toast(page, t.product.addedToCart)).toBeVisible();
  await expect(wishListItem(page, second.title)).toHaveCount(0);
  await expect(wishListItem(page, first.title).getByRole('link', { name: first.title, exact: true })).toBeFocused();

  await tabTo(page, wishListItem(page, first.title).getByRole('button', { name: named(t, t.wishlist.remove, first.title), exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByText(t.wishlist.empty)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: t.wishlist.title })).toBeFocused();
});
