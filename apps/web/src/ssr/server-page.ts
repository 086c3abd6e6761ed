import type { Language } from '@dukkan/contracts/common';
import type { TFunction } from 'i18next';

import type { AppDispatch, RootState } from '../app/store';

/** What the server knows of the request a page answers. */
export interface PageRequest {
  /** The deepest matched route's parameters (`id` of `/details/:id`). */
  params: Readonly<Record<string, string | undefined>>;
  url: URL;
  language: Language;
}

export interface PrefetchInput extends PageRequest {
  dispatch: AppDispatch;
}

/** The namespaces the head's texts come from, each in the page's language. */
export interface HeadTranslations {
  common: TFunction<'common'>;
  catalog: TFunction<'catalog'>;
  shopping: TFunction<'shopping'>;
  help: TFunction<'help'>;
}

export interface HeadInput extends PageRequest {
  /** The shop's public origin, for absolute links: `https://dukkan.example`. */
  origin: string;
  /** Translations of `language`, by namespace. */
  t: HeadTranslations;
  /** The page's store once rendered: the data the page showed. */
  state: RootState;
}

/** A page's head, which ssr/head.ts writes as elements, and its status. */
export interface PageMeta {
  /** 200 when not given; 404 for a page that is not there (the not-found route, an unknown product). */
  status?: number;
  title: string;
  description: string;
  /** Path and the parameters that make the page (`q`, `subcategory`); none: not to be indexed. */
  canonical?: { path: string; params?: Record<string, string> };
  ogType?: 'website' | 'product';
  /** The page's main picture: the Open Graph image, preloaded as the largest paint. */
  image?: string;
  /**
   * The `sizes` the page draws its main picture with, when it draws it from its WebP copies
   * (lib/picture.ts): the preload then names the same copies, so the one fetched is the one shown.
   */
  imageSizes?: string;
  structuredData?: unknown[];
}

/**
 * The server's part of a public page, which its route's handle loads (`handle.server`,
 * app/route-handle.ts): under ssr/pages/, imported by the server only.
 */
export interface ServerPage {
  /**
   * Starts the queries the page is known to make, before the first render, so that it renders
   * once with its data. Only a head start: the render asks for whatever else it needs
   * (entry-server.tsx), so a query forgotten here costs a render, never a wrong page.
   */
  prefetch?: (input: PrefetchInput) => Promise<unknown>;
  /** The page's head and status, from what it rendered. */
  head?: (input: HeadInput) => PageMeta;
}
