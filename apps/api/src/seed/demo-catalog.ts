/**
 * The demo catalog: nine departments, their subcategories and 36 products each, in English
 * and Arabic. Completely deterministic: stock and list prices come from PRNGs seeded by each
 * product's slug. No ratings or review counts: the demo catalog ships no reviews (issue #36).
 */
import { DEPARTMENT_NAMES, type DepartmentName } from '@dukkan/contracts/catalog';

import type { SeedCatalog, SeedCategory, SeedProduct, SeedSubcategory } from './catalog-types';
import { AUTO_AND_TIRES } from './data/auto-and-tires';
import { BABY } from './data/baby';
import { BEAUTY } from './data/beauty';
import { ELECTRONICS } from './data/electronics';
import { FASHION } from './data/fashion';
import { GROCERY } from './data/grocery';
import { HOME } from './data/home';
import { HOME_IMPROVEMENT } from './data/home-improvement';
import { PATIO_AND_GARDEN } from './data/patio-and-garden';
import type { DepartmentData, ProductData, SubcategoryData } from './data/types';

const BY_SLUG: Record<DepartmentName, DepartmentData> = {
  Grocery: GROCERY,
  Home: HOME,
  'Patio&Garden': PATIO_AND_GARDEN,
  electronics: ELECTRONICS,
  Fashion: FASHION,
  Beauty: BEAUTY,
  'Home-Improvement': HOME_IMPROVEMENT,
  'Auto&tires': AUTO_AND_TIRES,
  Baby: BABY,
};

/** The departments' source tables, in `DEPARTMENT_NAMES` order. */
export const DEPARTMENTS: readonly DepartmentData[] = DEPARTMENT_NAMES.map((slug) => BY_SLUG[slug]);

/** 32-bit FNV-1a hash of a string. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: a small, fast, seedable PRNG returning numbers in [0, 1). */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `/images/categories/{key}.svg`, e.g. `patio-and-garden` for `Patio&Garden`. */
export function categoryKey(slug: DepartmentName): string {
  return slug.toLowerCase().replaceAll('&', '-and-');
}

export function subcategorySlug(dept: DepartmentData, sub: SubcategoryData): string {
  return `${dept.key}-${sub.key}`;
}

export function productSlug(dept: DepartmentData, product: ProductData): string {
  return `${dept.key}-${product.k}`;
}

export function productImagePaths(slug: string): string[] {
  return [0, 1, 2, 3].map((n) => `/images/products/${slug}/${n}.svg`);
}

export interface ProductStats {
  quantity: number;
}

/**
 * Stock: mostly 5–250, sometimes 1–3. No rating and no review count: the demo catalog ships no
 * reviews, and only approved reviews of shoppers make them (issue #36).
 */
export function statsFrom(random: () => number): ProductStats {
  const quantity = random() < 0.07 ? 1 + Math.floor(random() * 3) : 5 + Math.floor(random() * 246);
  return { quantity };
}

/** Stock of a demo product, derived from its slug. */
export function productStats(slug: string): ProductStats {
  return statsFrom(mulberry32(hashString(slug)));
}

/** The share of products that are reduced: they have a list price above their price. */
export const REDUCED_SHARE = 0.25;
/** A list price is 10 % to 40 % above the price. */
export const MIN_MARKUP = 1.1;
export const MAX_MARKUP = 1.4;

/**
 * Believable list prices by band: $x.49 or $x.99 under $10, $x.99 under $100, $x9.99 under
 * $1,000, then $x49.99 or $x99.99: the prices in a band are `remainder` plus a multiple of `step`.
 */
const LIST_PRICE_BANDS = [
  { below: 1_000, step: 50, remainder: 49 },
  { below: 10_000, step: 100, remainder: 99 },
  { below: 100_000, step: 1_000, remainder: 999 },
  { below: Number.POSITIVE_INFINITY, step: 5_000, remainder: 4_999 },
] as const;

/**
 * The list price in cents of a product with this slug and price, or null for a product that is
 * not reduced: about a quarter of products (`REDUCED_SHARE`) are, each by 10–40 %, rounded to a
 * believable price (`LIST_PRICE_BANDS`). From a PRNG of its own seeded by the slug, so it
 * neither depends on nor changes any other drawn value. A price so low that no believable list
 * price lies in range (some prices under $1.70) is not reduced.
 */
export function listPriceFor(slug: string, priceCents: number): number | null {
  const random = mulberry32(hashString(`list-price:${slug}`));
  if (random() >= REDUCED_SHARE) return null;
  const low = Math.ceil(priceCents * MIN_MARKUP);
  const high = Math.floor(priceCents * MAX_MARKUP);
  const candidates: number[] = [];
  let bandStart = 0;
  for (const { below, step, remainder } of LIST_PRICE_BANDS) {
    const from = Math.max(low, bandStart);
    const to = Math.min(high, below - 1);
    let cents = from - (from % step) + remainder;
    if (cents < from) cents += step;
    for (; cents <= to; cents += step) candidates.push(cents);
    bandStart = below;
  }
  return candidates[Math.floor(random() * candidates.length)] ?? null;
}

function buildProduct(dept: DepartmentData, data: ProductData): SeedProduct {
  const slug = productSlug(dept, data);
  const images = productImagePaths(slug);
  return {
    slug,
    categorySlug: dept.slug,
    subcategorySlug: `${dept.key}-${data.s}`,
    title: { en: data.t[0], ar: data.t[1] },
    description: { en: data.d[0], ar: data.d[1] },
    brand: { en: data.b, ar: dept.brands[data.b] ?? data.b },
    priceCents: data.p,
    listPriceCents: listPriceFor(slug, data.p),
    ...productStats(slug),
    thumbnail: images[0] ?? '',
    images,
  };
}

/** The demo catalog; every call returns a fresh, identical copy. */
export function buildDemoCatalog(): SeedCatalog {
  const categories: SeedCategory[] = [];
  const subcategories: SeedSubcategory[] = [];
  const products: SeedProduct[] = [];
  DEPARTMENTS.forEach((dept, position) => {
    categories.push({
      slug: dept.slug,
      name: { en: dept.name.en, ar: dept.name.ar },
      image: `/images/categories/${categoryKey(dept.slug)}.svg`,
      position,
    });
    for (const sub of dept.subcategories) {
      const slug = subcategorySlug(dept, sub);
      subcategories.push({ slug, categorySlug: dept.slug, name: { en: sub.en, ar: sub.ar }, image: `/images/subcategories/${slug}.svg` });
    }
    for (const product of dept.products) products.push(buildProduct(dept, product));
  });
  return { categories, subcategories, products };
}
