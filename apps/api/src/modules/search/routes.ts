import { ErrorResponseSchema, LanguageSchema } from '@dukkan/contracts/common';
import {
  ProductSearchQuerySchema,
  ProductSearchResponseSchema,
  SearchSuggestQuerySchema,
  SearchSuggestResponseSchema,
} from '@dukkan/contracts/search';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { Database } from '../../db/client';
import { requestLanguage } from '../../lib/language';
import { CATALOG_CACHE, type ResponseCache } from '../../lib/response-cache';
import type { AisleMemo } from '../catalog/aisle';
import { aisleCacheKey, aisleRequest } from '../catalog/aisle-query';

import { searchWords } from './normalize';
import { searchProducts, suggestProducts } from './service';

interface SearchRoutesOptions {
  db: Database;
  cache: ResponseCache;
}

const lngQuery = LanguageSchema.optional().describe('Language of catalog text (else the i18next cookie, else en)');
const errors = { 400: ErrorResponseSchema };

/**
 * Product search and search-as-you-type suggestions. Static paths, so `/product/search` and
 * `/product/suggest` win over the catalog's `/product/:id` (find-my-way prefers static segments).
 * Answers are cached under the normalised words, so "Headphones " and "headphones" share one.
 */
export const searchRoutes: FastifyPluginAsyncZod<SearchRoutesOptions> = async (app, { db, cache }) => {
  // A search's facets are counted once for all its sorts and pages while their answers are fresh.
  const facetMemo: AisleMemo = (key, produce) => cache.remember(key, CATALOG_CACHE.ttlMs, produce);
  app.get(
    '/product/search',
    {
      schema: {
        tags: ['search'],
        summary: 'Products matching a text: most relevant first or sorted, filtered, paged, with facets',
        querystring: ProductSearchQuerySchema.extend({ lng: lngQuery }),
        response: { 200: ProductSearchResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const lng = requestLanguage(request);
      const words = searchWords(request.query.q);
      const aisle = aisleRequest(request.query, 'relevance');
      return cache.send(request, reply, `search:${lng}:${aisleCacheKey(aisle)}:${words.join(' ')}`, CATALOG_CACHE, ProductSearchResponseSchema, () =>
        searchProducts(db, lng, words, aisle, facetMemo),
      );
    },
  );

  app.get(
    '/product/suggest',
    {
      schema: {
        tags: ['search'],
        summary: 'Up to eight product titles for search-as-you-type',
        querystring: SearchSuggestQuerySchema.extend({ lng: lngQuery }),
        response: { 200: SearchSuggestResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const lng = requestLanguage(request);
      const words = searchWords(request.query.q);
      return cache.send(request, reply, `suggest:${lng}:${words.join(' ')}`, CATALOG_CACHE, SearchSuggestResponseSchema, async () => ({
        data: await suggestProducts(db, lng, words),
      }));
    },
  );
};
