import { type Page } from '@playwright/test';

import { expect, test } from './fixtures';
import { slider } from './sliders';

/** Opens the first product of a department from its grid and answers the product's title. */
async function openFirstProduct(page: Page, department: string, name: string): Promise<string> {
  await page.goto(department);
  const card = page.getByRole('region', { name: `All ${name} products` }).getByRole('article').first();
  const title = (await card.getByRole('link').textContent())!.trim();
  await card.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(/\/details\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  return title;
}

test.describe('product page', () => {
  test('shows the breadcrumb, gallery, side card, accordions and "Customers also viewed"', async ({ page }) => {
    const title = await openFirstProduct(page, '/electronics', 'Electronics');

    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(breadcrumb.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    await expect(breadcrumb.getByRole('link', { name: 'Electronics' })).toHaveAttribute('href', '/electronics');

    const card = page.getByRole('region', { name: title });
    // The demo catalog ships no reviews and electronics sell nowhere in these tests (issue #36):
    // no made-up rating, no unearned badge.
    await expect(card.getByText('No reviews yet')).toBeVisible();
    await expect(card.getByText('Best seller')).toHaveCount(0);
    await expect(card).toContainText(/Now \$[\d,]+\.\d{2}/);
    await expect(card.getByText('Price when purchased online')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Buy Now' })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Add to card' })).toBeVisible();
    const delivery = card.getByRole('region', { name: "How you'll get this item:" });
    await expect(delivery.getByRole('listitem').nth(0)).toContainText(/Shipping\s*arrives [A-Z][a-z]{2} \d{1,2}\s*Free/);
    await expect(delivery.getByRole('listitem').nth(1)).toContainText('Pickup');
    await expect(delivery.getByRole('listitem').nth(1)).toContainText('Not available');
    await expect(delivery.getByRole('listitem').nth(2)).toContainText('Delivery');
    await expect(card.getByText('Delivery to Cairo, 11511')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Add to list' })).toBeVisible();

    const details = page.getByRole('button', { name: 'Product details' });
    await expect(details).toHaveAttribute('aria-expanded', 'true');
    for (const term of ['Title', 'Price', 'Category', 'Quantity']) await expect(page.getByRole('term').filter({ hasText: term })).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: /^\d+ pieces?$/ })).toBeVisible();
    for (const name of ['About the brand', 'Specifications']) {
      await page.getByRole('button', { name }).click();
      await expect(page.getByRole('region', { name })).toBeVisible();
    }

    const alsoViewed = slider(page, 'Customers also viewed');
    await expect(alsoViewed.getByRole('article').first()).toBeVisible();
    await expect(alsoViewed.getByRole('link', { name: title, exact: true })).toHaveCount(0);
  });

  test("a reduced product shows 'Was $X' on its card and page, and 'Reduced price'; another shows neither", async ({ page }) => {
    // Which products are reduced is the demo catalog's business: ask the API for one of each.
    const answer = await page.request.get('/api/product/category/electronics');
    const { data } = (await answer.json()) as { data: { _id: string; title: string; price: number; listPrice: number | null }[] };
    const reduced = data.find((p) => p.listPrice !== null)!;
    const regular = data.find((p) => p.listPrice === null)!;
    const dollars = (amount: number) => `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    const now = `Now ${dollars(reduced.price)}`;
    const was = `Was ${dollars(reduced.listPrice!)}`;

    await page.goto('/electronics');
    const grid = page.getByRole('region', { name: 'All Electronics products' });
    const reducedCard = grid.getByRole('article').filter({ has: page.getByRole('link', { name: reduced.title, exact: true }) });
    await expect(reducedCard).toContainText(`${now} ${was}`);
    await expect(reducedCard.locator('s')).toHaveText(dollars(reduced.listPrice!));
    const regularCard = grid.getByRole('article').filter({ has: page.getByRole('link', { name: regular.title, exact: true }) });
    await expect(regularCard).toContainText(`Now ${dollars(regular.price)}`);
    await expect(regularCard).not.toContainText(/Was \$/);

    await page.goto(`/details/${reduced._id}`);
    const card = page.getByRole('region', { name: reduced.title });
    await expect(card.getByText('Reduced price')).toBeVisible();
    await expect(card).toContainText(`${now} ${was}`);

    await page.goto(`/details/${regular._id}`);
    const regularBox = page.getByRole('region', { name: regular.title });
    await expect(regularBox.getByText('Reduced price')).toHaveCount(0);
    await expect(regularBox).not.toContainText(/Was \$/);
  });

  test('thumbnails switch the main image, by mouse and by keyboard alone', async ({ page }) => {
    const title = await openFirstProduct(page, '/Grocery', 'Grocery');
    const gallery = page.getByRole('group', { name: 'Product images' });
    const main = page.getByRole('img', { name: new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, image \\d of \\d$`) });
    await expect(main).toHaveAttribute('src', /\/0\.svg$/);

    await gallery.getByRole('button', { name: 'Show image 3 of 4' }).click();
    await expect(main).toHaveAttribute('src', /\/2\.svg$/);
    await expect(gallery.getByRole('button', { name: 'Show image 3 of 4' })).toHaveAttribute('aria-pressed', 'true');

    await page.keyboard.press('ArrowRight');
    await expect(gallery.getByRole('button', { name: 'Show image 4 of 4' })).toBeFocused();
    await expect(main).toHaveAttribute('src', /\/3\.svg$/);
    await page.keyboard.press('Home');
    await expect(main).toHaveAttribute('src', /\/0\.svg$/);

    // Tab from the first thumbnail reaches the next; Enter shows it.
    await page.keyboard.press('Tab');
    await expect(gallery.getByRole('button', { name: 'Show image 2 of 4' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(main).toHaveAttribute('src', /\/1\.svg$/);
  });

  test('the main image zooms on click, into a larger drawing of the picture', async ({ page }) => {
    await openFirstProduct(page, '/Home', 'Home');
    const figure = page.locator('figure.iiz');
    // The pointer is still where the product's link was: bring it in from outside the picture.
    await page.mouse.move(0, 0);
    await figure.hover({ position: { x: 100, y: 100 } });
    await figure.click({ position: { x: 100, y: 100 } });
    const zoomed = page.locator('.iiz__zoom-img--visible');
    await expect(zoomed).toBeVisible();
    await expect.poll(() => zoomed.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1200);
    await figure.click({ position: { x: 100, y: 100 } });
    await expect(zoomed).toHaveCount(0);
  });

  test('Add to card adds one, Add to list asks a guest to sign in, Buy Now adds one more and opens the cart', async ({ page }) => {
    const title = await openFirstProduct(page, '/Baby', 'Baby');
    await page.getByRole('button', { name: 'Add to card' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Product added to the cart successfully' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Cart, 1 item', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Add to list' }).click();
    const signIn = page.getByRole('status').filter({ hasText: 'Please sign in to use your wish list' });
    await expect(signIn).toBeVisible();
    await expect(signIn.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    await page.getByRole('button', { name: 'Buy Now' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Cart (2 items)' })).toBeVisible();
    const line = page.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem').filter({ hasText: title });
    await expect(line.getByRole('group', { name: 'Quantity' })).toHaveText('2');
  });

  test('an unknown product id and a malformed one show the not-found page', async ({ page }) => {
    await page.goto('/details/00000000-0000-4000-8000-999999999999');
    await expect(page.getByRole('heading', { level: 1, name: 'Uh-oh... This page could not be found.' })).toBeVisible();
    await page.goto('/details/not-an-id');
    await expect(page.getByRole('heading', { level: 1, name: 'Uh-oh... This page could not be found.' })).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
  });

  test('the home page does not download the product page’s zoom', async ({ page }) => {
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.url());
    });
    await page.goto('/');
    await expect(page.locator('[aria-roledescription="carousel"]').first()).toBeVisible();
    // The product page's chunk (its route, with its reviews) is its own.
    expect(scripts.filter((url) => /product-route|product-details-page/.test(url))).toEqual([]);
  });
});
