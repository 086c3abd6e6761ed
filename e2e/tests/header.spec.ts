import { DEPARTMENTS, expect, test } from './fixtures';

test.describe('header', () => {
  test('has the logo, account, wishlist and cart links, with a cart badge of 0 for a new guest', async ({ page }) => {
    await page.goto('/Grocery');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    await expect(header.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    await expect(header.getByRole('link', { name: 'Wishlist' })).toHaveAttribute('href', '/wishlist');
    const cart = header.getByRole('link', { name: 'Cart, 0 items', exact: true });
    await expect(cart).toHaveAttribute('href', '/Cart');
    await expect(cart).toHaveText('0');

    await header.getByRole('link', { name: 'Dukkan home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('lists every department under Categories and opens the one chosen', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Categories' }).click();
    const menu = page.getByRole('menu');
    for (const d of DEPARTMENTS) await expect(menu.getByRole('menuitem', { name: d.en, exact: true })).toBeVisible();
    await menu.getByRole('menuitem', { name: 'Patio & Garden' }).click();

    await expect(page).toHaveURL(/\/Patio&Garden$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Patio & Garden' })).toBeVisible();
    const products = page.getByRole('main').getByRole('article');
    await expect(products.first()).toBeVisible();
    expect(await products.count()).toBeGreaterThanOrEqual(12);
    await expect(products.first()).toContainText('$');
  });

  test('searches for trimmed, non-blank text and ignores blank text', async ({ page }) => {
    await page.goto('/Baby');
    const search = page.getByRole('search').getByRole('combobox', { name: 'Search' });

    await search.fill('   ');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/Baby$/);

    await search.fill('  bluetooth speaker  ');
    await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/search\?q=bluetooth(%20|\+)speaker$/);
    await expect(page.getByRole('heading', { name: 'Results for "bluetooth speaker"' })).toBeVisible();
  });

  test('has a secondary bar with store details and a footer of placeholder links', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText(/©\s*\d{4}\s*Dukkan/);
    const links = footer.getByRole('link');
    expect(await links.count()).toBeGreaterThan(10);
    await expect(links.first()).toHaveAttribute('href', '#');
  });
});
