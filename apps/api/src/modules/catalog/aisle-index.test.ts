import { AISLE_SORTS, type AisleFilters } from '@dukkan/contracts/aisle';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { categories, products } from '../../db/schema';
import { bumpCatalogVersion } from '../../lib/catalog-version';
import { insertProducts } from '../../seed/load-catalog';
import { generateSyntheticProducts } from '../../seed/synthetic';
import { aisleOf, everything, filtersOf, randomFilters, seeded } from '../../test/aisle-oracle';
import { useTestApp } from '../../test/test-app';
import { applyStockChanges } from '../orders/service';

import { departmentScope, readAisle, readDepartmentAisle, type AisleRequest } from './aisle';
import { STOCK_REFRESH_MS } from './aisle-index';

/*
 * A department's aisle is counted and paged from what is kept of it ahead of time (decision
 * 0056). The database's own statements (`readAisle` over the department) stay the reference:
 * both must give the same answer, and what is kept must follow the catalog.
 */
const t = useTestApp();
const db = () => t.database.db;

const department = async (name: string, query = '') => aisleOf(await t.get(`/api/product/category/${name}?${query}`));

async function categoryId(slug: string): Promise<string> {
  const [row] = await db().select({ id: categories.id }).from(categories).where(eq(categories.slug, slug));
  if (!row) throw new Error(`no department ${slug}`);
  return row.id;
}

/** A department's aisle as kept, by its name. */
async function kept(lng: 'en' | 'ar', name: string, request: AisleRequest) {
  const answer = await readDepartmentAisle(db(), lng, name, request);
  if (!answer) throw new Error(`no department ${name}`);
  return answer;
}

beforeAll(async () => {
  await db().transaction(async (tx) => {
    await insertProducts(tx, generateSyntheticProducts(3_000, 56), 3_000_000);
    await bumpCatalogVersion(tx);
  });
  await db().execute(sql`analyze products`);
}, 120_000);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a department kept ahead of time', () => {
  it('answers as the database counts and orders, for random filters, every sort and deep pages', async () => {
    const id = await categoryId('Fashion');
    const all = await everything((q) => department('Fashion', q));
    const random = seeded(560);
    for (let round = 0; round < 12; round++) {
      const filters = filtersOf(randomFilters(all, random, { withDepartments: false }));
      for (const sort of AISLE_SORTS.filter((s) => s !== 'relevance')) {
        const request: AisleRequest = { filters, sort, page: 1 + (round % 3), pageSize: 10 + round };
        const lng = round % 2 === 0 ? 'en' : 'ar';
        const fromKept = await kept(lng, 'Fashion', request);
        const { inScope: _inScope, ...counted } = await readAisle(db(), lng, departmentScope(id), request, {
          withDepartments: false,
          department: id,
          scopeKey: `department:${id}`,
        });
        expect(fromKept, `${sort} ${JSON.stringify(filters)}`).toEqual(counted);
      }
    }
  });

  it('answers brands and a price range (counted from the price orders, not a pass) as the database does', async () => {
    const id = await categoryId('Fashion');
    const rows = await db().execute(sql`
      select brand_en from products where category_id = ${id} and status = 'published'
      group by brand_en order by count(*) desc, brand_en limit 3`);
    const [big, middle, small] = (rows as { rows: { brand_en: string }[] }).rows.map((r) => r.brand_en);
    const choices: AisleFilters[] = [
      { brand: [big!] },
      { brand: [small!], minPrice: 1_000, maxPrice: 60_000 },
      { brand: [big!, middle!], minPrice: 2_500 },
      { brand: [middle!, 'No such brand'], maxPrice: 30_000 },
      { minPrice: 1_999, maxPrice: 1_999 },
      { minPrice: 5_000, maxPrice: 20_000 },
      { maxPrice: 0 },
      { brand: ['No such brand'], minPrice: 100 },
    ];
    for (const filters of choices) {
      for (const sort of AISLE_SORTS.filter((s) => s !== 'relevance')) {
        const pageSize = 7;
        const { total } = await kept('en', 'Fashion', { filters, sort, page: 1, pageSize });
        // The first pages, and the last: a run's ends are where a walk could go wrong.
        for (const page of [1, 2, Math.max(1, Math.ceil(total / pageSize))]) {
          const request: AisleRequest = { filters, sort, page, pageSize };
          const { inScope: _inScope, ...counted } = await readAisle(db(), 'en', departmentScope(id), request, {
            withDepartments: false,
            department: id,
            scopeKey: `department:${id}`,
          });
          expect(await kept('en', 'Fashion', request), `${sort} page ${page} ${JSON.stringify(filters)}`).toEqual(counted);
        }
      }
    }
  });

  it('follows the catalog at once when its version moves', async () => {
    const request: AisleRequest = { filters: {}, sort: 'featured', page: 1, pageSize: 5 };
    const before = await kept('en', 'Grocery', request);
    const first = before.data[0]!;
    const brandCount = (answer: typeof before) => answer.facets.brand.find((b) => b.value === first.brand)?.count ?? 0;
    await db().transaction(async (tx) => {
      await tx.update(products).set({ status: 'draft' }).where(eq(products.id, first._id));
      await bumpCatalogVersion(tx);
    });
    const after = await kept('en', 'Grocery', request);
    expect(after.total).toBe(before.total - 1);
    expect(after.data.map((p) => p._id)).not.toContain(first._id);
    expect(brandCount(after)).toBe(brandCount(before) - 1);
  });

  it('reads the stock the ledger changed once it is older than the refresh, since sales move stock without the version', async () => {
    const request: AisleRequest = { filters: {}, sort: 'featured', page: 1, pageSize: 5 };
    const inStockOnly: AisleRequest = { ...request, filters: { inStock: true } };
    const before = await kept('en', 'Home', request);
    const sold = before.data.find((p) => p.quantity > 0)!;
    await db().transaction((tx) => applyStockChanges(tx, [{ productId: sold._id, delta: -sold.quantity }], 'adjustment'));
    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + STOCK_REFRESH_MS + 1_000);
    const after = await kept('en', 'Home', request);
    expect(after.facets.inStock).toBe(before.facets.inStock - 1);
    expect((await kept('en', 'Home', inStockOnly)).data.map((p) => p._id)).not.toContain(sold._id);
    // Back in stock: counted again.
    await db().transaction((tx) => applyStockChanges(tx, [{ productId: sold._id, delta: 3 }], 'restock'));
    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 2 * (STOCK_REFRESH_MS + 1_000));
    expect((await kept('en', 'Home', request)).facets.inStock).toBe(before.facets.inStock);
  });

  it('finds a department by its name in either case, and by its new name at once when renamed', async () => {
    const request: AisleRequest = { filters: {}, sort: 'featured', page: 1, pageSize: 3 };
    const before = await kept('en', 'ELECTRONICS', request);
    expect(before.data.every((p) => p.category === 'electronics')).toBe(true);
    expect(await readDepartmentAisle(db(), 'en', 'Nowhere', request)).toBeUndefined();
    const rename = async (from: string, to: string) =>
      db().transaction(async (tx) => {
        await tx.update(categories).set({ slug: to }).where(eq(categories.slug, from));
        await bumpCatalogVersion(tx);
      });
    await rename('electronics', 'Gadgets');
    try {
      expect(await readDepartmentAisle(db(), 'en', 'electronics', request)).toBeUndefined();
      const after = await kept('en', 'gadgets', request);
      expect(after.total).toBe(before.total);
      expect(after.data.every((p) => p.category === 'Gadgets')).toBe(true);
    } finally {
      await rename('Gadgets', 'electronics');
    }
  });
});
