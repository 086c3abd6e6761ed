import { storefrontPaths } from '@dukkan/contracts/storefront-urls';
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';

import type { Executor } from '../../db/client';
import { products } from '../../db/schema';

import { STATIC_PATHS, type ProductRange, type ShopPage, type SitemapPlan } from './sitemap';

/**
 * Lays the published catalog out in sitemap pages of `pagesPer` shop pages: one pass over the primary key
 * (ids only) finds the id that begins each page, so that every page is then one keyset range.
 */
export async function planSitemap(db: Executor, pagesPer: number): Promise<SitemapPlan> {
  // Products are numbered after the static pages; a page begins where the number is a multiple of pagesPer.
  const numbered = db
    .select({
      id: products.id,
      position: sql<number>`row_number() over (order by ${products.id}) - 1`.as('position'),
    })
    .from(products)
    .where(eq(products.status, 'published'))
    .as('numbered');
  const rows = await db
    .select({ id: numbered.id })
    .from(numbered)
    .where(sql`(${numbered.position} + ${STATIC_PATHS.length}::bigint) % ${pagesPer}::bigint = 0`)
    .orderBy(asc(numbered.id));
  return { pagesPer, productStarts: rows.map((row) => row.id) };
}

/** The published product pages in `range`, in id order: ids and dates of their last change. */
export async function productPages(db: Executor, range: ProductRange): Promise<ShopPage[]> {
  const rows = await db
    .select({ id: products.id, updatedAt: products.updatedAt })
    .from(products)
    .where(and(eq(products.status, 'published'), range.from === undefined ? undefined : gte(products.id, range.from), range.before === undefined ? undefined : lt(products.id, range.before)))
    .orderBy(asc(products.id))
    .limit(range.limit);
  return rows.map((row) => ({ path: storefrontPaths.product(row.id), lastModified: row.updatedAt }));
}
