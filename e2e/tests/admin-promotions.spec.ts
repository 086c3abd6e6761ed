import type { Page } from '@playwright/test';

import { ADMIN_TEXTS, expect, owner, signInToDashboard, test, type Language } from './admin';
import { DEPARTMENTS, uniqueSuffix } from './fixtures';

/*
 * The back office's promotions (issue #35): the owner creates a 10% code for one department
 * through the editor, in English and in Arabic, and finds it in the list, active, with no uses.
 */

function textbox(page: Page, name: string) {
  return page.getByRole('textbox', { name, exact: true });
}

for (const language of ['en', 'ar'] as const satisfies readonly Language[]) {
  test.describe(`promotions (${language})`, () => {
    const t = ADMIN_TEXTS[language];
    const grocery = DEPARTMENTS.find((d) => d.path === '/Grocery')!;

    test('the owner creates a 10% code for one department and finds it in the list', async ({ page }) => {
      const suffix = uniqueSuffix();
      const code = `E2E-${language}-${suffix}`.slice(0, 32);
      const name = { en: `Grocery week ${suffix}`, ar: `أسبوع البقالة ${suffix}` };

      await signInToDashboard(page, owner(), language);
      await page.getByRole('navigation', { name: t.app.mainNav }).getByRole('link', { name: t.nav.promotions, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: t.promotions.title })).toBeVisible();
      await page.getByRole('link', { name: t.promotions.new }).click();
      await expect(page.getByRole('heading', { level: 1, name: t.promotionEditor.newTitle })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');

      await textbox(page, t.promotionEditor.nameEn).fill(name.en);
      await textbox(page, t.promotionEditor.nameAr).fill(name.ar);
      await expect(textbox(page, t.promotionEditor.nameAr)).toHaveAttribute('dir', 'rtl');
      await textbox(page, t.promotionEditor.code).fill(code);
      await expect(page.getByRole('combobox', { name: t.promotionEditor.kind })).toHaveText(t.promotionEditor.kinds.percent);
      await page.getByRole('textbox', { name: t.promotionEditor.valuePercent }).fill('10');
      const departments = page.getByRole('combobox', { name: t.promotionEditor.departments });
      await departments.click();
      await page.getByRole('option', { name: grocery[language], exact: true }).click();
      await page.keyboard.press('Escape');
      await expect(departments).toHaveText(grocery[language]);
      await page.getByRole('button', { name: t.promotionEditor.create }).click();

      await expect(page.getByRole('heading', { level: 1, name: t.promotionEditor.editTitle })).toBeVisible();
      await expect(page).toHaveURL(/\/admin\/promotions\/[^/]+$/);
      await expect(page.getByText(t.promotionEditor.status.replace('{{status}}', t.promotionStatus.active))).toBeVisible();

      await page.getByRole('link', { name: t.promotionEditor.back }).click();
      await page.getByRole('searchbox', { name: t.promotions.search }).fill(code);
      const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: name[language] }) });
      await expect(row).toContainText(code);
      await expect(row).toContainText('10%');
      await expect(row).toContainText(t.promotionStatus.active);
    });
  });
}
