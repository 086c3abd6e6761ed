import { AislePageResponseSchema, DepartmentAisleQuerySchema } from '@dukkan/contracts/aisle';
import {
  CategoryListResponseSchema,
  CategoryProductsParamsSchema,
  ProductListQuerySchema,
  ProductPageResponseSchema,
  ProductParamsSchema,
  ProductResponseSchema,
  SubcategoryPageResponseSchema,
} from '@dukkan/contracts/catalog';
import { ErrorResponseSchema, LanguageSchema } from '@dukkan/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { Database } from '../../db/client';
import { notFound } from '../../lib/errors';
import { requestLanguage } from '../../lib/language';
import { CATALOG_CACHE, type ResponseCache } from '../../lib/response-cache';

import type { AisleMemo } from './aisle';
import { aisleCacheKey, aisleRequest } from './aisle-query';
import { getProduct, listCategories, listDepartmentAisle, listProducts, listSubcategories, type CountMemo } from './service';

interface CatalogRoutesOptions {
  db: Database;
  cache: ResponseCache;
}

const lngQuery = LanguageSchema.optional().describe('Language of catalog text (else the i18next cookie, else en)');
const errors = { 400: ErrorResponseSchema, 404: ErrorResponseSchema };

/** The spec's catalog calls (section 7), answered in the request's language. */
export const catalogRoutes: FastifyPluginAsyncZod<CatalogRoutesOptions> = async (app, { db, cache }) => {
  // A list's total is counted once for all its pages while their answers are fresh.
  const totals: CountMemo = (key, produce) => cache.remember(`total:${key}`, CATALOG_CACHE.ttlMs, produce);
  // An aisle's facets are counted once for all its sorts and pages while their answers are fresh.
  const facetMemo: AisleMemo = (key, produce) => cache.remember(key, CATALOG_CACHE.ttlMs, produce);
  app.get(
    '/categories/',
    {
      schema: {
        tags: ['catalog'],
        summary: 'All departments',
        querystring: ProductListQuerySchema.pick({}).extend({ lng: lngQuery }),
        response: { 200: CategoryListResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const lng = requestLanguage(request);
      return cache.send(request, reply, `categories:${lng}`, CATALOG_CACHE, CategoryListResponseSchema, async () => ({
        data: await listCategories(db, lng),
      }));
    },
  );

  app.get(
    '/product',
    {
      schema: {
        tags: ['catalog'],
        summary: 'All products, paged',
        querystring: ProductListQuerySchema.extend({ lng: lngQuery }),
        response: { 200: ProductPageResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const lng = requestLanguage(request);
      const { page, pageSize } = request.query;
      return cache.send(request, reply, `products:${lng}:${page}:${pageSize}`, CATALOG_CACHE, ProductPageResponseSchema, () =>
        listProducts(db, lng, { page, pageSize }, totals),
      );
    },
  );

  app.get(
    '/product/category/:categoryName',
    {
      schema: {
        tags: ['catalog'],
        summary: "A department's products: sorted, filtered, paged, with each filter value's count",
        params: CategoryProductsParamsSchema,
        querystring: DepartmentAisleQuerySchema.extend({ lng: lngQuery }),
        response: { 200: AislePageResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const lng = requestLanguage(request);
      const { categoryName } = request.params;
      const aisle = aisleRequest(request.query, 'featured');
      const key = `category:${lng}:${categoryName.toLowerCase()}:${aisleCacheKey(aisle)}`;
      return cache.send(request, reply, key, CATALOG_CACHE, AislePageResponseSchema, async () => {
        const result = await listDepartmentAisle(db, lng, categoryName, aisle, facetMemo);
        // Thrown, not cached: an unknown name costs one indexed lookup and never fills the cache.
        if (!result) throw notFound(`Category not found: ${categoryName}`);
        return result;
      });
    },
  );

  app.get(
    '/product/:id',
    {
      schema: {
        tags: ['catalog'],
        summary: 'One product',
        params: ProductParamsSchema,
        querystring: ProductListQuerySchema.pick({}).extend({ lng: lngQuery }),
        response: { 200: ProductResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const lng = requestLanguage(request);
      const { id } = request.params;
      return cache.send(request, reply, `product:${lng}:${id}`, CATALOG_CACHE, ProductResponseSchema, async () => {
        const product = await getProduct(db, lng, id);
        if (!product) throw notFound('Product not found');
        return { data: product };
      });
    },
  );

  app.get(
    '/subcategories',
    {
      schema: {
        tags: ['catalog'],
        summary: 'All subcategories, paged',
        querystring: ProductListQuerySchema.extend({ lng: lngQuery }),
        response: { 200: SubcategoryPageResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const lng = requestLanguage(request);
      const { page, pageSize } = request.query;
      return cache.send(request, reply, `subcategories:${lng}:${page}:${pageSize}`, CATALOG_CACHE, SubcategoryPageResponseSchema, () =>
        listSubcategories(db, lng, { page, pageSize }),
      );
    },
  );
};
