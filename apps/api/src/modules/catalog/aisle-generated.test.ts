import type { Product } from '@dukkan/contracts/catalog';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { insertProducts } from '../../seed/load-catalog';
import { generateSyntheticProducts } from '../../seed/synthetic';
import { aisleOf, everything, expectFacetsMatch, queryOf, randomFilters, seeded } from '../../test/aisle-oracle';
import { reviewCatalog } from '../../test/review-fixtures';
import { useTestApp } from '../../test/test-app';

/*
 * Issue #34's aisles over a generated catalog: the demo catalog plus 5 000 synthetic products
 * (many brands, prices from cents up, some out of stock, some on sale), on either database.
 */
const GENERATED = 5_000;
const t = useTestApp();

const department = async (name: string, query = '') => aisleOf(await t.get(`/api/product/category/${name}?${query}`));
const search = async (query: string) => aisleOf(await t.get(`/api/product/search?${query}`));

const aisles: Record<string, Product[]> = {};
beforeAll(async () => {
  await t.database.db.transaction((tx) => insertProducts(tx, generateSyntheticProducts(GENERATED, 34), 2_000_000));
  await reviewCatalog(t.database.db);
  await t.database.db.execute(sql`analyze products`);
  for (const name of ['Fashion', 'electronics']) aisles[name] = await everything((q) => department(name, q));
}, 120_000);

describe('aisles over a generated catalog', () => {
  it.each(['Fashion', 'electronics'])('counts every facet value of %s exactly, for random combinations', async (name) => {
    const all = aisles[name]!;
    expect(all.length).toBeGreaterThan(300);
    const random = seeded(name.length * 7919);
    for (let round = 0; round < 12; round++) {
      const filters = randomFilters(all, random, { withDepartments: false });
      expectFacetsMatch(await department(name, queryOf(filters)), all, filters);
    }
  });

  it('answers deep pages as slices of the whole list, in every order, each product once', async () => {
    const all = aisles.Fashion!;
    const lastPage = Math.ceil(all.length / 24);
    const deep = await department('Fashion', `page=${lastPage - 1}`);
    expect(deep.data.map((p) => p._id)).toEqual(all.slice((lastPage - 2) * 24, (lastPage - 1) * 24).map((p) => p._id));
    for (const sort of ['price_asc', 'price_desc', 'newest', 'rating']) {
      const seen = new Set<string>();
      for (let page = 1; page <= Math.ceil(all.length / 100); page++) {
        for (const p of (await department('Fashion', `sort=${sort}&pageSize=100&page=${page}`)).data) seen.add(p._id);
      }
      expect(seen.size, sort).toBe(all.length);
    }
  });

  it('puts the newest first by when each product was added', async () => {
    const { data } = await department('electronics', 'sort=newest&pageSize=50');
    const rows = await t.database.db.execute(sql`select id::text, created_at from products where id = any(${`{${data.map((p) => p._id).join(',')}}`}::uuid[])`);
    const created = new Map((rows as { rows: { id: string; created_at: Date | string }[] }).rows.map((r) => [r.id, new Date(r.created_at).getTime()]));
    const times = data.map((p) => created.get(p._id)!);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('counts a broad search exactly, with its departments', async () => {
    const all = await everything(search, 'q=premium');
    expect(all.length).toBeGreaterThan(50);
    const random = seeded(99);
    for (let round = 0; round < 8; round++) {
      const filters = randomFilters(all, random, { withDepartments: true });
      expectFacetsMatch(await search(queryOf(filters, { q: 'premium' })), all, filters);
    }
  });
});
