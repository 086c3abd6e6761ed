import { z } from 'zod';

import { IdSchema, PageQuerySchema, dataSchema, pagedSchema } from './common';

export { DEPARTMENT_NAMES, DEPARTMENT_PATHS, type DepartmentName } from './departments';

/*
 * One naming in every answer (docs/decisions/0014-category-names-and-list-prices.md): `name` and
 * `category` are keys, the same in every language, that the shop routes and filters by; `label`
 * and `categoryLabel` are text in the request's language, for people.
 */

/**
 * A department as listed by `GET /api/categories/`. A client links each one to `/{name}`
 * (spec section 2) and shows `label`.
 */
export const CategorySchema = z.object({
  _id: IdSchema,
  /** The key: one of `DEPARTMENT_NAMES`, the route `/{name}` and `/product/category/{name}`. */
  name: z.string(),
  /** The department's name in the request's language, e.g. `Patio & Garden` or `الفناء والحديقة`. */
  label: z.string(),
  image: z.string(),
});
export type Category = z.infer<typeof CategorySchema>;

export const SubcategorySchema = z.object({
  _id: IdSchema,
  /** The key, unique in the catalog, e.g. `electronics-tablets`: `?subcategory={name}` of a department's list. */
  name: z.string(),
  /** The subcategory's name in the request's language, e.g. `Tablets`. */
  label: z.string(),
  image: z.string(),
  /** Name (key) of the department it belongs to. */
  category: z.string(),
});
export type Subcategory = z.infer<typeof SubcategorySchema>;

/** A product as the spec's section 3 names it; text fields are in the request's language. */
export const ProductSchema = z.object({
  _id: IdSchema,
  title: z.string(),
  description: z.string(),
  /** In dollars with two decimals (stored as integer cents). */
  price: z.number().nonnegative(),
  /**
   * The compare-at price in dollars when the product is reduced ('Was $X'), always above
   * `price`; null when it is not reduced.
   */
  listPrice: z.number().nonnegative().nullable(),
  thumbnail: z.string(),
  images: z.array(z.string()),
  /** Name (key) of the product's department, e.g. `Grocery`: its route and `/product/category/{category}`. */
  category: z.string(),
  /** The department's name in the request's language, for breadcrumbs. */
  categoryLabel: z.string(),
  /** Name (key) of the product's subcategory. */
  subcategory: z.string(),
  brand: z.string(),
  /** Units in stock. */
  quantity: z.number().int().nonnegative(),
  /**
   * The mean of the approved reviews' stars, 1.0 to 5.0 with one decimal; 0 without any
   * (issue #36: never a made-up figure).
   */
  rating: z.number().min(0).max(5),
  /** How many approved reviews the product has. */
  reviewCount: z.number().int().nonnegative(),
});
export type Product = z.infer<typeof ProductSchema>;

/**
 * `GET /api/product/{id}`'s product: with `bestSeller`, true when it is among its department's
 * best sellers by units in paid orders over the last 30 days (the top 10, or the top 5 %,
 * whichever is fewer; refreshed hourly).
 */
export const ProductDetailSchema = ProductSchema.extend({ bestSeller: z.boolean() });
export type ProductDetail = z.infer<typeof ProductDetailSchema>;

export const CategoryListResponseSchema = dataSchema(z.array(CategorySchema));
export type CategoryListResponse = z.infer<typeof CategoryListResponseSchema>;

export const ProductPageResponseSchema = pagedSchema(ProductSchema);
export type ProductPageResponse = z.infer<typeof ProductPageResponseSchema>;

export const ProductResponseSchema = dataSchema(ProductDetailSchema);
export type ProductResponse = z.infer<typeof ProductResponseSchema>;

export const SubcategoryPageResponseSchema = pagedSchema(SubcategorySchema);
export type SubcategoryPageResponse = z.infer<typeof SubcategoryPageResponseSchema>;

export const ProductListQuerySchema = PageQuerySchema;
export type ProductListQuery = z.infer<typeof ProductListQuerySchema>;

export const ProductParamsSchema = z.object({ id: IdSchema });
export type ProductParams = z.infer<typeof ProductParamsSchema>;

export const CategoryProductsParamsSchema = z.object({
  categoryName: z.string().min(1).max(100),
});
export type CategoryProductsParams = z.infer<typeof CategoryProductsParamsSchema>;

/** Optional filter of a department's list by subcategory name (key). */
export const CategoryProductsQuerySchema = PageQuerySchema.extend({
  subcategory: z.string().min(1).max(100).optional(),
});
export type CategoryProductsQuery = z.infer<typeof CategoryProductsQuerySchema>;
