import { DEPARTMENTS, expect, test } from './fixtures';

test.describe('pages', () => {
  for (const d of DEPARTMENTS) {
    test(`${d.path} lists its department's products with photo, title and $ price`, async ({ page }) => {
      await page.goto(d.path);
      await expect(page.getByRole('heading', { level: 1, name: d.en, exact: true })).toBeVisible();
      const card = page.getByRole('main').getByRole('article').first();
      await expect(card.getByRole('img')).toHaveAttribute('src', /^\/images\/products\/.+\.svg$/);
      await expect(card).toContainText(/\$[\d,]+\.\d{2}/);
      await expect(card.getByRole('link').last()).toHaveAttribute('href', /^\/details\//);
    });
  }

  test('each category of GET /api/categories/ opens its department at /{name}, headed by its label', async ({ page }) => {
    // Nine page loads.
    test.slow();
    const answer = await page.request.get('/api/categories/');
    const { data } = (await answer.json()) as { data: { name: string; label: string }[] };
    expect(data.map((c) => c.name)).toEqual(['Grocery', 'Home', 'Patio&Garden', 'electronics', 'Fashion', 'Beauty', 'Home-Improvement', 'Auto&tires', 'Baby']);
    for (const c of data) {
      await page.goto(`/${c.name}`);
      await expect(page.getByRole('heading', { level: 1, name: c.label, exact: true })).toBeVisible();
    }
  });

  test('an unknown route shows the not-found page, whose button goes home', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByText('Uh-oh... This page could not be found.')).toBeVisible();
    await page.getByRole('link', { name: 'Return to Home' }).or(page.getByRole('button', { name: 'Return to Home' })).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('the terms of use are dated March 5, 2024, with ten sections', async ({ page }) => {
    await page.goto('/termsOfUs');
    await expect(page.getByText(/March 5, 2024/)).toBeVisible();
    for (const n of [1, 5, 10]) {
      await expect(page.getByRole('heading', { level: 2, name: new RegExp(`^${n}\\.`) })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: 'Track Your Order', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Returns & Refunds', exact: true })).toBeVisible();
  });

  test('phone verification and checkout success are there as the spec describes', async ({ page }) => {
    await page.goto('/phoneverification');
    await expect(page.getByRole('button', { name: 'Send Code' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Not Now' })).toBeVisible();
    // Without an order it claims no success ('Your checkout was successful!' is for a paid order:
    // checkout-success.spec.ts).
    await page.goto('/checkoutSuccess');
    await expect(page.getByRole('heading', { level: 1, name: 'There is no order to show here' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('/favicon.ico is the shop\'s icon, as an image', async ({ request }) => {
    const answer = await request.get('/favicon.ico');
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    const body = await answer.body();
    // An ICO file: reserved 0, type 1 (icon), and at least one image.
    expect(body.readUInt16LE(0)).toBe(0);
    expect(body.readUInt16LE(2)).toBe(1);
    expect(body.readUInt16LE(4)).toBeGreaterThan(0);
  });

  test('a reload on a client route serves the app, not a 404', async ({ page }) => {
    const res = await page.goto('/userprofile/address');
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('banner')).toBeVisible();
  });
});
