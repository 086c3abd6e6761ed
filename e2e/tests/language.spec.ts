import { ARABIC, expect, test } from './fixtures';

test.describe('language', () => {
  test('switching to Arabic mirrors the page, stores the cookie, translates catalog text and survives a reload', async ({
    page,
    context,
  }) => {
    await page.goto('/Grocery');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.getByRole('heading', { level: 1, name: 'Grocery' })).toBeVisible();

    await page.getByRole('banner').getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitem', { name: 'العربية' }).click();

    const html = page.locator('html');
    await expect(html).toHaveAttribute('dir', 'rtl');
    await expect(html).toHaveAttribute('lang', 'ar');
    await expect(page.getByRole('heading', { level: 1, name: 'البقالة' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('button', { name: 'الأقسام' })).toBeVisible();
    const firstTitle = page.getByRole('main').getByRole('article').first();
    await expect(firstTitle).toContainText(ARABIC);
    const cookie = (await context.cookies()).find((c) => c.name === 'i18next');
    expect(cookie).toMatchObject({ value: 'ar', path: '/' });

    await page.reload();
    await expect(html).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1, name: 'البقالة' })).toBeVisible();

    await page.getByRole('banner').getByRole('button', { name: 'اللغة' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect(html).toHaveAttribute('dir', 'ltr');
    await expect(page.getByRole('heading', { level: 1, name: 'Grocery' })).toBeVisible();
  });

  test('the ?lng=ar query opens the shop in Arabic', async ({ page }) => {
    await page.goto('/?lng=ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('banner').getByRole('link', { name: 'إنشاء حساب' })).toBeVisible();
  });
});
