import { CARD_PAGE, checkoutTexts, fillCard, payThroughCardPage, placeOrderThroughApi, productsToBuy } from './checkout';
import { createShopper, expect, test } from './fixtures';
import { expectCartCount } from './shopping';

/**
 * `/checkoutSuccess?order={id}` (issue #18) says 'Your checkout was successful!' only for the
 * signed-in shopper's paid order; otherwise what the server knows, with a way on. Each test places
 * its own orders through the API, with products no other test buys.
 */

const en = checkoutTexts('en');

test.describe('/checkoutSuccess', () => {
  test('a paid order: successful, with the payment received and a link to the order', async ({ page, request, signedInShopper }) => {
    const order = await placeOrderThroughApi(request, signedInShopper, await productsToBuy(request, 9));
    await payThroughCardPage(request, signedInShopper, order._id);

    await page.goto(`/checkoutSuccess?order=${order._id}`);
    await expect(page.getByRole('heading', { level: 1, name: en.success.title })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: en.success.paid })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${en.success.title}`));
    await expectCartCount(page, 0);
    await page.getByRole('link', { name: en.success.viewOrder }).click();
    await expect(page).toHaveURL(new RegExp(`/Order/${order._id}$`));
  });

  test("an unpaid order: confirming while the payment may come, then not paid, and 'Pay now' pays it", async ({
    page,
    request,
    signedInShopper,
    expectAccessible,
  }) => {
    test.setTimeout(90_000);
    const order = await placeOrderThroughApi(request, signedInShopper, await productsToBuy(request, 10));
    // The page waits two minutes for the payment's event: the test moves the page's clock instead.
    await page.clock.install();
    await page.goto(`/checkoutSuccess?order=${order._id}`);
    await expect(page.getByRole('heading', { level: 1, name: en.success.processing })).toBeVisible();
    await expect(page.getByRole('button', { name: en.success.payNow })).toHaveCount(0);
    await expect(page.getByText(en.success.title)).toHaveCount(0);

    await page.clock.fastForward('02:01');
    await expect(page.getByRole('heading', { level: 1, name: en.success.lateTitle })).toBeVisible();
    await expect(page.getByText(en.success.title)).toHaveCount(0);
    await expectAccessible(page);
    const pay = page.getByRole('button', { name: en.success.payNow });
    await pay.click();
    await expect(page).toHaveURL(/\/pay\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: CARD_PAGE.en.heading })).toBeVisible();
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: CARD_PAGE.en.pay, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/checkoutSuccess\\?order=${order._id}$`));
    await expect(page.getByRole('heading', { level: 1, name: en.success.title })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: en.success.paid })).toBeVisible();
  });

  test("another shopper's order: as unknown as a missing one, with the way to the cart", async ({ page, request, signedInShopper, expectAccessible }, testInfo) => {
    const other = await createShopper(request, testInfo);
    const order = await placeOrderThroughApi(request, other, await productsToBuy(request, 11));
    await payThroughCardPage(request, other, order._id);

    await page.goto(`/checkoutSuccess?order=${order._id}`);
    await expect(page.getByRole('heading', { level: 1, name: en.success.missingTitle })).toBeVisible();
    await expect(page.getByText(en.success.title)).toHaveCount(0);
    await expect(page.getByText(en.success.paid)).toHaveCount(0);
    await expectAccessible(page);
    await page.getByRole('link', { name: en.success.goToCart }).click();
    await expect(page).toHaveURL(/\/cart$/);
    expect(signedInShopper.id).not.toBe(other.id);
  });
});
