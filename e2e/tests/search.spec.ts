import { expect, test } from './fixtures';

test.describe('search', () => {
  test('shows Results for "{q}" with thumbnail, price, title, free shipping and Add to cart', async ({ page }) => {
    await page.goto('/search?q=headphones');
    await expect(page.getByRole('heading', { level: 1, name: 'Results for "headphones"' })).toBeVisible();
    const results = page.getByRole('region', { name: 'Search results' }).getByRole('article');
    await expect(results.first()).toBeVisible();
    const first = results.first();
    await expect(first.getByRole('link')).toContainText(/Headphones/i);
    await expect(first).toContainText(/Now \$[\d,]+\.\d{2}/);
    await expect(first).toContainText(/Free shipping, arrives [A-Z][a-z]{2} \d{1,2}/);
    await expect(first.getByRole('button', { name: /^Add to cart, .+/ })).toHaveText('Add to cart');
    await expect(first.locator('img')).toHaveAttribute('src', /^\/images\/products\//);
    await first.getByRole('link').click();
    await expect(page).toHaveURL(/\/details\//);
  });

  test('a misspelled query ("hedphones") still finds the headphones', async ({ page }) => {
    await page.goto('/search?q=hedphones');
    await expect(page.getByRole('heading', { level: 1, name: 'Results for "hedphones"' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Sony WH-1000XM5 Wireless Noise Cancelling Headphones/ })).toBeVisible();
  });

  test('says No products found for "{q}" when nothing matches', async ({ page }) => {
    await page.goto('/search?q=zzqxwv');
    await expect(page.getByText('No products found for "zzqxwv"')).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(0);
  });

  test('pages its results with numbered pages', async ({ page }) => {
    await page.goto('/search?q=pack');
    const region = page.getByRole('region', { name: 'Search results' });
    const summary = await region.getByText(/^[\d,]+ results?$/).textContent();
    const total = Number(summary!.split(' ')[0]!.replace(/,/g, ''));
    await expect(region.getByRole('article')).toHaveCount(Math.min(total, 24));
    if (total > 24) {
      await region.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Next' }).click();
      await expect(page).toHaveURL(/page=2$/);
      await expect(region.getByRole('article')).toHaveCount(Math.min(total - 24, 24));
    }
  });

  test('the header suggests products as the shopper types, with the keyboard alone', async ({ page }) => {
    await page.goto('/Grocery');
    const field = page.getByRole('search').getByRole('combobox', { name: 'Search' });
    await field.focus();
    await page.keyboard.type('iph');
    const list = page.getByRole('listbox', { name: 'Search suggestions' });
    await expect(list.getByRole('option').first()).toBeVisible();
    await expect(field).toHaveAttribute('aria-expanded', 'true');
    const first = (await list.getByRole('option').first().textContent())!;
    expect(first).toMatch(/iPhone/);

    await page.keyboard.press('ArrowDown');
    await expect(list.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Escape');
    await expect(list).toBeHidden();
    await expect(field).toHaveValue('iph');

    // ArrowDown opens the list again, on its first suggestion.
    await page.keyboard.press('ArrowDown');
    await expect(list.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/details\//);
    await expect(page.getByRole('heading', { level: 1, name: first })).toBeVisible();
  });

  test('Enter without a highlighted suggestion searches the text', async ({ page }) => {
    await page.goto('/');
    const field = page.getByRole('search').getByRole('combobox', { name: 'Search' });
    await field.fill('apple');
    await expect(page.getByRole('listbox', { name: 'Search suggestions' }).getByRole('option').first()).toBeVisible();
    await field.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=apple$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Results for "apple"' })).toBeVisible();
  });

  test('axe finds no serious or critical violation with the suggestions open', async ({ page, expectAccessible }) => {
    await page.goto('/');
    await page.getByRole('search').getByRole('combobox', { name: 'Search' }).fill('sam');
    await expect(page.getByRole('listbox', { name: 'Search suggestions' }).getByRole('option').first()).toBeVisible();
    await expectAccessible(page);
  });
});
