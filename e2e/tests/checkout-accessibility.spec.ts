import { randomUUID } from 'node:crypto';

import { CARD_PAGE, checkoutTexts, fillCard, productsToBuy, readyToCheckOut } from './checkout';
import { expect, test } from './fixtures';

/**
 * axe-core on the pages of issue #8 in both languages: /checkout (also with the address modal
 * open), the card page, /checkoutSuccess, the order lists and an order's page.
 */
for (const [index, language] of (['en', 'ar'] as const).entries()) {
  test(`checkout, card page, success and order pages have no serious accessibility violation in ${language}`, async ({
    page,
    request,
    signedInShopper,
    useLanguage,
    expectAccessible,
  }) => {
    // Eight axe-core runs over six pages.
    test.setTimeout(90_000);
    const t = checkoutTexts(language);
    await useLanguage(language);
    const products = await productsToBuy(request, 5 + index);
    await readyToCheckOut(request, signedInShopper, products);

    await page.goto('/checkout');
    await expect(page.getByRole('button', { name: t.checkout.placeOrder })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: t.checkout.addNew }).click();
    await expect(page.getByRole('dialog', { name: t.checkout.dialogTitle })).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // The order and its card page, as Place Order makes them.
    const user = (await (await request.get(`/api/users/${signedInShopper.id}`, { headers: { token: signedInShopper.token } })).json()) as {
      data: { addressBook: { _id: string }[] };
    };
    const placed = await request.post('/api/orders', {
      headers: { token: signedInShopper.token, 'idempotency-key': randomUUID() },
      data: { items: products.map((p) => ({ _id: p._id, quantity: 1 })), shippingAddress: { _id: user.data.addressBook[0]!._id } },
    });
    expect(placed.status()).toBe(201);
    const order = ((await placed.json()) as { data: { _id: string } }).data;
    const session = await request.post('/api/stripe/create-checkout-session', {
      headers: { token: signedInShopper.token },
      data: { order, userId: signedInShopper.id },
    });
    const { url } = (await session.json()) as { url: string };

    await page.goto(url);
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    await expectAccessible(page);
    await fillCard(page, '4000 0000 0000 0002', language);
    await page.getByRole('button', { name: CARD_PAGE[language].pay, exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText(CARD_PAGE[language].declined);
    await expectAccessible(page);
    await fillCard(page, '4242 4242 4242 4242', language);
    await page.getByRole('button', { name: CARD_PAGE[language].pay, exact: true }).click();

    await expect(page).toHaveURL(/\/checkoutSuccess\?order=/);
    await expect(page.getByRole('status').filter({ hasText: t.success.paid })).toBeVisible();
    await expectAccessible(page);

    await page.goto('/userprofile/upcomingOrders');
    await expect(page.getByRole('link').filter({ hasText: '26th of July Street' })).toBeVisible();
    await expectAccessible(page);
    await page.goto('/userprofile/pastOrders');
    await expect(page.getByText(t.profile.pastEmpty)).toBeVisible();
    await expectAccessible(page);
    await page.goto(`/Order/${order._id}`);
    await expect(page.getByRole('link', { name: new RegExp(`^${t.order.viewProduct}`) }).first()).toBeVisible();
    await expectAccessible(page);
  });
}
