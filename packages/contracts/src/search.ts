import { z } from 'zod';

import { AislePageResponseSchema, SearchAisleFiltersSchema, priceRangeInOrder } from './aisle';
import { IdSchema, dataSchema } from './common';
import { MAX_SEARCH_LENGTH } from './limits';

export { MAX_SEARCH_LENGTH };
/** How many suggestions `GET /api/product/suggest` answers at most. */
export const MAX_SUGGESTIONS = 8;

/** `?q=`: free text, any characters; blank (or missing) finds nothing rather than failing. */
const SearchTextSchema = z
  .string({ message: 'q must be text, given once' })
  .max(MAX_SEARCH_LENGTH, { message: `q must be at most ${MAX_SEARCH_LENGTH} characters` })
  .default('')
  .describe('What to search for, in English or Arabic; blank finds nothing');

/** Query of `GET /api/product/search`: the text, an aisle's filters and sort (issue #34), and the usual paging. */
export const ProductSearchQuerySchema = SearchAisleFiltersSchema.extend({ q: SearchTextSchema }).superRefine(priceRangeInOrder);
export type ProductSearchQuery = z.infer<typeof ProductSearchQuerySchema>;

/** Matching products, most relevant first unless sorted otherwise, in an aisle's envelope: the page and its facets. */
export const ProductSearchResponseSchema = AislePageResponseSchema;
export type ProductSearchResponse = z.infer<typeof ProductSearchResponseSchema>;

/** Query of `GET /api/product/suggest`. */
export const SearchSuggestQuerySchema = z.object({ q: SearchTextSchema });
export type SearchSuggestQuery = z.infer<typeof SearchSuggestQuerySchema>;

/** One search-as-you-type suggestion; `title` is in the request's language. */
export const SearchSuggestionSchema = z.object({
  _id: IdSchema,
  title: z.string(),
  /** Name (key) of the product's department, e.g. `electronics`. */
  category: z.string(),
});
export type SearchSuggestion = z.infer<typeof SearchSuggestionSchema>;

/** Up to eight suggestions, most relevant first. */
export const SearchSuggestResponseSchema = dataSchema(z.array(SearchSuggestionSchema).max(MAX_SUGGESTIONS));
export type SearchSuggestResponse = z.infer<typeof SearchSuggestResponseSchema>;
