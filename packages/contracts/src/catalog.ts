import { z } from 'zod';

import { IdSchema, PageQuerySchema, dataSchema, pagedSchema } from './common';

/**
 * The nine departments, by the name the spec uses in `/product/category/{categoryName}`.
 * The same string (matched case-insensitively) is the department's route: `/{slug}`.
 */
export const DEPARTMENT_SLUGS = [
  'Grocery',
  'Home',
  'Patio&Garden',
  'electronics',
  'Fashion',
  'Beauty',
  'Home-Improvement',
  'Auto&tires',
  'Baby',
] as const;
export type DepartmentSlug = (typeof DEPARTMENT_SLUGS)[number];

/** A department as listed by `GET /api/categories/`; `name` is in the request's language. */
export const CategorySchema = z.object({
  _id: IdSchema,
  name: z.string(),
  /** The department's route key (`/{slug}`) and its name in `/product/category/{slug}`. */
  slug: z.string(),
  image: z.string(),
});
export type Category = z.infer<typeof CategorySchema>;

export const SubcategorySchema = z.object({
  _id: IdSchema,
  name: z.string(),
  slug: z.string(),
  image: z.string(),
  /** Slug of the department it belongs to. */
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
  thumbnail: z.string(),
  images: z.array(z.string()),
  /** Slug of the product's department, e.g. `Grocery`. */
  category: z.string(),
  /** The department's name in the request's language, for breadcrumbs. */
  categoryName: z.string(),
  /** Slug of the product's subcategory. */
  subcategory: z.string(),
  brand: z.string(),
  /** Units in stock. */
  quantity: z.number().int().nonnegative(),
  /** Average rating from 1.0 to 5.0, one decimal. */
  rating: z.number().min(0).max(5),
  reviewCount: z.number().int().nonnegative(),
});
export type Product = z.infer<typeof ProductSchema>;

export const CategoryListResponseSchema = dataSchema(z.array(CategorySchema));
export type CategoryListResponse = z.infer<typeof CategoryListResponseSchema>;

export const ProductPageResponseSchema = pagedSchema(ProductSchema);
export type ProductPageResponse = z.infer<typeof ProductPageResponseSchema>;

export const ProductResponseSchema = dataSchema(ProductSchema);
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

/** Optional filter of a department's list by subcategory slug. */
export const CategoryProductsQuerySchema = PageQuerySchema.extend({
  subcategory: z.string().min(1).max(100).optional(),
});
export type CategoryProductsQuery = z.infer<typeof CategoryProductsQuerySchema>;
