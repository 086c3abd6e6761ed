import { describe, expect, it } from 'vitest';

import { buildDemoCatalog } from '../../seed/demo-catalog';

import { BANNERS, listImagePaths, renderImage } from './artwork';

const catalog = buildDemoCatalog();

const catalogPaths = [
  ...catalog.categories.map((category) => category.image),
  ...catalog.subcategories.map((sub) => sub.image),
  ...catalog.products.flatMap((product) => [product.thumbnail, ...product.images]),
  ...BANNERS.map((name) => `/images/banners/${name}.svg`),
];

/** A small well-formedness check: every tag is closed in order, attributes are quoted. */
function isWellFormed(xml: string): boolean {
  const stack: string[] = [];
  const tag = /<(\/?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>/g;
  let cursor = 0;
  for (let match = tag.exec(xml); match !== null; match = tag.exec(xml)) {
    if (xml.slice(cursor, match.index).includes('<')) return false;
    cursor = match.index + match[0].length;
    const [, closing, name = '', , selfClosing] = match;
    if (closing) {
      if (stack.pop() !== name) return false;
    } else if (!selfClosing) {
      stack.push(name);
    }
  }
  return stack.length === 0 && !xml.slice(cursor).includes('<');
}

function size(svg: string): readonly [number, number] {
  const match = /^<svg [^>]*width="(\d+)" height="(\d+)" viewBox="0 0 (\d+) (\d+)"/.exec(svg);
  expect(match).not.toBeNull();
  expect(match?.[1]).toBe(match?.[3]);
  expect(match?.[2]).toBe(match?.[4]);
  return [Number(match?.[1]), Number(match?.[2])];
}

describe('renderImage', () => {
  it('lists exactly the banners the pages use', () => {
    expect([...BANNERS]).toEqual([
      'home-hero',
      'grocery-hero',
      'grocery-promo-1',
      'grocery-promo-2',
      'home-goods-hero',
      'home-goods-promo-1',
      'home-goods-promo-2',
      'patio-hero',
      'patio-promo-1',
      'patio-promo-2',
      'electronics-hero',
      'electronics-tech',
      'fashion-hero',
      'fashion-her',
      'fashion-him',
      'beauty-hero',
      'home-improvement-hero',
      'auto-hero',
      'baby-hero',
      'baby-promo',
    ]);
  });

  it('renders every image path of the catalog as a small, well-formed SVG without text', () => {
    for (const path of catalogPaths) {
      const svg = renderImage(path);
      expect(svg, path).toBeDefined();
      if (svg === undefined) continue;
      expect(svg.startsWith('<svg')).toBe(true);
      expect(svg).toContain('viewBox');
      expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
      expect(svg.endsWith('</svg>')).toBe(true);
      expect(svg).not.toMatch(/<text|<script|<foreignObject|href=|NaN|undefined/);
      expect(svg.length).toBeLessThan(16_000);
      expect(isWellFormed(svg), path).toBe(true);
    }
  });

  it('uses the documented canvas sizes', () => {
    expect(size(renderImage('/images/products/grocery-organic-hass-avocados-4-count/0.svg') ?? '')).toEqual([600, 600]);
    expect(size(renderImage('/images/categories/patio-and-garden.svg') ?? '')).toEqual([400, 400]);
    expect(size(renderImage('/images/subcategories/electronics-audio.svg') ?? '')).toEqual([400, 400]);
    expect(size(renderImage('/images/banners/electronics-hero.svg') ?? '')).toEqual([1600, 500]);
  });

  it('answers exactly the catalog paths', () => {
    expect(new Set(listImagePaths())).toEqual(new Set(catalogPaths));
  });

  it('draws four different views of each product', () => {
    for (const product of catalog.products) {
      const views = product.images.map((path) => renderImage(path));
      expect(new Set(views).size).toBe(views.length);
    }
  });

  it('tells products of the same kind apart', () => {
    const tvs = catalog.products.filter((product) => product.subcategorySlug === 'electronics-smart-tvs');
    const thumbnails = tvs.map((product) => renderImage(product.thumbnail));
    expect(new Set(thumbnails).size).toBe(tvs.length);
  });

  it('is stable: the same path always gives the same document', () => {
    const path = '/images/banners/home-hero.svg';
    expect(renderImage(path)).toBe(renderImage(path));
  });

  it('returns undefined, without throwing, for unknown or hostile paths', () => {
    const hostile = [
      '/images/products/../../etc/passwd',
      '/images/x.svg',
      '<script>',
      '/images/products/<script>alert(1)</script>/0.svg',
      '/images/products/grocery-organic-hass-avocados-4-count/4.svg',
      '/images/products/grocery-organic-hass-avocados-4-count/0.svg?x=1',
      '/images/products/grocery-organic-hass-avocados-4-count/../0.svg',
      '/images/products/grocery-organic-hass-avocados-4-count/0.png',
      '/IMAGES/banners/home-hero.svg',
      ' /images/banners/home-hero.svg',
      '/images/banners/home-hero.svg/',
      '/images/banners/nope.svg',
      '/images/categories/Grocery.svg',
      '/images/categories/__proto__.svg',
      '/images/subcategories/constructor.svg',
      'images/banners/home-hero.svg',
      '',
      '/',
      `/images/banners/${'a'.repeat(100_000)}.svg`,
      '/images/banners/home-hero.svg\u0000',
    ];
    for (const path of hostile) expect(renderImage(path), path).toBeUndefined();
    expect(() => renderImage(undefined as unknown as string)).not.toThrow();
    expect(renderImage(42 as unknown as string)).toBeUndefined();
  });
});
