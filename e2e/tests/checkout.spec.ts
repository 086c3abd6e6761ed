import { ADDRESS_FIELDS, ENGLISH, field, SAMPLE_ADDRESS } from './account-pages';
import { CARD_PAGE, checkoutTexts, dollars, fillCard, productsToBuy, readyToCheckOut, tabTo } from './checkout';
import { expect, test, uniquePassword, uniqueSuffix } from './fixtures';
import { cartThroughApi, expectCartCount, expectToast, toast } from './shopping';

/**
 * Checkout, the hosted card page and orders (issue #8), in a real browser. Every test has its own
 * shopper, cart and address book, and buys products no other test counts stock in.
 */

const en = checkoutTexts('en');

test.describe('checkout', () => {
  test('the whole purchase: sign up, fill the cart, add an address in the modal, pay, and follow the order', async ({ page, request }, testInfo) => {
    // Many pages and two password hashes: more than a page test's 30 s on a busy 2-core machine.
    test.setTimeout(90_000);
    const [shirt, chair] = await productsToBuy(request, 0);

    await test.step('sign up and sign in', async () => {
      const email = `e2e-buy-${testInfo.workerIndex}-${uniqueSuffix()}@example.com`;
      const password = uniquePassword();
      await page.goto('/register');
      await field(page, ENGLISH.register.firstName).fill('Layla');
      await field(page, ENGLISH.register.email).fill(email);
      await field(page, ENGLISH.register.password).fill(password);
      await field(page, ENGLISH.register.confirmPassword).fill(password);
      await page.getByRole('button', { name: ENGLISH.register.submit }).click();
      await expect(page).toHaveURL(/\/login$/);
      await field(page, ENGLISH.login.email).fill(email);
      await field(page, ENGLISH.login.password).fill(password);
      await page.getByRole('button', { name: ENGLISH.login.submit }).click();
      await expect(page).toHaveURL(/\/$/);
    });

    await test.step('add two products, one of them twice', async () => {
      let added = 0;
      for (const [product, times] of [
        [shirt, 2],
        [chair, 1],
      ] as const) {
        await page.goto(`/details/${product._id}`);
        for (let i = 0; i < times; i += 1) {
          await page.getByRole('button', { name: 'Add to card' }).click();
          await expect(toast(page, 'Product added to the cart successfully').first()).toBeVisible();
          added += 1;
          await expectCartCount(page, added);
        }
      }
    });

    const total = shirt.price * 2 + chair.price;
    await test.step('go to checkout and add an address in the modal', async () => {
      await page.goto('/cart');
      await page.getByRole('button', { name: 'Continue to checkout' }).click();
      await expect(page).toHaveURL(/\/checkout$/);
      await expect(page.getByRole('heading', { level: 1, name: en.checkout.title })).toBeVisible();
      await expect(page.getByRole('button', { name: /^1\. Free shipping, arrives between / })).toHaveAttribute('aria-expanded', 'true');
      const summary = page.getByRole('region', { name: en.checkout.summary });
      await expect(summary).toContainText('Subtotal (3 items)');
      await expect(summary).toContainText(dollars(total));
      await expect(summary).toContainText('Pending');

      await page.getByRole('button', { name: en.checkout.addAddressNow }).click();
      const dialog = page.getByRole('dialog', { name: en.checkout.dialogTitle });
      await expect(dialog).toBeVisible();
      for (const name of ADDRESS_FIELDS) await field(dialog, ENGLISH.profile.fields[name]).fill(SAMPLE_ADDRESS[name]);
      await dialog.getByRole('button', { name: ENGLISH.profile.addressSave }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByRole('radio', { name: /26th of July Street/ })).toBeChecked();
    });

    let orderId = '';
    await test.step('place the order and pay with 4242 4242 4242 4242', async () => {
      await page.getByRole('button', { name: en.checkout.placeOrder }).click();
      await expect(page).toHaveURL(/\/pay\/[0-9a-f-]{36}$/);
      await expect(page.getByRole('heading', { level: 1, name: CARD_PAGE.en.heading })).toBeVisible();
      await expect(page.getByText(dollars(total), { exact: true })).toBeVisible();
      await fillCard(page, '4242 4242 4242 4242');
      await page.getByRole('button', { name: CARD_PAGE.en.pay, exact: true }).click();
      await expect(page).toHaveURL(/\/checkoutSuccess\?order=/);
      orderId = new URL(page.url()).searchParams.get('order') ?? '';
      await expect(page.getByRole('heading', { level: 1, name: 'Your checkout was successful!' })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: en.success.paid })).toBeVisible();
      await expectCartCount(page, 0);
    });

    await test.step('the order is under Upcoming Orders with its total, and has its own page', async () => {
      await page.goto('/userprofile/upcomingOrders');
      const card = page.getByRole('link').filter({ hasText: SAMPLE_ADDRESS.street });
      await expect(card).toHaveCount(1);
      await expect(card).toContainText(dollars(total));
      await expect(card).toContainText('Paid');
      await card.click();
      await expect(page).toHaveURL(new RegExp(`/Order/${orderId}$`));
      const main = page.getByRole('main');
      for (const text of [SAMPLE_ADDRESS.street, SAMPLE_ADDRESS.area, SAMPLE_ADDRESS.city, SAMPLE_ADDRESS.country, dollars(total), 'Waiting for Supplier', 'Paid']) {
        await expect(main).toContainText(text);
      }
      await expect(main.getByRole('heading', { name: shirt.title })).toBeVisible();
      await main.getByRole('link', { name: `View Product, ${chair.title}` }).click();
      await expect(page).toHaveURL(new RegExp(`/details/${chair._id}$`));
    });
  });

  test('a declined card says so and leaves the order unpaid; a retry with a good card pays', async ({ page, request, signedInShopper }) => {
    const products = await productsToBuy(request, 1);
    await readyToCheckOut(request, signedInShopper, products);
    await page.goto('/checkout');
    await page.getByRole('radio', { name: /26th of July Street/ }).check();
    await page.getByRole('button', { name: en.checkout.placeOrder }).click();
    await expect(page).toHaveURL(/\/pay\//);

    await fillCard(page, '4000 0000 0000 0002');
    await page.getByRole('button', { name: CARD_PAGE.en.pay, exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText(CARD_PAGE.en.declined);
    await expect(page).toHaveURL(/\/pay\//);
    expect((await cartThroughApi(request, signedInShopper.token)).count).toBe(2);

    // A number failing the Luhn check is named on its field.
    await fillCard(page, '4242 4242 4242 4241');
    await page.getByRole('button', { name: CARD_PAGE.en.pay, exact: true }).click();
    await expect(page.getByLabel(CARD_PAGE.en.number)).toHaveAccessibleDescription('Your card number is invalid.');

    await fillCard(page, '4242424242424242');
    await page.getByRole('button', { name: CARD_PAGE.en.pay, exact: true }).click();
    await expect(page).toHaveURL(/\/checkoutSuccess\?order=/);
    await expect(page.getByRole('status').filter({ hasText: en.success.paid })).toBeVisible();
    expect((await cartThroughApi(request, signedInShopper.token)).count).toBe(0);
  });

  test('Cancel on the card page returns to the checkout with the cart as it was', async ({ page, request, signedInShopper }) => {
    const products = await productsToBuy(request, 2);
    await readyToCheckOut(request, signedInShopper, products);
    await page.goto('/checkout');
    await page.getByRole('radio', { name: /26th of July Street/ }).check();
    await page.getByRole('button', { name: en.checkout.placeOrder }).click();
    await expect(page).toHaveURL(/\/pay\//);
    await page.getByRole('button', { name: CARD_PAGE.en.cancel, exact: true }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByRole('button', { name: en.checkout.placeOrder })).toBeVisible();
    expect((await cartThroughApi(request, signedInShopper.token)).count).toBe(2);
    await page.goto('/userprofile/pastOrders');
    await expect(page.getByRole('link').filter({ hasText: SAMPLE_ADDRESS.street })).toContainText('Cancelled');
  });

  test('a guest is stopped at the checkout with "Please login first!"', async ({ page }) => {
    const orders = [] as string[];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname.startsWith('/api/orders')) orders.push(req.url());
    });
    await page.goto('/checkout');
    await expectToast(page, 'Please login first!');
    await expect(page.getByRole('button', { name: en.checkout.placeOrder })).toHaveCount(0);
    expect(orders).toEqual([]);
  });

  test('the checkout in Arabic, right to left', async ({ page, request, signedInShopper, useLanguage }) => {
    const ar = checkoutTexts('ar');
    await useLanguage('ar');
    await readyToCheckOut(request, signedInShopper, await productsToBuy(request, 3));
    await page.goto('/checkout');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.getByRole('heading', { level: 1, name: ar.checkout.title })).toBeVisible();
    await expect(page.getByRole('button', { name: ar.checkout.placeOrder })).toBeVisible();
    await expect(page.getByRole('region', { name: ar.checkout.summary })).toContainText(ar.checkout.taxesPending);
  });

  test('the whole purchase with the keyboard alone', async ({ page, request, signedInShopper }) => {
    await readyToCheckOut(request, signedInShopper, await productsToBuy(request, 4));
    await page.goto('/checkout');
    await expect(page.getByRole('button', { name: en.checkout.placeOrder })).toBeVisible();

    const radio = page.getByRole('radio', { name: /26th of July Street/ });
    await tabTo(page, radio);
    await page.keyboard.press('Space');
    await expect(radio).toBeChecked();
    await tabTo(page, page.getByRole('button', { name: en.checkout.placeOrder }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/pay\//);

    const t = CARD_PAGE.en;
    for (const [label, value] of [
      [t.name, 'Layla Hassan'],
      [t.number, '4242 4242 4242 4242'],
      [t.expiry, '12/34'],
      [t.cvc, '123'],
    ] as const) {
      await tabTo(page, page.getByLabel(label));
      await page.keyboard.type(value);
    }
    await tabTo(page, page.getByRole('button', { name: t.pay, exact: true }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/checkoutSuccess\?order=/);
    await expect(page.getByRole('status').filter({ hasText: en.success.paid })).toBeVisible();
  });
});
