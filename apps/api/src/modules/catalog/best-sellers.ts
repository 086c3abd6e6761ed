import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';

import { rowsOf, type Database, type Executor } from '../../db/client';
import { bestSellers, shopSettings } from '../../db/schema';
import { bumpCatalogVersion } from '../../lib/catalog-version';
import { startPeriodicJob, type StopJob } from '../../lib/periodic-job';

/*
 * The product page's 'Best seller' badge, earned (issue #36): a product is a best seller when it
 * is among its department's best-selling published products by units in paid orders of the last
 * `BEST_SELLER_DAYS` days — the top `BEST_SELLER_TOP`, or the top `BEST_SELLER_SHARE` of the
 * department's published products, whichever is fewer (rounded down: a department of fewer than
 * 20 products has none). Orders later cancelled or refunded in full do not count. A shop with no
 * sales has no best seller.
 */
export const BEST_SELLER_DAYS = 30;
export const BEST_SELLER_TOP = 10;
export const BEST_SELLER_SHARE = 0.05;
/** The list is rebuilt when it is older than this, by whichever process looks first. */
export const BEST_SELLER_REFRESH_MS = 60 * 60 * 1000;
/** How often each process looks whether the list is due. */
export const BEST_SELLER_CHECK_MS = 5 * 60 * 1000;

const REBUILT_KEY = 'bestSellersRebuiltAt';
const LOCK = 'dukkan:best-sellers';

/** Whether a product is a best seller, as a column of a statement over `products`. */
export const isBestSeller = (productId: unknown) => sql<boolean>`exists (select 1 from ${bestSellers} b where b.product_id = ${productId})`;

/**
 * Rebuilds the list now, unless another process is rebuilding it or (without `force`) it was
 * rebuilt less than `BEST_SELLER_REFRESH_MS` ago: one transaction under an advisory lock, so the
 * fleet rebuilds it once an hour whichever process does, and another takes over when one dies.
 * When the set of best sellers changes, it is a catalog write (the version rises: cached pages
 * drop their badges). Answers how many products are best sellers now (0 when skipped).
 */
export async function rebuildBestSellers(db: Database, { force = false }: { force?: boolean } = {}): Promise<number> {
  return db.transaction(async (tx) => {
    const locked = await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext(${LOCK})) as locked`);
    if (rowsOf<{ locked: boolean }>(locked)[0]?.locked !== true) return 0;
    if (!force && (await rebuiltRecently(tx))) return 0;
    const before = await tx.select({ productId: bestSellers.productId }).from(bestSellers);
    await tx.delete(bestSellers);
    const inserted = await tx.execute(sql`
      insert into ${bestSellers} (product_id, units)
      with sold as (
        select i.product_id, sum(i.quantity)::integer as units
        from orders o join order_items i on i.order_id = o.id
        where o.paid_at > now() - make_interval(days => ${BEST_SELLER_DAYS})
          and o.status <> 'Cancelled' and o.payment_status <> 'Refunded'
        group by i.product_id
      ),
      ranked as (
        select s.product_id, s.units, p.category_id,
          row_number() over (partition by p.category_id order by s.units desc, p.id) as place
        from sold s join products p on p.id = s.product_id and p.status = 'published'
      ),
      sizes as (
        select category_id, count(*) as published from products
        where status = 'published' and category_id in (select category_id from ranked)
        group by category_id
      )
      select r.product_id, r.units from ranked r join sizes z on z.category_id = r.category_id
      where r.place <= least(${BEST_SELLER_TOP}, floor(z.published * ${BEST_SELLER_SHARE}::numeric))
      returning product_id`);
    const now = rowsOf<{ product_id: string }>(inserted).map((row) => row.product_id);
    const was = new Set(before.map((row) => row.productId));
    if (now.length !== was.size || now.some((id) => !was.has(id))) await bumpCatalogVersion(tx);
    await tx
      .insert(shopSettings)
      .values({ key: REBUILT_KEY, value: sql`to_jsonb(now())` })
      .onConflictDoUpdate({ target: shopSettings.key, set: { value: sql`to_jsonb(now())`, updatedAt: sql`now()` } });
    return now.length;
  });
}

async function rebuiltRecently(tx: Executor): Promise<boolean> {
  const rows = await tx.execute(
    sql`select 1 from ${shopSettings} where key = ${REBUILT_KEY} and updated_at > now() - make_interval(secs => ${BEST_SELLER_REFRESH_MS / 1000})`,
  );
  return rowsOf(rows).length > 0;
}

/** Rebuilds the best sellers when due, looking now and every `BEST_SELLER_CHECK_MS`, until stopped. */
export function startBestSellerRefresh(db: Database, log: FastifyBaseLogger, intervalMs = BEST_SELLER_CHECK_MS): StopJob {
  return startPeriodicJob({
    run: () => rebuildBestSellers(db),
    intervalMs,
    log,
    doneMessage: 'rebuilt the best sellers',
    failedMessage: 'rebuilding the best sellers failed',
  });
}
