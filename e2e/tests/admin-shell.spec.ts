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

/**
 * The signed-in screens, with the staff and product API answered in the browser (page.route):
 * in this branch those routes do not exist yet, and axe only needs each screen drawn. The full
 * flows against the real API are in admin-catalog.spec.ts.
 */
const STUB_PRODUCT = {
  _id: 'p1',
  title: { en: 'Mango', ar: 'مانجو' },
  description: { en: 'Sweet mango', ar: 'مانجو حلوة' },
  brand: { en: 'Farm', ar: 'مزرعة' },
  category: 'Grocery',
  subcategory: '',
  price: 4.5,
  listPrice: 6,
  quantity: 3,
  status: 'published',
  images: [],
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-02T10:00:00.000Z',
};
const STUBS: [RegExp, unknown][] = [
  [/\/api\/admin\/session$/, { data: { staff: { _id: 's1', email: 'owner@dukkan.test', name: 'Olive Owner', role: 'owner' } } }],
  [/\/api\/admin\/products\?/, { data: [STUB_PRODUCT, { ...STUB_PRODUCT, _id: 'p2', title: { en: 'Kiwi', ar: 'كيوي' }, status: 'draft', quantity: 0 }], total: 2 }],
  [/\/api\/admin\/products\/p1$/, { data: STUB_PRODUCT }],
  [/\/api\/admin\/products\/p1\/stock-ledger$/, { data: [{ kind: 'edit', quantityBefore: 5, quantityAfter: 3, reason: 'Count', staff: { _id: 's1', name: 'Olive Owner' }, orderId: null, createdAt: '2026-11-02T10:00:00.000Z' }] }],
  [/\/api\/admin\/staff$/, { data: [{ _id: 's1', email: 'owner@dukkan.test', name: 'Olive Owner', role: 'owner', disabled: false }, { _id: 's2', email: 'cat@dukkan.test', name: 'Cat Alog', role: 'catalog', disabled: true }] }],
  [/\/api\/admin\/settings$/, { data: { requireTwoFactor: false } }],
];
const SCREENS = [
  { path: '/admin/products', heading: { en: 'Products', ar: 'المنتجات' }, ready: '[role="grid"] [role="row"][data-id="p1"]' },
  { path: '/admin/products/new', heading: { en: 'New product', ar: 'منتج جديد' }, ready: 'form' },
  { path: '/admin/products/p1', heading: { en: 'Edit product', ar: 'تعديل المنتج' }, ready: 'table' },
  { path: '/admin/import', heading: { en: 'Import and export', ar: 'الاستيراد والتصدير' }, ready: 'input[type="file"]' },
  { path: '/admin/staff', heading: { en: 'Staff', ar: 'الموظفون' }, ready: 'table' },
  { path: '/admin/account', heading: { en: 'My account', ar: 'حسابي' }, ready: 'form' },
] as const;

for (const language of ['en', 'ar'] as const) {
  test.describe(`the back office's screens in ${language} (API stubbed in the browser)`, () => {
    test.beforeEach(async ({ page, useLanguage }) => {
      await useLanguage(language);
      await page.route(/\/api\/admin\//, async (route) => {
        const url = route.request().url();
        const stub = STUBS.find(([pattern]) => pattern.test(url));
        if (!stub || route.request().method() !== 'GET') return route.fulfill({ status: 404, json: { message: 'Not stubbed', code: 'NOT_FOUND' } });
        return route.fulfill({ status: 200, json: stub[1] });
      });
    });

    for (const screen of SCREENS) {
      test(`axe finds nothing serious on ${screen.path}`, async ({ page, expectAccessible }) => {
        await page.goto(screen.path);
        await expect(page.getByRole('heading', { level: 1, name: screen.heading[language] })).toBeVisible();
        await expect(page.locator(screen.ready).first()).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
        await expectAccessible(page);
      });
    }
  });
}
