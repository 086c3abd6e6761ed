import { searchApi } from '../../features/search/search-api';
import { clip } from '../head';
import type { HeadInput, PageMeta, PrefetchInput } from '../server-page';

function queryOf(url: URL): string {
  return (url.searchParams.get('q') ?? '').trim();
}

/** The results of `?q=`, as the search page asks for them. */
export async function prefetch({ dispatch, url, language: lng }: PrefetchInput): Promise<unknown> {
  const q = queryOf(url);
  return q ? dispatch(searchApi.endpoints.searchProducts.initiate({ lng, q })) : undefined;
}

export function head({ url, t }: HeadInput): PageMeta {
  const q = queryOf(url);
  return {
    title: t.common('pageTitle', { page: q ? t.shopping('search.title', { q }) : t.common('seo.searchTitle') }),
    description: clip(q ? t.common('seo.search', { q }) : t.common('seo.searchBlank')),
    canonical: { path: '/search', params: q ? { q } : {} },
  };
}
