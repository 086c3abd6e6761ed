import { expect, test } from './fixtures';

/**
 * The back office's shell at /admin (issue #20), as far as it works without the staff API: the
 * sign-in screen in both languages, its noindex header, axe. The flows behind sign-in come with
 * the staff and product routes.
 */
const TEXTS = {
  en: { heading: 'Sign in to the back office', email: 'Email', password: 'Password', submit: 'Sign in', language: 'Language' },
  ar: { heading: 'تسجيل الدخول إلى لوحة الإدارة', email: 'البريد الإلكتروني', password: 'كلمة المرور', submit: 'تسجيل الدخول', language: 'اللغة' },
} as const;

for (const language of ['en', 'ar'] as const) {
  test.describe(`the back office's sign-in in ${language}`, () => {
    test('renders with its language and direction, noindex, and axe finds nothing serious', async ({ page, useLanguage, expectAccessible }) => {
      const t = TEXTS[language];
      await useLanguage(language);
      const response = await page.goto('/admin/sign-in');
      expect(response?.status()).toBe(200);
      expect(response?.headers()['x-robots-tag']).toBe('noindex');
      await expect(page.getByRole('heading', { level: 1, name: t.heading })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
      await expect(page.getByRole('textbox', { name: t.email })).toBeFocused();
      await expect(page.getByLabel(t.password)).toBeVisible();
      await expect(page.getByRole('button', { name: new RegExp(t.language) })).toBeVisible();
      await expectAccessible(page);

      // By keyboard: the fields and the button in order.
      await page.keyboard.press('Tab');
      await expect(page.getByLabel(t.password)).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(page.getByRole('button', { name: t.submit })).toBeFocused();
    });
  });
}

test('?lng=ar picks Arabic and the language menu switches back to English', async ({ page, expectAccessible }) => {
  await page.goto('/admin/sign-in?lng=ar');
  await expect(page.getByRole('heading', { level: 1, name: TEXTS.ar.heading })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByRole('button', { name: /اللغة/ }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1, name: TEXTS.en.heading })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page).toHaveURL(/\/admin\/sign-in$/);
  await expectAccessible(page);
});

test('every /admin path answers the back office with noindex; the storefront pages never load its bundle', async ({ page, request }) => {
  for (const path of ['/admin', '/admin/products', '/admin/products/123', '/admin/import']) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    expect(res.headers()['x-robots-tag'], path).toBe('noindex');
    expect(await res.text(), path).toContain('/admin/assets/');
  }
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots.split('\n')).toContain('Disallow: /admin');

  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto('/');
  await expect(page.locator('main').first()).toBeVisible();
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((s) => s.startsWith('/admin'))).toEqual([]);
});
