import { AxeBuilder } from '@axe-core/playwright';
import { expect, test as base, type Page } from '@playwright/test';

/**
 * Spec section 2's department routes with the heading each page shows, in both languages, and its
 * hero banner's title (the spec names four of them word for word).
 */
export const DEPARTMENTS = [
  { path: '/Grocery', en: 'Grocery', ar: 'البقالة', hero: 'Fresh groceries, low prices' },
  { path: '/Home', en: 'Home', ar: 'المنزل', hero: 'Refresh every room' },
  { path: '/Patio&Garden', en: 'Patio & Garden', ar: 'الفناء والحديقة', hero: 'Make the most of outdoor living' },
  { path: '/electronics', en: 'Electronics', ar: 'الإلكترونيات', hero: 'Apple on save' },
  { path: '/fashion', en: 'Fashion', ar: 'الأزياء', hero: 'Spring fashion refresh' },
  { path: '/beauty', en: 'Beauty', ar: 'الجمال', hero: 'More texture less frizz' },
  { path: '/Home-Improvement', en: 'Home Improvement', ar: 'تحسين المنزل', hero: 'Tools for every project' },
  { path: '/Auto&tires', en: 'Auto & Tires', ar: 'السيارات والإطارات', hero: 'Keep your car road-ready' },
  { path: '/Baby', en: 'Baby', ar: 'الأطفال الرضع', hero: 'Everything for your little one' },
] as const;

export const ARABIC = /[\u0600-\u06FF]/;

interface Fixtures {
  /** Fails the test when axe-core finds a serious or critical violation on the page as it is. */
  expectAccessible: (page: Page) => Promise<void>;
  /** Opens a page with the shopper's language already chosen (the `i18next` cookie). */
  useLanguage: (language: 'en' | 'ar') => Promise<void>;
}

export const test = base.extend<Fixtures>({
  // Playwright reads a fixture's dependencies from its first parameter, so it must be a pattern.
  // eslint-disable-next-line no-empty-pattern
  expectAccessible: async ({}, use) => {
    await use(async (page) => {
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      const serious = results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join('\n    ')}`);
      expect(serious, `axe-core violations on ${page.url()}`).toEqual([]);
    });
  },
  useLanguage: async ({ context, baseURL }, use) => {
    await use(async (language) => {
      await context.addCookies([{ name: 'i18next', value: language, url: baseURL! }]);
    });
  },
});

export { expect };
