import { sql } from 'drizzle-orm';

import type { Executor } from '../../db/client';
import { bumpCatalogVersion } from '../../lib/catalog-version';

/**
 * Makes the products' stored `rating_tenths` and `review_count` those of their approved reviews
 * again (issue #36): the mean of the stars in tenths (rounded half up, as PostgreSQL rounds a
 * numeric) and their number, 0 and 0 when none is approved. Recomputed from the reviews, never adjusted by
 * an increment, in the caller's transaction — the one of the approval, rejection, edit or removal
 * — which is a catalog write: the catalog's version rises with it, so every process drops the
 * answers it keeps and the next `GET /api/product/{id}` and its reviews say the new figures.
 * `'all'` recomputes every product (a test's or an operator's repair); only the rows whose
 * figures change are written.
 */
export async function recomputeRatings(tx: Executor, productIds: readonly string[] | 'all'): Promise<void> {
  const target = productIds === 'all' ? sql`true` : sql`p.id = some(${sql.param([...productIds])}::uuid[])`;
  await tx.execute(sql`
    update products p
    set rating_tenths = figures.tenths, review_count = figures.reviews
    from (
      select p.id,
        coalesce((select round(avg(r.rating) * 10) from reviews r where r.product_id = p.id and r.status = 'approved'), 0)::smallint as tenths,
        (select count(*) from reviews r where r.product_id = p.id and r.status = 'approved')::integer as reviews
      from products p
      where ${target}
    ) figures
    where p.id = figures.id and (p.rating_tenths, p.review_count) is distinct from (figures.tenths, figures.reviews)`);
  await bumpCatalogVersion(tx);
}

/**
 * A rating as shoppers read it: the mean of `stars` with one decimal, from the count of each
 * star (index 0 is one star), rounded half up like `recomputeRatings`; 0 when there are none.
 */
export function averageOf(histogram: readonly number[]): { average: number; count: number } {
  let count = 0;
  let total = 0;
  histogram.forEach((reviews, i) => {
    count += reviews;
    total += reviews * (i + 1);
  });
  // Whole tenths: (10 × total) / count rounded half up, in integers.
  return { average: count === 0 ? 0 : Math.floor((20 * total + count) / (2 * count)) / 10, count };
}
