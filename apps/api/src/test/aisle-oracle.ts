import { AislePageResponseSchema, type AisleFilters, type AislePageResponse } from '@dukkan/contracts/aisle';
import type { Product } from '@dukkan/contracts/catalog';
import { dollarsToCents } from '@dukkan/contracts/money';
import { expect } from 'vitest';

import { mulberry32 } from '../seed/demo-catalog';

import type { JsonAnswer } from './test-app';

/**
 * An aisle's filters worked out in the test, over every product of the aisle read page by page:
 * what the API's totals and facet counts must equal (issue #34).
 */
export interface OracleFilters {
  brand?: string[];
  subcategory?: string[];
  department?: string[];
  minPrice?: number;
  maxPrice?: number;
  rating?: number;
  inStock?: boolean;
  onSale?: boolean;
}

type Group = 'brand' | 'subcategory' | 'department' | 'price' | 'rating' | 'inStock' | 'onSale';

function passes(p: Product, f: OracleFilters, except?: Group): boolean {
  const cents = dollarsToCents(p.price);
  return (
    (except === 'brand' || f.brand === undefined || f.brand.includes(p.brand)) &&
    (except === 'subcategory' || f.subcategory === undefined || f.subcategory.includes(p.subcategory)) &&
    (except === 'department' || f.department === undefined || f.department.includes(p.category)) &&
    (except === 'price' || ((f.minPrice === undefined || cents >= dollarsToCents(f.minPrice)) && (f.maxPrice === undefined || cents <= dollarsToCents(f.maxPrice)))) &&
    (except === 'rating' || f.rating === undefined || p.rating >= f.rating) &&
    (except === 'inStock' || !f.inStock || p.quantity > 0) &&
    (except === 'onSale' || !f.onSale || p.listPrice !== null)
  );
}

/** How many of `all` the filters leave. */
export const oracleTotal = (all: Product[], f: OracleFilters) => all.filter((p) => passes(p, f)).length;

/** The query string of `f` (and extra parameters), as a shopper's form would send it. */
export function queryOf(f: OracleFilters, extra: Record<string, string | number> = {}): string {
  const params = new URLSearchParams();
  for (const key of ['brand', 'subcategory', 'department'] as const) for (const v of f[key] ?? []) params.append(key, v);
  if (f.minPrice !== undefined) params.set('minPrice', f.minPrice.toFixed(2));
  if (f.maxPrice !== undefined) params.set('maxPrice', f.maxPrice.toFixed(2));
  if (f.rating !== undefined) params.set('rating', String(f.rating));
  if (f.inStock) params.set('inStock', '1');
  if (f.onSale) params.set('onSale', 'true');
  for (const [k, v] of Object.entries(extra)) params.set(k, String(v));
  return params.toString();
}

/** Asserts an answer is a 200 aisle and returns it. */
export function aisleOf(res: JsonAnswer): AislePageResponse {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return AislePageResponseSchema.parse(res.body);
}

/**
 * Checks `answer` (for filters `f` over the aisle whose every product is `all`) against the
 * oracle: its total, and each facet's counts disjunctively, as issue #34 defines them.
 */
export function expectFacetsMatch(answer: AislePageResponse, all: Product[], f: OracleFilters): void {
  expect(answer.total).toBe(oracleTotal(all, f));
  const groups = [
    ['brand', (p: Product) => p.brand],
    ['subcategory', (p: Product) => p.subcategory],
    ['department', (p: Product) => p.category],
  ] as const;
  for (const [group, valueOf] of groups) {
    const listed = answer.facets[group];
    if (listed === undefined) continue;
    const chosen = f[group] ?? [];
    // The definition: a value's count is the total of the same request with the value added to its group.
    for (const { value, count } of listed) expect(count, `${group}=${value}`).toBe(oracleTotal(all, { ...f, [group]: [...new Set([...chosen, value])] }));
    // Listed: every value with products of its own under the other groups' filters (up to 100), and every chosen one.
    const own = new Set(all.filter((p) => passes(p, f, group)).map(valueOf));
    const unchosen = listed.filter((v) => !chosen.includes(v.value));
    expect(unchosen.length).toBe(Math.min([...own].filter((v) => !chosen.includes(v)).length, 100));
    for (const value of chosen) expect(listed.map((v) => v.value)).toContain(value);
    const counts = listed.map((v) => v.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  }
  expect(answer.facets.rating.map((r) => r.value)).toEqual([4, 3, 2, 1]);
  for (const { value, count } of answer.facets.rating) expect(count, `rating=${value}`).toBe(oracleTotal(all, { ...f, rating: value }));
  expect(answer.facets.inStock).toBe(oracleTotal(all, { ...f, inStock: true }));
  expect(answer.facets.onSale).toBe(oracleTotal(all, { ...f, onSale: true }));
  const priced = all.filter((p) => passes(p, f, 'price')).map((p) => p.price);
  expect(answer.facets.price).toEqual(priced.length === 0 ? { min: null, max: null } : { min: Math.min(...priced), max: Math.max(...priced) });
}

/** A small deterministic random source, so a failing combination can be run again (the seed's own). */
export const seeded = mulberry32;

/** Every product of an aisle in its order, page by page (the largest page the API gives). */
export async function everything(read: (query: string) => Promise<AislePageResponse>, query = ''): Promise<Product[]> {
  const all: Product[] = [];
  for (let page = 1; ; page++) {
    const answer = await read(`${query}&pageSize=100&page=${page}`);
    all.push(...answer.data);
    if (all.length >= answer.total || answer.data.length === 0) return all;
  }
}

/** Random filters drawn from the values `all` holds: some groups chosen, some left open. */
export function randomFilters(all: Product[], random: () => number, { withDepartments }: { withDepartments: boolean }): OracleFilters {
  const some = <T>(values: T[], most: number) => {
    const n = 1 + Math.floor(random() * most);
    return [...new Set(Array.from({ length: n }, () => values[Math.floor(random() * values.length)] as T))];
  };
  const f: OracleFilters = {};
  const brands = [...new Set(all.map((p) => p.brand))];
  const subs = [...new Set(all.map((p) => p.subcategory))];
  const depts = [...new Set(all.map((p) => p.category))];
  if (random() < 0.5) f.brand = some(brands, 3);
  if (random() < 0.4) f.subcategory = some(subs, 2);
  if (withDepartments && random() < 0.4) f.department = some(depts, 2);
  if (random() < 0.4) {
    const prices = all.map((p) => p.price).sort((a, b) => a - b);
    const lo = prices[Math.floor(random() * prices.length * 0.5)] ?? 0;
    const hi = prices[Math.floor(prices.length * (0.5 + random() * 0.5))] ?? lo;
    if (random() < 0.8) f.minPrice = lo;
    if (random() < 0.8) f.maxPrice = Math.max(lo, hi);
  }
  if (random() < 0.3) f.rating = 1 + Math.floor(random() * 4);
  if (random() < 0.3) f.inStock = true;
  if (random() < 0.3) f.onSale = true;
  return f;
}

/** The service's filters from the oracle's (dollars to cents, keys as the routes send them). */
export const filtersOf = (f: OracleFilters): AisleFilters => ({
  brand: f.brand,
  subcategory: f.subcategory?.map((s) => s.toLowerCase()),
  department: f.department?.map((s) => s.toLowerCase()),
  minPrice: f.minPrice === undefined ? undefined : dollarsToCents(f.minPrice),
  maxPrice: f.maxPrice === undefined ? undefined : dollarsToCents(f.maxPrice),
  rating: f.rating,
  inStock: f.inStock,
  onSale: f.onSale,
});
