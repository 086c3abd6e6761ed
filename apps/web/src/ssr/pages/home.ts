import type { Language } from '@dukkan/contracts/common';

import { catalogApi } from '../../features/catalog/catalog-api';
import { bannerSrc } from '../../features/catalog/departments';
import { PICTURE_SIZES } from '../../lib/picture';
import { localizedUrl } from '../head';
import type { HeadInput, HeadTranslations, PageMeta, PrefetchInput } from '../server-page';

/** The home page's first product row: Grocery's list. */
export async function prefetch({ dispatch, language: lng }: PrefetchInput): Promise<unknown> {
  return dispatch(catalogApi.endpoints.listCategoryProducts.initiate({ lng, category: 'Grocery' }));
}

function structuredData(origin: string, language: Language, t: HeadTranslations): unknown[] {
  const home = localizedUrl(origin, '/', {}, language);
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: t.common('brand'),
      url: home,
      logo: new URL('/favicon.svg', origin).href,
      description: t.common('seo.organization'),
    },
    {
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: t.common('brand'),
      url: home,
      inLanguage: language,
      potentialAction: {
        '@type': 'SearchAction',
        target: { '@type': 'EntryPoint', urlTemplate: `${new URL('/search', origin).href}?q={search_term_string}` },
        'query-input': 'required name=search_term_string',
      },
    },
  ];
}

/** The shop's own head: Organization and WebSite (with its search) as structured data. */
export function head({ origin, language, t }: HeadInput): PageMeta {
  return {
    title: t.common('pageTitle', { page: t.catalog('home.title') }),
    description: t.common('seo.home'),
    canonical: { path: '/' },
    image: bannerSrc('home-hero'),
    imageSizes: PICTURE_SIZES.banner,
    structuredData: structuredData(origin, language, t),
  };
}
