import { expect, test } from './fixtures';

/** The demo catalog's iPhone 15: ids are derived from slugs, so it is the same on every machine. */
const PRODUCT_ID = 'f226102d-9c0d-5c2f-82c8-267d51154a7e';

const PAGES = [
  { name: 'home', path: '/', ready: 'main [aria-roledescription] article' },
  { name: 'a department page', path: '/electronics', ready: 'main [aria-roledescription] article' },
  { name: 'a department with banners and deals', path: '/Grocery', ready: 'main [aria-roledescription] article' },
  { name: 'the fashion page', path: '/fashion', ready: 'main [aria-roledescription] article' },
  { name: 'a filtered department', path: '/electronics?subcategory=electronics-tablets', ready: 'main article' },
  { name: 'the product page', path: `/details/${PRODUCT_ID}`, ready: 'main [aria-roledescription] article' },
  { name: 'search results', path: '/search?q=headphones', ready: 'main article' },
  { name: 'search without results', path: '/search?q=zzqxwv', ready: 'main [role="status"]' },
  { name: 'the not-found page', path: '/there-is-nothing-here', ready: 'main' },
  { name: 'the terms of use', path: '/termsOfUs', ready: 'main h1' },
] as const;

for (const language of ['en', 'ar'] as const) {
  test.describe(`accessibility in ${language}`, () => {
    for (const p of PAGES) {
      test(`axe finds no serious or critical violation on ${p.name}`, async ({ page, useLanguage, expectAccessible }) => {
        await useLanguage(language);
        await page.goto(p.path);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await expect(page.locator(p.ready).first()).toBeVisible();
        await expectAccessible(page);
      });
    }
  });
}
