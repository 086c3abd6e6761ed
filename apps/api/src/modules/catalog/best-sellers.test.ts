import { ProductResponseSchema } from '@dukkan/contracts/catalog';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';

import { bestSellers, categories, orders, products } from '../../db/schema';
import { readCatalogVersion } from '../../lib/catalog-version';
import { markOrderPaid, orderFixtures } from '../../test/order-fixtures';
import { useTestApp } from '../../test/test-app';

import { BEST_SELLER_SHARE, BEST_SELLER_TOP, rebuildBestSellers } from './best-sellers';

/*
 * The 'Best seller' badge, earned (issue #36): per department the top 10 by units in paid orders
 * of the last 30 days, or the top 5 % of its published products if fewer; none without sales.
 */
const t = useTestApp({ env: { SIGNUP_LIMIT: '0' } });
const { placedOrder } = orderFixtures(t);

const bestSellerOf = async (id: string) => ProductResponseSchema.parse((await t.get(`/api/product/${id}`)).body).data.bestSeller;

/** The department's products in catalog order, with their stock raised so orders never run out. */
async function departmentProducts(slug: string): Promise<string[]> {
  const [department] = await t.database.db.select({ id: categories.id }).from(categories).where(eq(categories.slug, slug));
  const rows = await t.database.db.select({ id: products.id }).from(products).where(eq(products.categoryId, department!.id)).orderBy(asc(products.position));
  await t.database.db.update(products).set({ quantity: 500 }).where(eq(products.categoryId, department!.id));
  return rows.map((row) => row.id);
}

describe('best sellers', () => {
  it('names none in a shop without sales, and a product imported a minute ago is not one', async () => {
    expect(await rebuildBestSellers(t.database.db, { force: true })).toBe(0);
    const [first] = await departmentProducts('Baby');
    expect(await bestSellerOf(first!)).toBe(false);
  });

  it('names the top 5 % of a department by units in paid orders (the top 10 in a big one), not unpaid or cancelled ones', async () => {
    const baby = await departmentProducts('Baby');
    // 36 products: 5 % of them is 1.8, so one best seller (fewer than the top 10).
    expect(Math.min(BEST_SELLER_TOP, Math.floor(baby.length * BEST_SELLER_SHARE))).toBe(1);
    const [a, b, c] = baby;
    const paid = await placedOrder([{ _id: a!, quantity: 3 }, { _id: b!, quantity: 2 }]);
    await markOrderPaid(t.database.db, paid.order);
    // Unpaid: not sold. Paid then cancelled: not sold either.
    await placedOrder([{ _id: c!, quantity: 9 }]);
    const cancelled = await placedOrder([{ _id: b!, quantity: 9 }]);
    await markOrderPaid(t.database.db, cancelled.order);
    await t.database.db.update(orders).set({ status: 'Cancelled', paymentStatus: 'Refunded' }).where(eq(orders.id, cancelled.order._id));

    // Cache the answers first: the rebuild must reach them at once.
    expect(await bestSellerOf(a!)).toBe(false);
    const version = await readCatalogVersion(t.database.db);
    expect(await rebuildBestSellers(t.database.db, { force: true })).toBe(1);
    expect(await readCatalogVersion(t.database.db)).toBeGreaterThan(version);
    // Every process hears of the rebuild within its poll (2 s) or at once by NOTIFY.
    await vi.waitFor(async () => expect(await bestSellerOf(a!)).toBe(true), { timeout: 5_000, interval: 100 });
    expect(await bestSellerOf(b!)).toBe(false);
    expect(await bestSellerOf(c!)).toBe(false);

    // B outsells A: the badge moves.
    const more = await placedOrder([{ _id: b!, quantity: 5 }]);
    await markOrderPaid(t.database.db, more.order);
    await rebuildBestSellers(t.database.db, { force: true });
    await vi.waitFor(async () => expect([await bestSellerOf(a!), await bestSellerOf(b!)]).toEqual([false, true]), { timeout: 5_000, interval: 100 });
    expect(await t.database.db.select({ id: bestSellers.productId, units: bestSellers.units }).from(bestSellers)).toEqual([{ id: b, units: 7 }]);
  });

  it('rebuilds once an hour, whichever process asks first; an unchanged list leaves the catalog alone', async () => {
    await rebuildBestSellers(t.database.db, { force: true });
    const version = await readCatalogVersion(t.database.db);
    // Just rebuilt: a process that looks now finds it fresh and does nothing.
    expect(await rebuildBestSellers(t.database.db)).toBe(0);
    expect(await rebuildBestSellers(t.database.db, { force: true })).toBe(1);
    expect(await readCatalogVersion(t.database.db)).toBe(version);
  });
});
