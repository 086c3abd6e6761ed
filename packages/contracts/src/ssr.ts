import type { Language } from './common';

/**
 * What the storefront's server entry (apps/web/src/ssr/entry-server.tsx, `render`) takes: the
 * contract between it and whoever calls it — the API process (apps/api/src/modules/web/
 * page-renderer.ts) and Vite's dev server (apps/web/vite/dev-server-rendering.ts).
 */
export interface PageRenderInput {
  /** The page's path and query, e.g. `/details/abc?lng=ar`. */
  url: string;
  /** The shop's public origin, for canonical and shared links: `http://127.0.0.1:3000`. */
  origin: string;
  language: Language;
  /** How the page's store reaches the API: base URL (absolute) and a `fetch` (app.inject in production). */
  apiBaseUrl: string;
  fetchFn: typeof fetch;
  /** Every namespace of `language`: `{ common: {...}, catalog: {...} }`. */
  translations: Record<string, unknown>;
  /** index.html as Vite built it, with the `<!--app-…-->` placeholders. */
  template: string;
}

/** What `render` answers. */
export interface PageRenderOutput {
  status: number;
  /** The whole document, or empty for a redirect. */
  html: string;
  /** `Location` of a redirect. */
  location?: string;
  /** How many times the page was rendered before it had all its data. */
  passes?: number;
}
