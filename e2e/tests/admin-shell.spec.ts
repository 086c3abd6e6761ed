import { SHIPPING_ADDRESS } from '../../apps/admin/src/test/shipping-address';

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
// Issue #21's screens (the orders, customers, stats and audit routes answered in the browser too).
const STUB_ORDER_SUMMARY = {
  _id: 'o1',
  createdAt: '2026-11-20T09:30:00.000Z',
  customer: { _id: 'c1', email: 'shopper@example.com', name: 'Sara Shopper' },
  amount: 40,
  refunded: 10,
  currency: 'usd',
  status: 'Shipped',
  paymentStatus: 'Partially refunded',
  itemCount: 3,
};
const STUB_ORDER = {
  ...STUB_ORDER_SUMMARY,
  updatedAt: '2026-11-21T10:00:00.000Z',
  paidAt: '2026-11-20T09:35:00.000Z',
  payBy: '2026-11-20T10:00:00.000Z',
  lng: 'ar',
  lines: [
    { productId: 'p1', title: { en: 'Mango', ar: 'مانجو' }, thumbnail: '', quantity: 2, price: 10, restocked: 1 },
    { productId: 'p2', title: { en: 'Kiwi', ar: 'كيوي' }, thumbnail: '', quantity: 1, price: 20, restocked: 0 },
  ],
  shippingAddress: SHIPPING_ADDRESS,
  payments: [{ _id: 'pay1', provider: 'sandbox', providerSessionId: 'sbx_123', status: 'paid', amount: 40, createdAt: '2026-11-20T09:31:00.000Z' }],
  refunds: [
    {
      _id: 'r1',
      amount: 10,
      reason: 'Bruised',
      restock: true,
      items: [{ productId: 'p1', quantity: 1 }],
      status: 'succeeded',
      providerRefundId: null,
      failureMessage: null,
      by: { _id: 's1', email: 'owner@dukkan.test', role: 'owner' },
      createdAt: '2026-11-21T08:00:00.000Z',
    },
  ],
  timeline: [
    { at: '2026-11-20T09:30:00.000Z', kind: 'placed', by: null, from: null, to: null, note: null, amount: null, mailStatus: null },
    { at: '2026-11-20T09:35:00.000Z', kind: 'paid', by: null, from: null, to: null, note: null, amount: null, mailStatus: null },
    { at: '2026-11-21T07:00:00.000Z', kind: 'status', by: { _id: 's1', email: 'owner@dukkan.test', role: 'owner' }, from: 'Processing', to: 'Shipped', note: null, amount: null, mailStatus: null },
    { at: '2026-11-21T08:00:00.000Z', kind: 'refund', by: { _id: 's1', email: 'owner@dukkan.test', role: 'owner' }, from: null, to: null, note: 'Bruised', amount: 10, mailStatus: null },
    { at: '2026-11-21T08:00:05.000Z', kind: 'mail', by: null, from: null, to: null, note: 'order-refunded', amount: null, mailStatus: 'sent' },
  ],
  nextStatus: 'Delivered',
  refundable: 30,
  cancellable: true,
};
const STUB_CUSTOMER = { _id: 'c1', email: 'shopper@example.com', name: 'Sara Shopper', createdAt: '2026-10-01T08:00:00.000Z', disabled: false, orderCount: 1, lifetimeSpend: 30 };
const STUB_STATS = {
  from: '2026-10-29',
  to: '2026-11-27',
  days: Array.from({ length: 30 }, (_, i) => ({ date: new Date(Date.UTC(2026, 9, 29 + i)).toISOString().slice(0, 10), revenue: (i % 7) * 25.5, paidOrders: i % 4 })),
  totals: { revenue: 1420, paidOrders: 45, refunded: 10 },
  today: { orders: 4, revenue: 129.5 },
  expiringUnpaid: [{ _id: 'o2', payBy: '2026-11-27T12:00:00.000Z', amount: 40, customerEmail: 'late@example.com' }],
  lowStockThreshold: 5,
  lowStock: [{ _id: 'p1', title: { en: 'Mango', ar: 'مانجو' }, quantity: 3 }],
  outOfStock: [{ _id: 'p2', title: { en: 'Kiwi', ar: 'كيوي' }, quantity: 0 }],
  bestSellers: [{ _id: 'p1', title: { en: 'Mango', ar: 'مانجو' }, quantity: 9, revenue: 40.5 }],
};
const STUB_AUDIT = {
  _id: 'e1',
  at: '2026-11-27T10:00:00.000Z',
  actor: { _id: 's1', email: 'owner@dukkan.test', role: 'owner' },
  address: '203.0.113.9',
  action: 'order.refund',
  entityType: 'order',
  entityId: 'o1',
  before: { refunded: 0, paymentStatus: 'Paid' },
  after: { refunded: 10, paymentStatus: 'Partially refunded' },
};
const STUBS: [RegExp, unknown][] = [
  [/\/api\/admin\/session$/, { data: { staff: { _id: 's1', email: 'owner@dukkan.test', name: 'Olive Owner', role: 'owner' } } }],
  [/\/api\/admin\/products\?/, { data: [STUB_PRODUCT, { ...STUB_PRODUCT, _id: 'p2', title: { en: 'Kiwi', ar: 'كيوي' }, status: 'draft', quantity: 0 }], total: 2 }],
  [/\/api\/admin\/products\/p1$/, { data: STUB_PRODUCT }],
  [/\/api\/admin\/products\/p1\/stock-ledger$/, { data: [{ kind: 'edit', quantityBefore: 5, quantityAfter: 3, reason: 'Count', staff: { _id: 's1', name: 'Olive Owner' }, orderId: null, createdAt: '2026-11-02T10:00:00.000Z' }] }],
  [/\/api\/admin\/staff$/, { data: [{ _id: 's1', email: 'owner@dukkan.test', name: 'Olive Owner', role: 'owner', disabled: false, invited: false, twoFactor: true }, { _id: 's2', email: 'cat@dukkan.test', name: 'Cat Alog', role: 'catalog', disabled: true, invited: false, twoFactor: false }] }],
  [/\/api\/admin\/settings$/, { data: { requireTwoFactor: false } }],
  [/\/api\/admin\/stats\?/, { data: STUB_STATS }],
  [/\/api\/admin\/orders\?/, { data: [STUB_ORDER_SUMMARY], total: 1 }],
  [/\/api\/admin\/orders\/o1$/, { data: STUB_ORDER }],
  [/\/api\/admin\/customers\?/, { data: [STUB_CUSTOMER], total: 1 }],
  [/\/api\/admin\/customers\/c1$/, { data: { ...STUB_CUSTOMER, marketingEmails: false, addresses: [STUB_ORDER.shippingAddress], orders: [STUB_ORDER_SUMMARY] } }],
  [/\/api\/admin\/audit\?/, { data: [STUB_AUDIT], total: 1 }],
];
const SCREENS = [
  { path: '/admin/products', heading: { en: 'Products', ar: 'المنتجات' }, ready: '[role="grid"] [role="row"][data-id="p1"]' },
  { path: '/admin/products/new', heading: { en: 'New product', ar: 'منتج جديد' }, ready: 'form' },
  { path: '/admin/products/p1', heading: { en: 'Edit product', ar: 'تعديل المنتج' }, ready: 'table' },
  { path: '/admin/import', heading: { en: 'Import and export', ar: 'الاستيراد والتصدير' }, ready: 'input[type="file"]' },
  { path: '/admin/staff', heading: { en: 'Staff', ar: 'الموظفون' }, ready: 'table' },
  { path: '/admin/account', heading: { en: 'My account', ar: 'حسابي' }, ready: 'form' },
  { path: '/admin', heading: { en: 'Dashboard', ar: 'لوحة المعلومات' }, ready: 'main svg' },
  { path: '/admin/orders', heading: { en: 'Orders', ar: 'الطلبات' }, ready: '[role="grid"] [role="row"][data-id="o1"]' },
  { path: '/admin/orders/o1', heading: { en: 'Order o1', ar: 'الطلب o1' }, ready: 'ol li' },
  { path: '/admin/customers', heading: { en: 'Customers', ar: 'العملاء' }, ready: 'table' },
  { path: '/admin/customers/c1', heading: { en: 'Sara Shopper', ar: 'Sara Shopper' }, ready: 'table' },
  { path: '/admin/audit', heading: { en: 'Audit log', ar: 'سجل التدقيق' }, ready: 'table del' },
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
