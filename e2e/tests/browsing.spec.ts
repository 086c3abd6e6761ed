import { type Locator, type Page } from '@playwright/test';

import { DEPARTMENTS, expect, test, waitUntilLive } from './fixtures';
import { expectHidden, expectShown, slider } from './sliders';

/** The department's full product grid. */
function allProducts(page: Page, department: string): Locator {
  return page.getByRole('region', { name: `All ${department} products` });
}

test.describe('browsing', () => {
  // Sliders stand still (no autoplay, no glide) so what is on screen is what the test did.
  test.use({ contextOptions: { reducedMotion: 'reduce' } });

  for (const d of DEPARTMENTS) {
    test(`${d.path} shows its heading, its hero "${d.hero}" and its products`, async ({ page }) => {
      await page.goto(d.path);
      await expect(page.getByRole('heading', { level: 1, name: d.en, exact: true })).toBeVisible();
      await expect(page.getByRole('heading', { name: d.hero, exact: true })).toBeVisible();
      const cards = allProducts(page, d.en).getByRole('article');
      await expect(cards.first()).toBeVisible();
      expect(await cards.count()).toBeGreaterThanOrEqual(12);
      await expect(cards.first()).toContainText(/Now \$[\d,]+\.\d{2}/);
      await expect(cards.first().getByRole('button', { name: /^Add, .+/ })).toHaveText('Add');
      await expect(cards.first().getByRole('button', { name: /^Add to wish list, .+/ })).toHaveAttribute('aria-pressed', 'false');
    });
  }

  test('the home page has the Grocery slider beside a video and the departments slider; View all opens Grocery', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Low prices on everything you love' })).toBeVisible();

    const renew = slider(page, 'Renew your everything');
    await expect(renew.getByRole('group').first()).toBeVisible();
    expect(await renew.getByRole('group').count()).toBeGreaterThanOrEqual(4);
    await expect(renew.getByRole('article').first()).toContainText(/Now \$[\d,]+\.\d{2}/);

    const video = page.locator('main video');
    await expect(video).toHaveAttribute('poster', '/media/renew-poster.jpg');
    expect(await video.evaluate((element: HTMLVideoElement) => element.muted && element.loop)).toBe(true);
    const media = await page.request.get('/media/renew.webm');
    expect(media.status()).toBe(200);
    expect(media.headers()['content-type']).toContain('video/webm');
    expect((await media.body()).length).toBeLessThan(300 * 1024);

    const departments = slider(page, 'Get it all right here');
    await expect(departments.getByRole('link', { name: 'Grocery', exact: true })).toBeVisible();
    // Four departments at a time.
    const shown = departments.getByRole('group');
    await expectShown(shown.first());
    await expectShown(shown.nth(3));
    await expectHidden(shown.nth(4));

    await renew.getByRole('link', { name: 'View all Renew your everything' }).click();
    await expect(page).toHaveURL(/\/Grocery$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Grocery' })).toBeVisible();
  });

  test("the departments slider opens a department's page", async ({ page }) => {
    await page.goto('/');
    await slider(page, 'Get it all right here').getByRole('link', { name: 'Electronics', exact: true }).click();
    await expect(page).toHaveURL(/\/electronics$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Electronics' })).toBeVisible();
  });

  test('sliders work with the keyboard alone: Tab to Next, Enter, and the arrow keys', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    const renew = slider(page, 'Renew your everything');
    const slides = renew.getByRole('group');
    await expectShown(slides.first());

    // Up to 1424 px the deals slider shows 1 and scrolls 3 (spec section 9).
    const next = renew.getByRole('button', { name: 'Next slides' });
    // The slider's code loads after first paint: until then its buttons are disabled.
    await expect(next).toBeEnabled();
    await next.focus();
    await page.keyboard.press('Enter');
    await expectShown(slides.nth(3));
    await expectHidden(slides.first());

    await page.keyboard.press('ArrowLeft');
    await expectShown(slides.first());

    // Tabbing onto a card brings it into view.
    await renew.getByRole('link', { name: 'View all Renew your everything' }).focus();
    await page.keyboard.press('Tab'); // pause
    await page.keyboard.press('Tab'); // previous
    await page.keyboard.press('Tab'); // next
    await page.keyboard.press('Tab'); // wish-list heart of the first card
    await expect(page.locator(':focus')).toHaveAccessibleName(/^Add to wish list, /);
    await page.keyboard.press('Enter');
    await expect(page.getByText('Please sign in to use your wish list')).toBeVisible();
  });

  test('Tab through a slider reaches only what it shows: no focus on a slide out of view', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    const renew = slider(page, 'Renew your everything');
    // Up to 1424 px the deals slider shows 1 slide and scrolls by 3 (spec section 9).
    await expect(renew.getByRole('button', { name: 'Next slides' })).toBeEnabled();
    await renew.getByRole('link', { name: 'View all Renew your everything' }).focus();
    const frame = await renew.boundingBox();
    expect(frame).not.toBeNull();
    const reached: string[] = [];
    for (let press = 0; press < 12; press += 1) {
      await page.keyboard.press('Tab');
      const focused = renew.locator(':focus');
      if ((await focused.count()) === 0) break;
      const name = (await focused.getAttribute('aria-label')) ?? (await focused.innerText());
      reached.push(name);
      // Within the slider's window: the row of slides is wider, the others sit beside it.
      const box = await focused.boundingBox();
      expect(box, name).not.toBeNull();
      expect(box!.x, `${name} is in view`).toBeGreaterThanOrEqual(frame!.x - 1);
      expect(box!.x + box!.width, `${name} is in view`).toBeLessThanOrEqual(frame!.x + frame!.width + 1);
    }
    // Pause, previous, next, then the one shown card's heart, photo link and Add, and out.
    expect(reached).toHaveLength(6);

    // The arrow keys move it from a card too, and the focus goes to the card now shown.
    const heartOf = (slide: number) => renew.getByRole('group').nth(slide).getByRole('button', { name: /^Add to wish list, / });
    await heartOf(0).focus();
    await page.keyboard.press('ArrowRight');
    await expectHidden(renew.getByRole('group').first());
    await expect(heartOf(3)).toBeFocused();
  });

  test('the deals slider: 2 shown from 1425 px, 1 shown and scrolling 2 at 1024 px', async ({ page }) => {
    await page.setViewportSize({ width: 1500, height: 900 });
    await page.goto('/Grocery');
    const deals = slider(page, 'Deals');
    const slides = deals.getByRole('group');
    await expectShown(slides.first());
    await expectShown(slides.nth(1));
    await expectHidden(slides.nth(2));
    await deals.getByRole('button', { name: 'Next slides' }).click();
    await expectShown(slides.nth(4));
    await expectShown(slides.nth(5));
    await expectHidden(slides.first());

    await page.setViewportSize({ width: 1024, height: 900 });
    await page.reload();
    await expectShown(slides.first());
    await expectHidden(slides.nth(1));
    await deals.getByRole('button', { name: 'Next slides' }).click();
    await expectShown(slides.nth(2));
    await expectHidden(slides.first());
  });

  test('Grocery, Home and Patio & Garden have promo banners, a Deals slider and the product grid', async ({ page }) => {
    for (const [path, name, banner] of [
      ['/Grocery', 'Grocery', 'Fresh fruit, picked for flavour'],
      ['/Home', 'Home', 'Sleep better tonight'],
      ['/Patio&Garden', 'Patio & Garden', 'Fire up the grill'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: banner })).toBeVisible();
      await expect(slider(page, 'Deals').getByRole('article').first()).toBeVisible();
      await expect(allProducts(page, name).getByRole('article').first()).toBeVisible();
    }
    await page.getByRole('link', { name: 'Shop now' }).first().click();
    await expect(page).toHaveURL(/\/Patio&Garden\?subcategory=patio-and-garden-grills-outdoor-cooking#all-products$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Grills & Outdoor Cooking in Patio & Garden' })).toBeInViewport();
  });

  test('electronics: Apple deals are Apple products, tiles open filtered views, "Refresh your outdoors" grid', async ({ page }) => {
    await page.goto('/electronics');
    const apple = slider(page, 'Apple deals');
    await expect(apple.getByRole('article').first()).toBeVisible();
    for (const title of await apple.getByRole('article').getByRole('link').allTextContents()) expect(title).toMatch(/^Apple /);

    await expect(page.getByRole('region', { name: 'Refresh your outdoors' }).getByRole('article').first()).toBeVisible();

    const tiles = page.getByRole('region', { name: 'Shop tech' });
    for (const name of ['Tech savings', 'Cell phones', 'Video games', 'Smart TVs', 'Tablets', 'Computers']) {
      await expect(tiles.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await tiles.getByRole('link', { name: 'Tablets', exact: true }).click();
    await expect(page).toHaveURL(/\/electronics\?subcategory=electronics-tablets#all-products$/);
    const tablets = page.getByRole('region', { name: 'Tablets in Electronics' });
    await expect(tablets.getByRole('heading', { level: 2 })).toBeInViewport();
    await expect(tablets.getByRole('article').first()).toBeVisible();
    for (const title of await tablets.getByRole('article').getByRole('link').allTextContents()) expect(title).toMatch(/iPad|Tab/);

    await tablets.getByRole('link', { name: 'Clear all' }).click();
    await expect(page).toHaveURL(/\/electronics$/);
    await expect(allProducts(page, 'Electronics').getByRole('article').first()).toBeVisible();
  });

  test('fashion: "Refresh your outdoors" and "New spring arrivals" with View all, and banners for her and him', async ({ page }) => {
    await page.goto('/fashion');
    await expect(slider(page, 'Refresh your outdoors').getByRole('article').first()).toBeVisible();
    await expect(slider(page, 'New spring arrivals').getByRole('article').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'New looks for her' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Easy style for him' })).toBeVisible();
    await slider(page, 'New spring arrivals').getByRole('link', { name: /^View all/ }).click();
    await expect(page).toHaveURL(/\/fashion\?subcategory=fashion-womens-clothing#all-products$/);
    await expect(page.getByRole('heading', { level: 2, name: "Women's Clothing in Fashion" })).toBeInViewport();

    // A click that leaves the focus on the page (Safari focuses no link it follows): the list,
    // not the heading at the top, takes the focus, and stays in view.
    await page.goto('/fashion');
    await waitUntilLive(page);
    await page.getByRole('link', { name: 'Shop now' }).last().dispatchEvent('click');
    await expect(page).toHaveURL(/\/fashion\?subcategory=fashion-mens-clothing#all-products$/);
    const men = page.getByRole('region', { name: "Men's Clothing in Fashion" });
    await expect(men).toBeFocused();
    await expect(men.getByRole('heading', { level: 2 })).toBeInViewport();
  });

  test('Baby shows its promo "Up to 20% off activity & gear"', async ({ page }) => {
    await page.goto('/Baby');
    await expect(page.getByRole('heading', { name: 'Up to 20% off activity & gear' })).toBeVisible();
  });

  test('a department grid pages its products, with lazy images of a fixed size', async ({ page }) => {
    await page.goto('/beauty');
    const grid = allProducts(page, 'Beauty');
    await expect(grid.getByRole('article')).toHaveCount(24);
    await expect(grid.getByText('36 results')).toBeVisible();
    const image = grid.getByRole('article').first().getByRole('img');
    await expect(image).toHaveAttribute('loading', 'lazy');
    await expect(image).toHaveAttribute('width', '600');
    await expect(image).toHaveAttribute('height', '600');
    await grid.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Next' }).click();
    await expect(grid.getByRole('article')).toHaveCount(12);
    await expect(grid.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Next' })).toHaveCount(0);
  });

  test("a department's products are fetched once per visit", async ({ page }) => {
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/product/category/Baby')) calls.push(request.url());
    });
    // The server renders Beauty with its products; Baby is fetched by the browser when opened
    // from the live page (a link followed before that loads the page from the server).
    await page.goto('/Beauty');
    await waitUntilLive(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Beauty' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Store and departments' }).getByRole('link', { name: 'Baby' }).click();
    await expect(allProducts(page, 'Baby').getByRole('article').first()).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'Beauty' })).toBeVisible();
    await page.goForward();
    await expect(allProducts(page, 'Baby').getByRole('article').first()).toBeVisible();
    expect(calls).toHaveLength(1);
  });
});
