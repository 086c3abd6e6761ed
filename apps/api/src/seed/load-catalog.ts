import { and, eq, isNull, sql } from 'drizzle-orm';

import type { Database } from '../db/client';
import { categories, products, seedRuns, subcategories } from '../db/schema';

import type { SeedCatalog, SeedProduct } from './catalog-types';
import { stableId } from './stable-id';

const DEMO_SEED = 'demo-catalog-v1';
/** The list prices of the demo products, for databases seeded before products had one. */
const DEMO_LIST_PRICES = 'demo-list-prices-v1';

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

/**
 * Rows per INSERT. Each batch is one statement of 19 array parameters (`unnest`), whatever its
 * size, so it is bounded by memory, not by PostgreSQL's 65 535 bind parameters; 2 000 rows keep
 * a statement near 2 MB and the search-terms trigger's one pass per statement short.
 */
const BATCH_SIZE = 2_000;

/** A text array as a PostgreSQL array literal (`{"/a","/b"}`), to pass many arrays in one text[] parameter. */
function arrayLiteral(items: readonly string[]): string {
  return `{${items.map((item) => `"${item.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
}

/** One batch of products, column by column. */
class Columns {
  id: string[] = [];
  slug: string[] = [];
  categoryId: string[] = [];
  subcategoryId: string[] = [];
  titleEn: string[] = [];
  titleAr: string[] = [];
  descriptionEn: string[] = [];
  descriptionAr: string[] = [];
  brandEn: string[] = [];
  brandAr: string[] = [];
  priceCents: number[] = [];
  listPriceCents: (number | null)[] = [];
  quantity: number[] = [];
  thumbnail: string[] = [];
  images: string[] = [];
  position: number[] = [];
  createdAt: (string | null)[] = [];

  push(p: SeedProduct, position: number): void {
    this.id.push(stableId('product', p.slug));
    this.slug.push(p.slug);
    this.categoryId.push(stableId('category', p.categorySlug));
    this.subcategoryId.push(stableId('subcategory', p.subcategorySlug));
    this.titleEn.push(p.title.en);
    this.titleAr.push(p.title.ar);
    this.descriptionEn.push(p.description.en);
    this.descriptionAr.push(p.description.ar);
    this.brandEn.push(p.brand.en);
    this.brandAr.push(p.brand.ar);
    this.priceCents.push(p.priceCents);
    this.listPriceCents.push(p.listPriceCents);
    this.quantity.push(p.quantity);
    this.thumbnail.push(p.thumbnail);
    this.images.push(arrayLiteral(p.images));
    this.position.push(position);
    this.createdAt.push(p.createdAt === undefined ? null : p.createdAt.toISOString());
  }

  get length(): number {
    return this.id.length;
  }

  /**
   * One INSERT of the whole batch from `unnest` of one array per column: the statement's text
   * and its 17 parameters stay the same size whatever the batch's, so neither driver builds a
   * statement of tens of thousands of placeholders. A product already there (same slug) is
   * kept: a larger synthetic run only adds the rest. Every product starts with no rating and no
   * reviews (rating 0, count 0): only approved reviews make them (issue #36).
   */
  statement() {
    const p = (values: unknown[], type: string) => sql`${sql.param(values)}::${sql.raw(type)}[]`;
    return sql`
      insert into ${products} (id, slug, category_id, subcategory_id, title_en, title_ar, description_en, description_ar,
        brand_en, brand_ar, price_cents, list_price_cents, quantity, rating_tenths, review_count, thumbnail, images, position, created_at, updated_at)
      select id, slug, category_id, subcategory_id, title_en, title_ar, description_en, description_ar,
        brand_en, brand_ar, price_cents, list_price_cents, quantity, 0, 0, thumbnail, images::text[], position,
        coalesce(created_at, now()), coalesce(created_at, now())
      from unnest(${p(this.id, 'uuid')}, ${p(this.slug, 'text')}, ${p(this.categoryId, 'uuid')}, ${p(this.subcategoryId, 'uuid')},
        ${p(this.titleEn, 'text')}, ${p(this.titleAr, 'text')}, ${p(this.descriptionEn, 'text')}, ${p(this.descriptionAr, 'text')},
        ${p(this.brandEn, 'text')}, ${p(this.brandAr, 'text')}, ${p(this.priceCents, 'integer')}, ${p(this.listPriceCents, 'integer')},
        ${p(this.quantity, 'integer')}, ${p(this.thumbnail, 'text')},
        ${p(this.images, 'text')}, ${p(this.position, 'integer')}, ${p(this.createdAt, 'timestamptz')})
        as batch(id, slug, category_id, subcategory_id, title_en, title_ar, description_en, description_ar,
          brand_en, brand_ar, price_cents, list_price_cents, quantity, thumbnail, images, position, created_at)
      on conflict (slug) do nothing`;
  }
}

/**
 * Inserts products in batches; `firstPosition` is the catalog order of the first one. While the
 * server writes one batch the next is drawn (node-postgres queues the statement), so drawing
 * and writing overlap. Returns how many products it was given (a product already there counts).
 */
export async function insertProducts(db: Database | Transaction, items: Iterable<SeedProduct>, firstPosition: number): Promise<number> {
  let position = firstPosition;
  let batch = new Columns();
  let writing: Promise<void> = Promise.resolve();
  for (const p of items) {
    batch.push(p, position++);
    if (batch.length >= BATCH_SIZE) {
      await writing;
      // `then` starts the statement now (Drizzle's queries run when awaited) and drops its result.
      writing = db.execute(batch.statement()).then(() => undefined);
      batch = new Columns();
    }
  }
  await writing;
  if (batch.length > 0) await db.execute(batch.statement());
  return position - firstPosition;
}
