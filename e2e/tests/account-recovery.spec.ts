import { randomUUID } from 'node:crypto';

import type { APIRequestContext } from '@playwright/test';

import { ENGLISH, field } from './account-pages';
import { CARD_PAGE, dollars, fillCard, productsToBuy, readyToCheckOut, recoveryTexts } from './checkout';
import { expect, test, uniquePassword, type Shopper } from './fixtures';
import { waitForMails } from './mail';
import { expectToast } from './shopping';

/**
 * Password reset and the /payment page (issue #9), in a real browser. The reset link is read from
 * the mail the shop wrote (no SMTP in the tests).
 */

/** The path and query of the reset link in the newest mail to `email`. */
async function resetLinkFor(email: string, count = 1): Promise<string> {
  const mails = await waitForMails(email, count);
  const match = /https?:\/\/\S+?(\/reset-password\?token=[\w-]+)/.exec(mails[count - 1]?.text ?? '');
  if (!match?.[1]) throw new Error(`no reset link in the mail to ${email}`);
  return match[1];
}

/** An order placed through the API and left unpaid. */
async function unpaidOrder(request: APIRequestContext, shopper: Shopper, n: number): Promise<{ _id: string; amount: number }> {
  const products = await productsToBuy(request, n);
  await readyToCheckOut(request, shopper, products);
  const user = (await (await request.get(`/api/users/${shopper.id}`, { headers: { token: shopper.token } })).json()) as {
    data: { addressBook: { _id: string }[] };
  };
  const placed = await request.post('/api/orders', {
    headers: { token: shopper.token, 'idempotency-key': randomUUID() },
    data: { items: products.map((p) => ({ _id: p._id, quantity: 1 })), shippingAddress: { _id: user.data.addressBook[0]!._id } },
  });
  expect(placed.status()).toBe(201);
  return ((await placed.json()) as { data: { _id: string; amount: number } }).data;
}

test.describe('password reset', () => {
  test('forgot password → the link from the mail → a new password → sign in; the old password is refused', async ({ page, request, shopper }) => {
    const t = recoveryTexts('en');
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole('heading', { level: 1, name: t.forgot.title })).toBeVisible();
    await field(page, 'Email').fill(shopper.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'If an account exists for this email' })).toBeVisible();

    await page.goto(await resetLinkFor(shopper.email));
    const newPassword = uniquePassword();
    await field(page, 'New password').fill(newPassword);
    await field(page, 'Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expectToast(page, 'Your password has been changed. Please sign in with your new password.');

    const old = await request.post('/api/users/signin', { data: { email: shopper.email, password: shopper.password } });
    expect(old.status()).toBe(401);
    await field(page, ENGLISH.login.email).fill(shopper.email);
    await field(page, ENGLISH.login.password).fill(newPassword);
    await page.getByRole('button', { name: ENGLISH.login.submit }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a used link says it is invalid and offers a new one', async ({ page, request, shopper }) => {
    await request.post('/api/users/forgot-password', { data: { email: shopper.email } });
    const link = await resetLinkFor(shopper.email);
    const token = new URL(link, 'http://x').searchParams.get('token');
    expect((await request.post('/api/users/reset-password', { data: { token, password: uniquePassword() } })).status()).toBe(200);
    await page.goto(link);
    const password = uniquePassword();
    await field(page, 'New password').fill(password);
    await field(page, 'Confirm new password').fill(password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'This reset link is invalid or has expired.' })).toBeVisible();
    await page.getByRole('link', { name: 'Ask for a new link' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
  });
});

test.describe('/payment', () => {
  test('lists an unpaid order, and Pay now pays it on the card page', async ({ page, request, signedInShopper }) => {
    const order = await unpaidOrder(request, signedInShopper, 8);
    await page.goto('/payment');
    const payNow = page.getByRole('button', { name: `Pay now, order of ${dollars(order.amount)}` });
    await expect(payNow).toBeVisible();
    await payNow.click();
    await expect(page).toHaveURL(/\/pay\//);
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: CARD_PAGE.en.pay, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/checkoutSuccess\\?order=${order._id}`));
    await page.goto('/payment');
    await expect(page.getByText('You have no orders waiting for payment.')).toBeVisible();
  });

  test('a guest is asked to sign in, with no redirect', async ({ page }) => {
    await page.goto('/payment');
    await expect(page).toHaveURL(/\/payment$/);
    await expect(page.getByText('Sign in to see and pay your orders waiting for payment.')).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Sign in' })).toBeVisible();
  });
});

for (const language of ['en', 'ar'] as const) {
  test(`/forgot-password, /reset-password and /payment in ${language}: direction and no serious accessibility violation`, async ({
    page,
    request,
    signedInShopper,
    useLanguage,
    expectAccessible,
  }) => {
    test.setTimeout(60_000);
    await useLanguage(language);
    const account = recoveryTexts(language);
    const shopping = account;
    const dir = language === 'ar' ? 'rtl' : 'ltr';

    await page.goto('/forgot-password');
    await expect(page.getByRole('heading', { level: 1, name: account.forgot.title })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', dir);
    await expectAccessible(page);

    await page.goto('/reset-password?token=made-up-token-of-enough-length-to-try');
    await expect(page.getByRole('heading', { level: 1, name: account.reset.title })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', dir);
    await expectAccessible(page);

    await unpaidOrder(request, signedInShopper, language === 'en' ? 9 : 10);
    await page.goto('/payment');
    await expect(page.getByRole('button', { name: new RegExp(`^${shopping.payment.payNow}`) })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', dir);
    await expectAccessible(page);
  });
}
