import { z } from 'zod';

import { ProductSchema } from './catalog';
import { PageQuerySchema } from './common';
import { AISLE_RATINGS, MAX_FACET_VALUES } from './limits';

export { AISLE_RATINGS, MAX_FACET_VALUES };

/*
 * An aisle (issue #34): a department's list or a search's, narrowed by filters, in a chosen order,
 * a page at a time, with each filter value's count. `GET /api/product/category/{name}` and
 * `GET /api/product/search?q=` take the same query and answer the same envelope.
 */

/**
 * The orders a list can be in. `featured` is the catalog's curated order (a department's
 * default), `relevance` search's ranking (search's default; a department has none), `rating` the
 * average rating, highest first, then more reviews first. Every order ends on the product's id,
 * so pages never repeat or skip a product.
 */
export const AISLE_SORTS = ['featured', 'relevance', 'price_asc', 'price_desc', 'newest', 'rating'] as const;
export type AisleSort = (typeof AISLE_SORTS)[number];

/** A GET form sends an unset field as `name=`: that is the same as leaving it out. */
const blankIsUnset = (value: unknown) => (value === '' ? undefined : value);

/** A parameter that may be given once only: repeated, Fastify's parser hands over an array. */
function once<T extends z.ZodType>(name: string, schema: T) {
  return z.preprocess(
    blankIsUnset,
    z.custom<unknown>((value) => !Array.isArray(value), { message: `${name}: must be given once` }).pipe(schema.optional()),
  );
}

/** A repeatable parameter (`brand=A&brand=B`): a product matching one of its values passes; blanks are dropped. */
function anyOf(name: string) {
  const value = z.string().max(100, { message: `${name}: each value must be at most 100 characters` });
  return z.preprocess(
    (v) => {
      const values = (Array.isArray(v) ? v : v === undefined ? [] : [v]).filter((one) => one !== '');
      return values.length === 0 ? undefined : values;
    },
    z.array(value, { message: `${name}: must be text` }).max(MAX_FACET_VALUES, { message: `${name}: at most ${MAX_FACET_VALUES} values` }).optional(),
  );
}

/** Dollars with up to two decimals (`3.49`, `5`), as a query string spells them. */
const DOLLARS_PATTERN = /^\d{1,7}(\.\d{1,2})?$/;
function price(name: string) {
  return once(
    name,
    z
      .string({ message: `${name}: must be an amount in dollars, e.g. 3.49` })
      .regex(DOLLARS_PATTERN, { message: `${name}: must be an amount in dollars from 0, with up to two decimals, e.g. 3.49` })
      // Whole cents from the text itself, never through a float: "3.49" is 349.
      .transform((text) => {
        const [whole = '0', fraction = ''] = text.split('.');
        return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
      }),
  ).optional();
}

/** `1`/`true` turns a yes-or-no filter on; `0`/`false` (or nothing) leaves it off. */
function flag(name: string) {
  return once(
    name,
    z.enum(['1', 'true', '0', 'false'], { message: `${name}: must be 1, true, 0 or false` }).transform((v) => v === '1' || v === 'true'),
  ).optional();
}

const sort = once('sort', z.enum(AISLE_SORTS, { message: `sort: must be one of ${AISLE_SORTS.join(', ')}` })).optional();

const rating = once(
  'rating',
  z.coerce
    .number({ message: 'rating: must be a whole number from 1 to 4' })
    .int({ message: 'rating: must be a whole number from 1 to 4' })
    .min(1, { message: 'rating: must be a whole number from 1 to 4' })
    .max(4, { message: 'rating: must be a whole number from 1 to 4' }),
).optional();

/** The filters both aisles share; `minPrice`/`maxPrice` arrive in dollars and leave as whole cents. */
const sharedFilters = {
  sort,
  brand: anyOf('brand'),
  subcategory: anyOf('subcategory'),
  minPrice: price('minPrice'),
  maxPrice: price('maxPrice'),
  rating,
  inStock: flag('inStock'),
  onSale: flag('onSale'),
};

function priceRangeInOrder(query: { minPrice?: number | undefined; maxPrice?: number | undefined }, ctx: z.RefinementCtx) {
  if (query.minPrice !== undefined && query.maxPrice !== undefined && query.minPrice > query.maxPrice) {
    ctx.addIssue({ code: 'custom', path: ['minPrice'], message: 'minPrice: must not be above maxPrice' });
  }
}

/**
 * Query of `GET /api/product/category/{name}`. `relevance` and `department` belong to search: on a
 * department they are a 400.
 */
export const DepartmentAisleQuerySchema = PageQuerySchema.extend({
  ...sharedFilters,
  department: z
    .unknown()
    .refine((v) => v === undefined || v === '', { message: "department: filters search only; a department's list is one department" })
    .transform(() => undefined)
    .optional(),
}).superRefine((query, ctx) => {
  priceRangeInOrder(query, ctx);
  if (query.sort === 'relevance') ctx.addIssue({ code: 'custom', path: ['sort'], message: 'sort: relevance orders a search; a department sorts by featured, price_asc, price_desc, newest or rating' });
});
export type DepartmentAisleQuery = z.infer<typeof DepartmentAisleQuerySchema>;

/** Query of `GET /api/product/search`, without `q` (search.ts adds it). */
export const SearchAisleFiltersSchema = PageQuerySchema.extend({ ...sharedFilters, department: anyOf('department') });

/** The filters of an aisle as a service takes them: cents, sets, no paging. */
export interface AisleFilters {
  brand?: string[] | undefined;
  subcategory?: string[] | undefined;
  department?: string[] | undefined;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  rating?: number | undefined;
  inStock?: boolean | undefined;
  onSale?: boolean | undefined;
}

export { priceRangeInOrder };

/** One value of a filter group and how many products choosing it would leave. */
export const FacetValueSchema = z.object({
  /** What the query takes: a brand's English name, a subcategory's or department's `name`. */
  value: z.string(),
  /** The value in the request's language. */
  label: z.string(),
  count: z.number().int().min(0),
});
export type FacetValue = z.infer<typeof FacetValueSchema>;

/**
 * Each filter value with its exact count. Counts are disjunctive within a group: a value's count
 * is the `total` the same request would answer with that value added to its group's choice and
 * every other group's filter kept. `price` is the range of the result without the price filter
 * (null bounds when nothing is left); `inStock`/`onSale` the totals with that filter on.
 */
export const AisleFacetsSchema = z.object({
  brand: z.array(FacetValueSchema),
  subcategory: z.array(FacetValueSchema),
  /** Search only: the departments of the matches. */
  department: z.array(FacetValueSchema).optional(),
  rating: z.array(z.object({ value: z.number().int().min(1).max(4), count: z.number().int().min(0) })),
  price: z.object({ min: z.number().nonnegative().nullable(), max: z.number().nonnegative().nullable() }),
  inStock: z.number().int().min(0),
  onSale: z.number().int().min(0),
});
export type AisleFacets = z.infer<typeof AisleFacetsSchema>;

/** The paged envelope of every list, with the aisle's facets. */
export const AislePageResponseSchema = z.object({
  data: z.array(ProductSchema),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  total: z.number().int().min(0),
  facets: AisleFacetsSchema,
});
export type AislePageResponse = z.infer<typeof AislePageResponseSchema>;
