import { DEPARTMENT_PATHS } from '@dukkan/contracts/catalog';

/** A sitemap holds at most 50 000 URLs (sitemaps.org); past that, `/sitemap.xml` is an index. */
export const SITEMAP_MAX_URLS = 50_000;

/** The pages that are not products, listed first: the home page and the departments. */
export const STATIC_PATHS: readonly string[] = ['/', ...Object.values(DEPARTMENT_PATHS)];

/** One page of the shop, listed in both languages (two URLs). */
export interface ShopPage {
  path: string;
  lastModified?: Date;
}

/**
 * How the shop's pages (the static ones, then the products in id order) fall into sitemap pages
 * of `pagesPer` shop pages each. Products are found by keyset: page n's products are those with
 * `id >= productStarts[k]` and `id < productStarts[k + 1]` (k counted from the first page that
 * starts with a product).
 */
export interface SitemapPlan {
  /** Shop pages per sitemap page: half the URLs a sitemap page may hold. */
  pagesPer: number;
  /** The id of the first product of each sitemap page that begins with a product, in order. */
  productStarts: readonly string[];
}

/** The products of one sitemap page: ids in `[from, before)` in id order, at most `limit`. */
export interface ProductRange {
  /** Inclusive lower bound; unset: from the first product. */
  from?: string;
  /** Exclusive upper bound; unset: to the last product. */
  before?: string;
  limit: number;
}

/** What one sitemap page lists: some static pages, then a range of products. */
export interface SitemapPageContents {
  staticPaths: readonly string[];
  products: ProductRange | null;
}

/** Shop pages per sitemap page for `maxUrls` URLs (each shop page is two URLs; at least one). */
export function shopPagesPerSitemap(maxUrls: number): number {
  return Math.max(1, Math.floor(maxUrls / 2));
}

/** How many sitemap pages hold only (or begin with) static pages. */
function staticSitemapPages(pagesPer: number): number {
  return Math.ceil(STATIC_PATHS.length / pagesPer);
}

/** How many sitemap pages the plan makes: more than one means `/sitemap.xml` is an index. */
export function sitemapPageCount(plan: SitemapPlan): number {
  return staticSitemapPages(plan.pagesPer) + plan.productStarts.length;
}

/** What sitemap page `page` (from 1, within `sitemapPageCount`) lists. */
export function sitemapPageContents(plan: SitemapPlan, page: number): SitemapPageContents {
  const first = (page - 1) * plan.pagesPer;
  const staticPaths = STATIC_PATHS.slice(first, first + plan.pagesPer);
  const limit = plan.pagesPer - staticPaths.length;
  if (limit === 0) return { staticPaths, products: null };
  // Index into productStarts of this page's first product; -1: the first product (no lower bound).
  const start = page - 1 - staticSitemapPages(plan.pagesPer);
  const from = start >= 0 ? plan.productStarts[start] : undefined;
  const before = plan.productStarts[start + 1];
  return { staticPaths, products: { limit, ...(from === undefined ? {} : { from }), ...(before === undefined ? {} : { before }) } };
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text made safe for XML content and attribute values. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char] ?? char);
}

/**
 * The origin as every absolute URL of the shop begins, without the final `/`: what
 * `new URL(path, origin)` puts before an absolute path, worked out once for a whole sitemap.
 */
function urlBase(origin: string): string {
  return new URL('/', origin).href.slice(0, -1);
}

/**
 * The page in a language: English at its path, Arabic with `?lng=ar` (as the pages' hreflang links
 * say). `base` is `urlBase(origin)`; paths are absolute and carry no query of their own.
 */
function pageUrl(base: string, path: string, language: 'en' | 'ar'): string {
  return language === 'ar' ? `${base}${path}?lng=ar` : `${base}${path}`;
}

/** Two `<url>` entries, English and Arabic, each naming both and the default (English). */
function urlEntries(base: string, page: ShopPage): string {
  const en = escapeXml(pageUrl(base, page.path, 'en'));
  const ar = escapeXml(pageUrl(base, page.path, 'ar'));
  const alternates =
    `<xhtml:link rel="alternate" hreflang="en" href="${en}"/>` +
    `<xhtml:link rel="alternate" hreflang="ar" href="${ar}"/>` +
    `<xhtml:link rel="alternate" hreflang="x-default" href="${en}"/>`;
  const lastmod = page.lastModified ? `<lastmod>${page.lastModified.toISOString().slice(0, 10)}</lastmod>` : '';
  return `<url><loc>${en}</loc>${lastmod}${alternates}</url>\n<url><loc>${ar}</loc>${lastmod}${alternates}</url>\n`;
}

/** A `<urlset>` listing each page in English and Arabic, with hreflang alternates. */
export function sitemapUrlset(origin: string, pages: readonly ShopPage[]): string {
  const base = urlBase(origin);
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' +
    pages.map((page) => urlEntries(base, page)).join('') +
    '</urlset>\n'
  );
}

/** The URL of sitemap page `page` (from 1). */
export function sitemapPageUrl(origin: string, page: number): string {
  return new URL(`/sitemaps/${page}.xml`, origin).href;
}

/** The `<sitemapindex>` naming `/sitemaps/1.xml` … `/sitemaps/{pages}.xml`. */
export function sitemapIndex(origin: string, pages: number): string {
  const entries = Array.from({ length: pages }, (_, index) => `<sitemap><loc>${escapeXml(sitemapPageUrl(origin, index + 1))}</loc></sitemap>\n`);
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    entries.join('') +
    '</sitemapindex>\n'
  );
}

/**
 * Paths crawlers keep out of: the shopper's own pages (the header links `/Cart`, and robots.txt
 * paths are case-sensitive), payment (`/pay` covers `/payment` too) and the API.
 */
export const DISALLOWED_PATHS = ['/cart', '/Cart', '/checkout', '/userprofile', '/pay', '/api', '/admin'] as const;

/** robots.txt: everything but `DISALLOWED_PATHS`, and where the sitemap is. */
export function robotsTxt(origin: string): string {
  return ['User-agent: *', 'Allow: /', ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`), '', `Sitemap: ${new URL('/sitemap.xml', origin).href}`, ''].join('\n');
}
