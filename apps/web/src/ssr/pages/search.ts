import { parseAisle } from '../../components/aisle/aisle-query';
import { searchApi, searchListArgs } from '../../features/search/search-api';
import { clip } from '../head';
import type { HeadInput, PageMeta, PrefetchInput } from '../server-page';

function queryOf(url: URL): string {
  return (url.searchParams.get('q') ?? '').trim();
}

/** The results of `?q=` with the aisle's filters, sort and page, as the search page asks for them. */
export async function prefetch({ dispatch, url, language: lng }: PrefetchInput): Promise<unknown> {
  const q = queryOf(url);
  if (!q) return undefined;
  return dispatch(searchApi.endpoints.searchProducts.initiate(searchListArgs(lng, q, parseAisle(url.searchParams, 'search'))));
}

export function head({ url, t }: HeadInput): PageMeta {
  const q = queryOf(url);
  const { page } = parseAisle(url.searchParams, 'search');
  return {
    title: t.common('pageTitle', { page: q ? t.shopping('search.title', { q }) : t.common('seo.searchTitle') }),
    description: clip(q ? t.common('seo.search', { q }) : t.common('seo.searchBlank')),
    // Without filters and sort, the page kept (issue #34).
    canonical: { path: '/search', params: q ? { q, ...(page > 1 ? { page: String(page) } : {}) } : {} },
  };
}
