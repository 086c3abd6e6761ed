import { PRODUCT_CSV_EXPORT_COLUMNS } from '@dukkan/contracts/admin-products';
import { asc, eq, sql } from 'drizzle-orm';

import type { Database } from '../../../db/client';
import { categories, products, subcategories } from '../../../db/schema';
import { CSV_BOM, csvDollars, csvInteger, csvLines } from '../../../lib/csv';
import { productCoreColumns } from '../../catalog/product-row';

/** Rows read per query while exporting. */
export const EXPORT_PAGE_ROWS = 1000;

/**
 * The catalog as CSV (docs/decisions/0035): a byte-order mark, the header PRODUCT_CSV_EXPORT_COLUMNS,
 * then every product of every status in catalog order, read a page at a time by keyset (no
 * transaction holds the database meanwhile). `category` and `subcategory` are their keys; prices
 * in dollars with two decimals, `list_price` empty when none. Written by lib/csv.ts: texts a
 * spreadsheet would run as formulas get a leading `'` (the import takes it off again), and lines
 * end in CRLF.
 */
export async function* exportProductsCsv(db: Database): AsyncGenerator<string> {
  yield CSV_BOM + csvLines([[...PRODUCT_CSV_EXPORT_COLUMNS]]);
  let after: { position: number; id: string } | undefined;
  for (;;) {
    const rows = await db
      .select({
        ...productCoreColumns(),
        position: products.position,
        category: categories.slug,
        subcategory: subcategories.slug,
        status: products.status,
      })
      .from(products)
      .innerJoin(categories, eq(products.categoryId, categories.id))
      .innerJoin(subcategories, eq(products.subcategoryId, subcategories.id))
      .where(after ? sql`(${products.position}, ${products.id}) > (${after.position}, ${after.id})` : undefined)
      .orderBy(asc(products.position), asc(products.id))
      .limit(EXPORT_PAGE_ROWS);
    if (rows.length === 0) return;
    yield csvLines(
      rows.map((r) => [
        r.id,
        r.category,
        r.subcategory,
        r.status,
        r.titleEn,
        r.titleAr,
        r.descriptionEn,
        r.descriptionAr,
        r.brandEn,
        r.brandAr,
        csvDollars(r.priceCents),
        r.listPriceCents === null ? '' : csvDollars(r.listPriceCents),
        csvInteger(r.quantity),
      ]),
    );
    const last = rows[rows.length - 1];
    if (!last || rows.length < EXPORT_PAGE_ROWS) return;
    after = { position: last.position, id: last.id };
  }
}
