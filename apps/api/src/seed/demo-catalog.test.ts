import { DEPARTMENT_NAMES } from '@dukkan/contracts/catalog';
import { describe, expect, it } from 'vitest';

import { buildDemoCatalog, listPriceFor } from './demo-catalog';

const ARABIC = /[\u0600-\u06FF]/;
const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const catalog = buildDemoCatalog();
const { categories, subcategories, products } = catalog;

function productsOf(slug: string) {
  return products.filter((product) => product.categorySlug === slug);
}

describe('buildDemoCatalog', () => {
  it('is deterministic and returns a fresh copy each call', () => {
    const again = buildDemoCatalog();
    expect(again).toEqual(catalog);
    expect(again).not.toBe(catalog);
    expect(again.products[0]).not.toBe(catalog.products[0]);
  });

  it('has the nine departments in DEPARTMENT_NAMES order', () => {
    expect(categories.map((category) => category.slug)).toEqual([...DEPARTMENT_NAMES]);
    expect(categories.map((category) => category.position)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(categories.map((category) => category.image)).toEqual([
      '/images/categories/grocery.svg',
      '/images/categories/home.svg',
      '/images/categories/patio-and-garden.svg',
      '/images/categories/electronics.svg',
      '/images/categories/fashion.svg',
      '/images/categories/beauty.svg',
      '/images/categories/home-improvement.svg',
      '/images/categories/auto-and-tires.svg',
      '/images/categories/baby.svg',
    ]);
    expect(categories.map((category) => category.name.en)).toEqual([
      'Grocery',
      'Home',
      'Patio & Garden',
      'Electronics',
      'Fashion',
      'Beauty',
      'Home Improvement',
      'Auto & Tires',
      'Baby',
    ]);
  });

  it('gives every department 4 to 6 subcategories with unique, prefixed kebab-case slugs', () => {
    expect(new Set(subcategories.map((sub) => sub.slug)).size).toBe(subcategories.length);
    for (const category of categories) {
      const own = subcategories.filter((sub) => sub.categorySlug === category.slug);
      expect(own.length).toBeGreaterThanOrEqual(4);
      expect(own.length).toBeLessThanOrEqual(6);
      const prefix = category.image.replace('/images/categories/', '').replace('.svg', '');
      for (const sub of own) {
        expect(sub.slug).toMatch(KEBAB);
        expect(sub.slug.startsWith(`${prefix}-`)).toBe(true);
        expect(sub.image).toBe(`/images/subcategories/${sub.slug}.svg`);
      }
    }
  });

  it('has the subcategories the department pages promote', () => {
    const slugs = subcategories.map((sub) => sub.slug);
    for (const needed of ['cell-phones', 'video-games', 'smart-tvs', 'tablets', 'computers', 'audio']) {
      expect(slugs).toContain(`electronics-${needed}`);
    }
    const fashion = subcategories.filter((sub) => sub.categorySlug === 'Fashion').map((sub) => sub.name.en);
    expect(fashion).toContain("Women's Clothing");
    expect(fashion).toContain("Men's Clothing");
    const baby = subcategories.filter((sub) => sub.categorySlug === 'Baby').map((sub) => sub.name.en);
    expect(baby).toContain('Activity & Gear');
  });

  it('has exactly 36 products per department, 324 in all, with unique kebab-case slugs', () => {
    expect(products).toHaveLength(324);
    for (const slug of DEPARTMENT_NAMES) expect(productsOf(slug)).toHaveLength(36);
    expect(new Set(products.map((product) => product.slug)).size).toBe(products.length);
    for (const product of products) expect(product.slug).toMatch(KEBAB);
  });

  it('files every product under a subcategory of its own department, and fills every subcategory', () => {
    const owner = new Map(subcategories.map((sub) => [sub.slug, sub.categorySlug]));
    for (const product of products) expect(owner.get(product.subcategorySlug)).toBe(product.categorySlug);
    for (const sub of subcategories) {
      expect(products.filter((product) => product.subcategorySlug === sub.slug).length).toBeGreaterThanOrEqual(3);
    }
  });

  it('gives every product at least 3 gallery images, the first being the thumbnail', () => {
    for (const product of products) {
      expect(product.images.length).toBeGreaterThanOrEqual(3);
      expect(product.thumbnail).toBe(product.images[0]);
      product.images.forEach((image, n) => expect(image).toBe(`/images/products/${product.slug}/${n}.svg`));
    }
  });

  it('has plausible prices and stock', () => {
    for (const product of products) {
      expect(Number.isInteger(product.priceCents)).toBe(true);
      expect(product.priceCents).toBeGreaterThan(0);
      expect(Number.isInteger(product.quantity)).toBe(true);
      expect(product.quantity).toBeGreaterThanOrEqual(1);
      expect(product.quantity).toBeLessThanOrEqual(250);
      // No made-up figure (issue #36): nothing about ratings or reviews.
      expect(Object.keys(product)).not.toContain('rating');
      expect(Object.keys(product)).not.toContain('reviewCount');
    }
    const low = products.filter((product) => product.quantity <= 3).length;
    expect(low).toBeGreaterThan(0);
    expect(low).toBeLessThan(products.length / 5);
    for (const product of productsOf('Grocery')) {
      expect(product.priceCents).toBeGreaterThanOrEqual(100);
      expect(product.priceCents).toBeLessThanOrEqual(3000);
    }
    for (const product of products.filter((item) => item.subcategorySlug === 'electronics-smart-tvs')) {
      expect(product.priceCents).toBeGreaterThanOrEqual(20000);
      expect(product.priceCents).toBeLessThanOrEqual(150000);
    }
  });

  it('reduces about a quarter of the products, in every department, by 10-40 % from a believable list price', () => {
    const reduced = products.filter((product) => product.listPriceCents !== null);
    expect(reduced.length).toBeGreaterThanOrEqual(0.2 * products.length);
    expect(reduced.length).toBeLessThanOrEqual(0.3 * products.length);
    for (const slug of DEPARTMENT_NAMES) expect(reduced.some((product) => product.categorySlug === slug)).toBe(true);
    for (const { priceCents, listPriceCents } of reduced) {
      const list = listPriceCents!;
      expect(Number.isInteger(list)).toBe(true);
      expect(list / priceCents).toBeGreaterThanOrEqual(1.1);
      expect(list / priceCents).toBeLessThanOrEqual(1.4);
      // $x.49 or $x.99 under $10, $x.99 under $100, $x9.99 under $1,000, $x49.99 or $x99.99 above.
      if (list < 1_000) expect(list % 50).toBe(49);
      else if (list < 10_000) expect(list % 100).toBe(99);
      else if (list < 100_000) expect(list % 1_000).toBe(999);
      else expect(list % 5_000).toBe(4_999);
    }
  });

  it('draws a list price from the slug alone, the same every time', () => {
    expect(listPriceFor('grocery-organic-hass-avocados-4-count', 599)).toBe(799);
    expect(listPriceFor('electronics-apple-iphone-15-128gb', 79_999)).toBe(91_999);
    for (const product of products) expect(listPriceFor(product.slug, product.priceCents)).toBe(product.listPriceCents);
    // No believable list price lies 10-40 % above $0.99, so such a price is never reduced.
    for (let n = 0; n < 200; n++) expect(listPriceFor(`cheap-${n}`, 99)).toBeNull();
  });

  it('writes English fields without Arabic letters and Arabic fields with them', () => {
    const texts = [
      ...categories.map((category) => category.name),
      ...subcategories.map((sub) => sub.name),
      ...products.flatMap((product) => [product.title, product.description, product.brand]),
    ];
    for (const text of texts) {
      expect(text.en.trim()).not.toBe('');
      expect(text.en).not.toMatch(ARABIC);
      expect(text.ar).toMatch(ARABIC);
      expect(text.ar).not.toBe(text.en);
    }
  });

  it('stocks Apple products, headphones and Bluetooth speakers in Electronics', () => {
    const electronics = productsOf('electronics');
    const apple = electronics.filter((product) => product.brand.en === 'Apple');
    expect(apple.length).toBeGreaterThanOrEqual(5);
    for (const product of apple) expect(product.title.en).toContain('Apple');
    for (const line of ['iPhone', 'iPad', 'MacBook', 'AirPods', 'Apple Watch']) {
      expect(apple.some((product) => product.title.en.includes(line))).toBe(true);
    }
    expect(electronics.filter((product) => /headphones/i.test(product.title.en)).length).toBeGreaterThanOrEqual(3);
    expect(electronics.filter((product) => /bluetooth speaker/i.test(product.title.en)).length).toBeGreaterThanOrEqual(3);
  });

  it('keeps titles specific: no two products share an English or Arabic title', () => {
    expect(new Set(products.map((product) => product.title.en)).size).toBe(products.length);
    expect(new Set(products.map((product) => product.title.ar)).size).toBe(products.length);
  });
});
