import { expect, test } from './fixtures';

const PAGES = [
  { name: 'home', path: '/', ready: 'main img' },
  { name: 'a department page', path: '/electronics', ready: 'main article' },
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
