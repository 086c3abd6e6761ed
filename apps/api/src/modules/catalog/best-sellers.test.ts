import { ProductResponseSchema } from '@dukkan/contracts/catalog';
import { asc, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, inject, it, vi } from 'vitest';

import { openDatabase, rowsOf } from '../../db/client';
import { bestSellers, categories, orders, products, shopSettings } from '../../db/schema';
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

  it.runIf(inject('dbKind') === 'postgres')('rebuilds once with three processes asking at once, and moves on when the process rebuilding dies', async () => {
    const fleet = await Promise.all([0, 1, 2].map(() => openDatabase({ kind: 'postgres', url: t.database.url!, poolSize: 2 })));
    try {
      await t.database.db.delete(shopSettings).where(eq(shopSettings.key, 'bestSellersRebuiltAt'));
      const rebuiltAt = async () => (await t.database.db.select({ at: shopSettings.updatedAt }).from(shopSettings).where(eq(shopSettings.key, 'bestSellersRebuiltAt')))[0]?.at;
      // One rebuild happened: one timestamp, and the other two found it done or in progress.
      await Promise.all(fleet.map((process) => rebuildBestSellers(process.db)));
      const first = await rebuiltAt();
      expect(first).toBeInstanceOf(Date);
      await Promise.all(fleet.map((process) => rebuildBestSellers(process.db)));
      expect(await rebuiltAt()).toEqual(first);

      // A process dies in the middle of a rebuild, its lock held: the server ends its session and
      // the lock with it, and the next process to look rebuilds.
      await t.database.db.delete(shopSettings).where(eq(shopSettings.key, 'bestSellersRebuiltAt'));
      const dying = new pg.Client({ connectionString: t.database.url! });
      dying.on('error', () => undefined);
      await dying.connect();
      await dying.query('begin');
      await dying.query(`select pg_advisory_xact_lock(hashtext('dukkan:best-sellers'))`);
      const held = dying.query('select pg_sleep(30)');
      const pid = async () =>
        rowsOf<{ pid: number }>(
          await t.database.db.execute(sql`select pid from pg_locks where locktype = 'advisory' and objid = hashtext('dukkan:best-sellers')::oid and granted`),
        )[0]?.pid;
      await vi.waitFor(async () => expect(await pid()).toBeTypeOf('number'), { timeout: 5_000, interval: 50 });
      expect(await rebuildBestSellers(fleet[0]!.db)).toBe(0);
      expect(await rebuiltAt()).toBeUndefined();
      await t.database.db.execute(sql`select pg_terminate_backend(${await pid()})`);
      await held.catch(() => undefined);
      await dying.end().catch(() => undefined);
      await rebuildBestSellers(fleet[1]!.db);
      expect(await rebuiltAt()).toBeInstanceOf(Date);
    } finally {
      await Promise.all(fleet.map((process) => process.close()));
    }
  });
});
