import type { Product } from '@dukkan/contracts/catalog';
import type { Language } from '@dukkan/contracts/common';
import type { TFunction } from 'i18next';

import { PUBLIC_ROUTE_IDS } from '../app/router';
import type { RootState } from '../app/store';
import { catalogApi } from '../features/catalog/catalog-api';
import { bannerSrc, DEPARTMENTS, type Department } from '../features/catalog/departments';
import { formatPrice } from '../lib/format-price';
import { productPath } from '../lib/product-path';

/** The namespaces the head's texts come from, each in the page's language. */
export interface HeadTranslations {
  common: TFunction<'common'>;
  catalog: TFunction<'catalog'>;
  shopping: TFunction<'shopping'>;
  help: TFunction<'help'>;
}

/** What a page puts in its `<head>`, and the status it answers with. */
export interface PageHead {
  status: number;
  /** The `<title>`, meta, link and JSON-LD elements, escaped, one per line. */
  tags: string;
}

export interface PageHeadInput {
  /** Ids of the matched routes, outermost first (app/router.tsx). */
  routeIds: readonly string[];
  params: Readonly<Record<string, string | undefined>>;
  url: URL;
  language: Language;
  /** The shop's public origin, for absolute links: `https://dukkan.example`. */
  origin: string;
  /** Translations of `language`, by namespace. */
  t: HeadTranslations;
  /** The page's store once rendered: the data the page showed. */
  state: RootState;
}

/** How long a meta description may be before it is cut (search engines show about this much). */
export const DESCRIPTION_LENGTH = 160;

const OG_LOCALE: Record<Language, string> = { en: 'en_US', ar: 'ar_AR' };

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text safe in an HTML attribute or element. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** JSON inside `<script type="application/ld+json">`: no `<` can end the element. */
function jsonLd(value: unknown): string {
  return `<script type="application/ld+json">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`;
}

/** Whitespace collapsed and cut at a word to `max` characters, with an ellipsis when cut. */
export function clip(text: string, max = DESCRIPTION_LENGTH): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * The URL of a page in a language: English at the plain path, Arabic with `?lng=ar` (after the
 * page's own parameters), so each language has an address of its own for search engines.
 */
export function localizedUrl(origin: string, path: string, params: Readonly<Record<string, string>>, language: Language): string {
  const url = new URL(path, origin);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  if (language === 'ar') url.searchParams.set('lng', 'ar');
  return url.href;
}

interface PageMeta {
  status?: number;
  title: string;
  description: string;
  /** Path and the parameters that make the page (`q`, `subcategory`); none: not to be indexed. */
  canonical?: { path: string; params?: Record<string, string> };
  ogType?: 'website' | 'product';
  /** The page's main picture: the Open Graph image, preloaded as the largest paint. */
  image?: string;
  structuredData?: unknown[];
}

function productOf(state: RootState, language: Language, id: string) {
  return catalogApi.endpoints.getProduct.select({ lng: language, id })(state);
}

function productStructuredData(product: Product, url: string, origin: string, t: HeadTranslations): unknown[] {
  const department = DEPARTMENTS.find((entry) => entry.name === product.category);
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: product.title,
      description: product.description,
      image: (product.images.length > 0 ? product.images : [product.thumbnail]).map((src) => new URL(src, origin).href),
      sku: product._id,
      brand: { '@type': 'Brand', name: product.brand },
      category: product.categoryLabel,
      url,
      offers: {
        '@type': 'Offer',
        url,
        price: product.price.toFixed(2),
        priceCurrency: 'USD',
        availability: product.quantity > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
        itemCondition: 'https://schema.org/NewCondition',
      },
      ...(product.reviewCount > 0
        ? {
            aggregateRating: {
              '@type': 'AggregateRating',
              ratingValue: product.rating,
              reviewCount: product.reviewCount,
              bestRating: 5,
              worstRating: 1,
            },
          }
        : {}),
    },
    {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: t.catalog('details.home'), item: new URL('/', origin).href },
        {
          '@type': 'ListItem',
          position: 2,
          name: product.categoryLabel,
          item: new URL(department?.path ?? `/${product.category}`, origin).href,
        },
        { '@type': 'ListItem', position: 3, name: product.title, item: url },
      ],
    },
  ];
}

function homeStructuredData(origin: string, language: Language, t: HeadTranslations): unknown[] {
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

function departmentMeta(department: Department, url: URL, t: HeadTranslations): PageMeta {
  const name = t.catalog(`departments.${department.labelKey}`);
  const subcategory = url.searchParams.get('subcategory') || undefined;
  return {
    title: t.common('pageTitle', { page: name }),
    description: t.common('seo.department', { name }),
    canonical: { path: department.path, params: subcategory ? { subcategory } : {} },
    image: subcategory ? undefined : bannerSrc(department.hero.image),
  };
}

function notFoundMeta(t: HeadTranslations): PageMeta {
  return { status: 404, title: t.common('pageTitle', { page: t.common('notFound.title') }), description: t.common('seo.notFound') };
}

/** The head of the deepest matched public route; pages rendered in the browser get the shop's. */
function pageMeta({ routeIds, params, url, language, origin, t, state }: PageHeadInput): PageMeta {
  const leaf = routeIds.at(-1);
  const department = DEPARTMENTS.find((entry) => routeIds.includes(`department:${entry.name}`));
  if (department) return departmentMeta(department, url, t);
  switch (leaf) {
    case PUBLIC_ROUTE_IDS.home:
      return {
        title: t.common('pageTitle', { page: t.catalog('home.title') }),
        description: t.common('seo.home'),
        canonical: { path: '/' },
        image: bannerSrc('home-hero'),
        structuredData: homeStructuredData(origin, language, t),
      };
    case PUBLIC_ROUTE_IDS.product: {
      const id = params.id ?? '';
      const { data: product, error } = productOf(state, language, id);
      if (!product) {
        const status = error && 'status' in error && (error.status === 404 || error.status === 400) ? 404 : 503;
        return status === 404 ? notFoundMeta(t) : { status, title: t.common('pageTitle', { page: t.common('brand') }), description: t.common('seo.home') };
      }
      const path = productPath(product._id);
      return {
        title: t.common('pageTitle', { page: product.title }),
        description: clip(t.common('seo.product', { title: product.title, price: formatPrice(product.price), description: product.description })),
        canonical: { path },
        ogType: 'product',
        image: product.images[0] ?? product.thumbnail,
        structuredData: productStructuredData(product, localizedUrl(origin, path, {}, language), origin, t),
      };
    }
    case PUBLIC_ROUTE_IDS.search: {
      const q = (url.searchParams.get('q') ?? '').trim();
      return {
        title: t.common('pageTitle', { page: q ? t.shopping('search.title', { q }) : t.common('seo.searchTitle') }),
        description: clip(q ? t.common('seo.search', { q }) : t.common('seo.searchBlank')),
        canonical: { path: '/search', params: q ? { q } : {} },
      };
    }
    case PUBLIC_ROUTE_IDS.terms:
      return { title: t.common('pageTitle', { page: t.help('title') }), description: t.common('seo.terms'), canonical: { path: '/termsOfUs' } };
    case PUBLIC_ROUTE_IDS.notFound:
      return notFoundMeta(t);
    default:
      // Cart, account, checkout...: rendered in the browser for the signed-in shopper; not indexed.
      return { title: t.common('brand'), description: t.common('seo.home') };
  }
}

/** The page's `<head>` elements and status: title, description, canonical and hreflang links, Open Graph, JSON-LD. */
export function pageHead(input: PageHeadInput): PageHead {
  const { language, origin, t } = input;
  const meta = pageMeta(input);
  const tags = [`<title>${escapeHtml(meta.title)}</title>`, `<meta name="description" content="${escapeHtml(meta.description)}">`];
  const image = meta.image ? new URL(meta.image, origin).href : new URL('/favicon.svg', origin).href;
  if (meta.canonical) {
    const { path, params = {} } = meta.canonical;
    const canonical = localizedUrl(origin, path, params, language);
    const english = localizedUrl(origin, path, params, 'en');
    tags.push(
      `<link rel="canonical" href="${escapeHtml(canonical)}">`,
      `<link rel="alternate" hreflang="en" href="${escapeHtml(english)}">`,
      `<link rel="alternate" hreflang="ar" href="${escapeHtml(localizedUrl(origin, path, params, 'ar'))}">`,
      `<link rel="alternate" hreflang="x-default" href="${escapeHtml(english)}">`,
      `<meta property="og:url" content="${escapeHtml(canonical)}">`,
    );
  } else {
    tags.push('<meta name="robots" content="noindex">');
  }
  tags.push(
    `<meta property="og:type" content="${meta.ogType ?? 'website'}">`,
    `<meta property="og:site_name" content="${escapeHtml(t.common('brand'))}">`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}">`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}">`,
    `<meta property="og:image" content="${escapeHtml(image)}">`,
    `<meta property="og:locale" content="${OG_LOCALE[language]}">`,
    `<meta name="twitter:card" content="summary_large_image">`,
  );
  if (meta.image) tags.push(`<link rel="preload" as="image" href="${escapeHtml(meta.image)}" fetchpriority="high">`);
  for (const data of meta.structuredData ?? []) tags.push(jsonLd(data));
  return { status: meta.status ?? 200, tags: tags.join('\n    ') };
}
