import { checkoutTexts, dollars, fillCard, productsToBuy, readyToCheckOut, CARD_PAGE } from './checkout';
import { expect, test } from './fixtures';
import { waitForMails } from './mail';

/** The shop's mail (issue #9), read from the files it writes without SMTP. */
test.describe('mail', () => {
  test('a purchase is confirmed by mail naming the amount, the address and the order', async ({ page, request, signedInShopper }) => {
    const en = checkoutTexts('en');
    const products = await productsToBuy(request, 7);
    await readyToCheckOut(request, signedInShopper, products);
    await page.goto('/checkout');
    await page.getByRole('radio', { name: /26th of July Street/ }).check();
    await page.getByRole('button', { name: en.checkout.placeOrder }).click();
    await expect(page).toHaveURL(/\/pay\//);
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: CARD_PAGE.en.pay, exact: true }).click();
    await expect(page).toHaveURL(/\/checkoutSuccess\?order=/);
    const orderId = new URL(page.url()).searchParams.get('order') ?? '';

    const [mail] = await waitForMails(signedInShopper.email);
    expect(mail?.subject).toMatch(/^Your Dukkan order [0-9A-F]{8} is confirmed$/);
    const total = products.reduce((sum, product) => sum + product.price, 0);
    for (const text of [dollars(total), '26th of July Street', `/Order/${orderId}`, ...products.map((p) => p.title)]) {
      expect(mail?.text).toContain(text);
    }
  });
});
