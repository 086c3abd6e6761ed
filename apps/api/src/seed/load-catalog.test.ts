import { eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { products, seedRuns } from '../db/schema';
import { createTestDatabase, type TestDatabase } from '../test/test-app';

import { buildDemoCatalog } from './demo-catalog';
import { setListPricesOnce } from './load-catalog';

const demo = buildDemoCatalog();
const expected = new Map(demo.products.filter((p) => p.listPriceCents !== null).map((p) => [p.slug, p.listPriceCents]));

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
  await database.destroy();
});

async function listPrices(): Promise<Map<string, number | null>> {
  const rows = await database.db
    .select({ slug: products.slug, listPriceCents: products.listPriceCents })
    .from(products)
    .where(isNotNull(products.listPriceCents));
  return new Map(rows.map((r) => [r.slug, r.listPriceCents]));
}

describe('the demo catalog in the database', () => {
  it('is loaded with its list prices', async () => {
    expect(expected.size).toBeGreaterThan(0);
    expect(await listPrices()).toEqual(expected);
  });
});

describe('setListPricesOnce', () => {
  it('changes nothing in a catalog loaded with its list prices, and records that it ran', async () => {
    expect(await setListPricesOnce(database.db, buildDemoCatalog, 'list-prices-test-fresh')).toBe(0);
    expect(await database.db.select().from(seedRuns).where(eq(seedRuns.name, 'list-prices-test-fresh'))).toHaveLength(1);
    expect(await listPrices()).toEqual(expected);
  });

  it('gives a catalog loaded before list prices existed its list prices, once', async () => {
    // A database from before list prices: none set, and one product's price since raised above
    // what its list price would be (the check "list above price" must not fail the start).
    const [raised, ...rest] = [...expected.keys()];
    await database.db.update(products).set({ listPriceCents: null });
    await database.db
      .update(products)
      .set({ priceCents: sql`${expected.get(raised!)!} + 100` })
      .where(eq(products.slug, raised!));

    expect(await setListPricesOnce(database.db, buildDemoCatalog, 'list-prices-test-upgrade')).toBe(expected.size - 1);
    expect(await listPrices()).toEqual(new Map(rest.map((slug) => [slug, expected.get(slug)!])));

    await database.db.update(products).set({ listPriceCents: null });
    expect(await setListPricesOnce(database.db, buildDemoCatalog, 'list-prices-test-upgrade')).toBe(0);
    expect((await listPrices()).size).toBe(0);
  });
});
