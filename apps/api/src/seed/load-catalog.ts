import { and, eq, isNull, sql } from 'drizzle-orm';

import type { Database } from '../db/client';
import { categories, products, seedRuns, subcategories } from '../db/schema';

import type { SeedCatalog, SeedProduct } from './catalog-types';
import { stableId } from './stable-id';

const DEMO_SEED = 'demo-catalog-v1';
/** The list prices of the demo products, for databases seeded before products had one. */
const DEMO_LIST_PRICES = 'demo-list-prices-v1';
/** Rows per INSERT: well under PostgreSQL's 65 535 bind parameters (18 columns a row). */
const BATCH_SIZE = 500;

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Loads the demo catalog unless it was loaded before. Runs in one transaction under an advisory
 * lock, so two processes starting together against one server load it once, and a failure leaves
 * no half-written catalog behind. Returns whether it loaded anything.
 */
export async function loadCatalogOnce(db: Database, build: () => SeedCatalog, seedName = DEMO_SEED): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${seedName}))`);
    const done = await tx.select().from(seedRuns).where(eq(seedRuns.name, seedName));
    if (done.length > 0) return false;
    const catalog = build();
    await insertCatalog(tx, catalog);
    await tx.insert(seedRuns).values({ name: seedName });
    return true;
  });
}

/**
 * Gives the catalog's products their list prices unless this step ran before: a database whose
 * demo catalog was loaded before products had list prices gets them on its next start
 * (docs/decisions/0014). Only products without a list price whose price is below the new one
 * are changed, so a fresh catalog (loaded with its list prices) is left as it is. One transaction
 * under an advisory lock, like `loadCatalogOnce`. Returns how many products it changed.
 */
export async function setListPricesOnce(db: Database, build: () => SeedCatalog, seedName = DEMO_LIST_PRICES): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${seedName}))`);
    const done = await tx.select().from(seedRuns).where(eq(seedRuns.name, seedName));
    if (done.length > 0) return 0;
    const reduced = build().products.filter((p) => p.listPriceCents !== null);
    let changed = 0;
    if (reduced.length > 0) {
      const listPrices = sql.join(
        reduced.map((p) => sql`(${p.slug}::text, ${p.listPriceCents}::integer)`),
        sql`, `,
      );
      const listPrice = sql<number>`list_prices.cents`;
      const rows = await tx
        .update(products)
        .set({ listPriceCents: listPrice })
        .from(sql`(values ${listPrices}) as list_prices(slug, cents)`)
        .where(and(eq(products.slug, sql`list_prices.slug`), isNull(products.listPriceCents), sql`${products.priceCents} < ${listPrice}`))
        .returning({ id: products.id });
      changed = rows.length;
    }
    await tx.insert(seedRuns).values({ name: seedName });
    return changed;
  });
}

async function insertCatalog(tx: Transaction, catalog: SeedCatalog): Promise<void> {
  await tx.insert(categories).values(
    catalog.categories.map((c) => ({
      id: stableId('category', c.slug),
      slug: c.slug,
      nameEn: c.name.en,
      nameAr: c.name.ar,
      image: c.image,
      position: c.position,
    })),
  );
  await tx.insert(subcategories).values(
    catalog.subcategories.map((s, position) => ({
      id: stableId('subcategory', s.slug),
      slug: s.slug,
      categoryId: stableId('category', s.categorySlug),
      nameEn: s.name.en,
      nameAr: s.name.ar,
      image: s.image,
      position,
    })),
  );
  await insertProducts(tx, catalog.products, 0);
}

/** Inserts products in batches; `firstPosition` is the catalog order of the first one. */
export async function insertProducts(
  db: Database | Transaction,
  items: Iterable<SeedProduct>,
  firstPosition: number,
): Promise<number> {
  let position = firstPosition;
  let batch: (typeof products.$inferInsert)[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    // A product already there (same slug) is kept: a larger synthetic run only adds the rest.
    await db.insert(products).values(batch).onConflictDoNothing({ target: products.slug });
    batch = [];
  };
  for (const p of items) {
    batch.push({
      id: stableId('product', p.slug),
      slug: p.slug,
      categoryId: stableId('category', p.categorySlug),
      subcategoryId: stableId('subcategory', p.subcategorySlug),
      titleEn: p.title.en,
      titleAr: p.title.ar,
      descriptionEn: p.description.en,
      descriptionAr: p.description.ar,
      brandEn: p.brand.en,
      brandAr: p.brand.ar,
      priceCents: p.priceCents,
      listPriceCents: p.listPriceCents,
      quantity: p.quantity,
      ratingTenths: Math.round(p.rating * 10),
      reviewCount: p.reviewCount,
      thumbnail: p.thumbnail,
      images: p.images,
      position: position++,
    });
    if (batch.length >= BATCH_SIZE) await flush();
  }
  await flush();
  return position - firstPosition;
}
