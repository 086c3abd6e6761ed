import { PRODUCT_CSV_COLUMNS } from '@dukkan/contracts/admin-products';
import { stringify } from 'csv-stringify/sync';
import { asc, eq, sql } from 'drizzle-orm';

import type { Database } from '../../../db/client';
import { categories, products } from '../../../db/schema';

/** Rows read per query while exporting. */
export const EXPORT_PAGE_ROWS = 1000;

const BOM = '\uFEFF';

const dollars = (cents: number): string => (cents / 100).toFixed(2);

/**
 * The catalog as CSV (docs/decisions/0035): a byte-order mark, the header PRODUCT_CSV_COLUMNS,
 * then every product of every status in catalog order, read a page at a time by keyset (no
 * transaction holds the database meanwhile). Prices in dollars with two decimals, `list_price`
 * empty when none. Lines end in CRLF, as RFC 4180 and spreadsheets write them.
 */
export async function* exportProductsCsv(db: Database): AsyncGenerator<string> {
  const options = { record_delimiter: 'windows' } as const;
  yield BOM + stringify([[...PRODUCT_CSV_COLUMNS]], options);
  let after: { position: number; id: string } | undefined;
  for (;;) {
    const rows = await db
      .select({
        id: products.id,
        position: products.position,
        category: categories.slug,
        status: products.status,
        titleEn: products.titleEn,
        titleAr: products.titleAr,
        descriptionEn: products.descriptionEn,
        descriptionAr: products.descriptionAr,
        brandEn: products.brandEn,
        brandAr: products.brandAr,
        priceCents: products.priceCents,
        listPriceCents: products.listPriceCents,
        quantity: products.quantity,
      })
      .from(products)
      .innerJoin(categories, eq(products.categoryId, categories.id))
      .where(after ? sql`(${products.position}, ${products.id}) > (${after.position}, ${after.id})` : undefined)
      .orderBy(asc(products.position), asc(products.id))
      .limit(EXPORT_PAGE_ROWS);
    if (rows.length === 0) return;
    yield stringify(
      rows.map((r) => [
        r.id,
        r.category,
        r.status,
        r.titleEn,
        r.titleAr,
        r.descriptionEn,
        r.descriptionAr,
        r.brandEn,
        r.brandAr,
        dollars(r.priceCents),
        r.listPriceCents === null ? '' : dollars(r.listPriceCents),
        String(r.quantity),
      ]),
      options,
    );
    const last = rows[rows.length - 1];
    if (!last || rows.length < EXPORT_PAGE_ROWS) return;
    after = { position: last.position, id: last.id };
  }
}
