import { ARABIC, expect, test } from './fixtures';
import { expectShown, slider } from './sliders';

test.describe('browsing in Arabic', () => {
  test.use({ contextOptions: { reducedMotion: 'reduce' } });
  test.beforeEach(async ({ useLanguage }) => {
    await useLanguage('ar');
  });

  test('the home page is right-to-left, with both sliders sliding the mirrored way', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1, name: 'أسعار منخفضة على كل ما تحب' })).toBeVisible();

    const renew = slider(page, 'جدّد كل شيء', 'عرض شرائح');
    await expect(renew.getByRole('article').first()).toContainText(ARABIC);
    await expect(renew.locator('[dir="rtl"]').first()).toBeVisible();
    const slides = renew.getByRole('group');
    const first = await slides.first().boundingBox();
    const second = await slides.nth(1).boundingBox();
    // Slide 2 sits to the left of slide 1.
    expect(second!.x).toBeLessThan(first!.x);

    await renew.getByRole('button', { name: 'الشرائح التالية' }).focus();
    await page.keyboard.press('Enter');
    await expectShown(slides.nth(3));
    // In Arabic, ArrowRight goes back.
    await page.keyboard.press('ArrowRight');
    await expectShown(slides.first());

    const departments = slider(page, 'كل ما تحتاجه هنا', 'عرض شرائح');
    await expect(departments.getByRole('link', { name: 'البقالة' })).toBeVisible();
  });

  test('a department page lists Arabic products with its hero and sliders', async ({ page }) => {
    await page.goto('/electronics');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1, name: 'الإلكترونيات' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'تخفيضات على أبل' })).toBeVisible();
    const apple = slider(page, 'عروض أبل', 'عرض شرائح');
    await expect(apple.getByRole('article').first()).toContainText(/أبل/);
    const grid = page.getByRole('region', { name: 'جميع منتجات الإلكترونيات' });
    await expect(grid.getByRole('article').first()).toContainText(ARABIC);
    await expect(grid.getByRole('article').first()).toContainText(/الآن \$[\d,]+\.\d{2}/);
    await page.getByRole('region', { name: 'تسوّق التقنية' }).getByRole('link', { name: 'الأجهزة اللوحية' }).click();
    await expect(page.getByRole('heading', { level: 2, name: /في الإلكترونيات$/ })).toBeVisible();
  });

  test('the product page shows every block in Arabic', async ({ page }) => {
    await page.goto('/Grocery');
    const card = page.getByRole('region', { name: 'جميع منتجات البقالة' }).getByRole('article').first();
    const title = (await card.getByRole('link').textContent())!.trim();
    await card.getByRole('link').click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'مسار التنقل' }).getByRole('link', { name: 'البقالة' })).toBeVisible();
    // No made-up rating and no unearned badge (issue #36): nothing sells in Grocery in these tests.
    await expect(page.getByRole('region', { name: title }).getByText('لا توجد مراجعات بعد')).toBeVisible();
    await expect(page.getByText('الأكثر مبيعاً')).toHaveCount(0);
    await expect(page.getByText('سعر مخفّض')).toBeVisible();
    await expect(page.getByRole('button', { name: 'اشترِ الآن' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'أضف إلى السلة' })).toBeVisible();
    await expect(page.getByText(/^يصل \d{1,2} \S+$/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'تفاصيل المنتج' })).toHaveAttribute('aria-expanded', 'true');
    const gallery = page.getByRole('group', { name: 'صور المنتج' });
    await gallery.getByRole('button', { name: 'اعرض الصورة 2 من 4' }).click();
    await expect(page.getByRole('img', { name: new RegExp('الصورة 2 من 4$') })).toHaveAttribute('src', /\/1\.svg$/);
    // Arrow keys follow the reading direction: ArrowLeft is "next" in Arabic.
    await page.keyboard.press('ArrowLeft');
    await expect(gallery.getByRole('button', { name: 'اعرض الصورة 3 من 4' })).toBeFocused();
  });

  test('search works in Arabic, with results and the no-results text', async ({ page }) => {
    await page.goto('/search?q=' + encodeURIComponent('سماعات'));
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1, name: 'نتائج البحث عن "سماعات"' })).toBeVisible();
    const first = page.getByRole('region', { name: 'نتائج البحث' }).getByRole('article').first();
    await expect(first).toContainText('سماعات');
    await expect(first).toContainText(/شحن مجاني، يصل/);
    await expect(first.getByRole('button', { name: /^أضف إلى السلة، .+/ })).toHaveText('أضف إلى السلة');

    await page.goto('/search?q=zzqxwv');
    await expect(page.getByText('لم يتم العثور على منتجات لـ "zzqxwv"')).toBeVisible();

    const field = page.getByRole('search').getByRole('combobox', { name: 'بحث' });
    await field.fill('سماع');
    await expect(page.getByRole('listbox').getByRole('option').first()).toContainText('سماعات');
  });
});
