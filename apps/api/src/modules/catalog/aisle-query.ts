import type { AisleFilters, AisleSort } from '@dukkan/contracts/aisle';

import type { AisleRequest } from './aisle';

/** An aisle's query as a route has parsed it (DepartmentAisleQuerySchema or ProductSearchQuerySchema). */
type ParsedAisleQuery = AisleFilters & { sort?: AisleSort | undefined; page: number; pageSize: number };

/** A repeatable filter's values once each, in one order: the same choice is the same request. */
const asSet = (values: string[] | undefined) => (values === undefined ? undefined : [...new Set(values)].sort());

/** The service's request from a parsed query, `defaultSort` when it names none. */
export function aisleRequest(query: ParsedAisleQuery, defaultSort: AisleSort): AisleRequest {
  return {
    sort: query.sort ?? defaultSort,
    page: query.page,
    pageSize: query.pageSize,
    filters: {
      brand: asSet(query.brand),
      subcategory: asSet(query.subcategory?.map((v) => v.toLowerCase())),
      department: asSet(query.department?.map((v) => v.toLowerCase())),
      minPrice: query.minPrice,
      maxPrice: query.maxPrice,
      rating: query.rating,
      inStock: query.inStock === true ? true : undefined,
      onSale: query.onSale === true ? true : undefined,
    },
  };
}

/** The part of an answer's cache key an aisle's request makes: equal requests, equal keys. */
export function aisleCacheKey({ sort, page, pageSize, filters }: AisleRequest): string {
  return JSON.stringify([sort, page, pageSize, filters.brand, filters.subcategory, filters.department, filters.minPrice, filters.maxPrice, filters.rating, filters.inStock, filters.onSale]);
}
