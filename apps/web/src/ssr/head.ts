import type { Language } from '@dukkan/contracts/common';
import { escapeHtml } from '@dukkan/contracts/html';
import { pictureSrcSet } from '@dukkan/contracts/pictures';

import type { HeadInput, PageMeta, ServerPage } from './server-page';

/** What a page puts in its `<head>`, and the status it answers with. */
export interface PageHead {
  status: number;
  /** The `<title>`, meta, link and JSON-LD elements, escaped, one per line. */
  tags: string;
}

export interface PageHeadInput extends HeadInput {
  /** The server parts of the matched routes, outermost first (their handles', app/route-handle.ts). */
  pages: readonly ServerPage[];
}

/** How long a meta description may be before it is cut (search engines show about this much). */
export const DESCRIPTION_LENGTH = 160;

const OG_LOCALE: Record<Language, string> = { en: 'en_US', ar: 'ar_AR' };

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

/**
 * The head of the deepest matched route that gives one; pages rendered in the browser (cart,
 * account, checkout...: for the signed-in shopper) get the shop's, not to be indexed.
 */
function pageMeta(pages: readonly ServerPage[], input: HeadInput): PageMeta {
  const page = pages.findLast((candidate) => candidate.head);
  return page?.head ? page.head(input) : { title: input.t.common('brand'), description: input.t.common('seo.home') };
}

/** The page's `<head>` elements and status: title, description, canonical and hreflang links, Open Graph, JSON-LD. */
export function pageHead({ pages, ...input }: PageHeadInput): PageHead {
  const { language, origin, t } = input;
  const meta = pageMeta(pages, input);
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
  if (meta.image) {
    const srcSet = meta.imageSizes ? pictureSrcSet(meta.image) : undefined;
    const copies = srcSet && meta.imageSizes ? ` imagesrcset="${escapeHtml(srcSet)}" imagesizes="${escapeHtml(meta.imageSizes)}"` : '';
    tags.push(`<link rel="preload" as="image" href="${escapeHtml(meta.image)}"${copies} fetchpriority="high">`);
  }
  for (const data of meta.structuredData ?? []) tags.push(jsonLd(data));
  return { status: meta.status ?? 200, tags: tags.join('\n    ') };
}
