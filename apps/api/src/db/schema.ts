import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Departments; `slug` is the spec's category name and the department's route. */
export const categories = pgTable('categories', {
  id: uuid('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  nameEn: text('name_en').notNull(),
  nameAr: text('name_ar').notNull(),
  image: text('image').notNull(),
  position: integer('position').notNull(),
});

export const subcategories = pgTable(
  'subcategories',
  {
    id: uuid('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id),
    nameEn: text('name_en').notNull(),
    nameAr: text('name_ar').notNull(),
    image: text('image').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [index('subcategories_category_idx').on(t.categoryId, t.position)],
);

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id),
    subcategoryId: uuid('subcategory_id')
      .notNull()
      .references(() => subcategories.id),
    titleEn: text('title_en').notNull(),
    titleAr: text('title_ar').notNull(),
    descriptionEn: text('description_en').notNull(),
    descriptionAr: text('description_ar').notNull(),
    brandEn: text('brand_en').notNull(),
    brandAr: text('brand_ar').notNull(),
    /** Integer minor units (cents); the API answers dollars. */
    priceCents: integer('price_cents').notNull(),
    /** Units in stock. */
    quantity: integer('quantity').notNull(),
    /** Average rating in tenths of a star: 43 means 4.3. */
    ratingTenths: smallint('rating_tenths').notNull(),
    reviewCount: integer('review_count').notNull(),
    thumbnail: text('thumbnail').notNull(),
    images: text('images').array().notNull(),
    /** Curated order within the catalog (the seed's order); lists are sorted by it. */
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('products_category_position_idx').on(t.categoryId, t.position, t.id),
    index('products_subcategory_position_idx').on(t.subcategoryId, t.position, t.id),
    index('products_position_idx').on(t.position, t.id),
    check('products_price_nonnegative', sql`${t.priceCents} >= 0`),
    check('products_quantity_nonnegative', sql`${t.quantity} >= 0`),
    check('products_rating_range', sql`${t.ratingTenths} between 0 and 50`),
  ],
);

/** Which seeds have been loaded, so a restart never loads the demo catalog twice. */
export const seedRuns = pgTable('seed_runs', {
  name: text('name').primaryKey(),
  loadedAt: timestamp('loaded_at', { withTimezone: true }).notNull().defaultNow(),
});
