import type { AppDispatch } from '../app/store';
import { catalogApi } from '../features/catalog/catalog-api';

import type { PageRequest, ServerPage } from './server-page';

export interface PrefetchPageInput extends PageRequest {
  /** The server parts of the matched routes, outermost first (their handles', app/route-handle.ts). */
  pages: readonly ServerPage[];
}

/**
 * Starts, before the first render, the queries the matched page is known to make — the shop's
 * departments, which every page has been given, then what each matched route's server part asks
 * for (ssr/pages/) — so most pages render once. It is only a head start: the render itself asks
 * for whatever else it needs (entry-server.tsx), so a list forgotten here costs a render, never a
 * wrong page.
 */
export async function prefetchPageData(dispatch: AppDispatch, { pages, ...request }: PrefetchPageInput): Promise<void> {
  await Promise.all([
    dispatch(catalogApi.endpoints.listCategories.initiate({ lng: request.language })),
    // Named on the cards and product pages of the products they apply to (issue #35).
    dispatch(catalogApi.endpoints.listAutomaticPromotions.initiate({ lng: request.language })),
    ...pages.map((page) => page.prefetch?.({ ...request, dispatch })),
  ]);
}
