import { PUBLIC_ROUTE_IDS, SESSION_ROUTE_IDS } from '../app/router';

/** One entry of Vite's build manifest (`dist/.vite/manifest.json`). */
export interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

export type ClientManifest = Record<string, ManifestChunk>;

/** The page module each public route loads (its `lazy` import in app/router.tsx), as the manifest names it. */
const PAGE_MODULES: Record<string, string> = {
  [PUBLIC_ROUTE_IDS.home]: 'src/app/routes/home-page.tsx',
  [PUBLIC_ROUTE_IDS.product]: 'src/features/catalog/product-details-page.tsx',
  [PUBLIC_ROUTE_IDS.search]: 'src/features/search/search-page.tsx',
  [PUBLIC_ROUTE_IDS.terms]: 'src/features/help/terms-page.tsx',
  [SESSION_ROUTE_IDS.cart]: 'src/features/cart/cart-page.tsx',
  [SESSION_ROUTE_IDS.wishlist]: 'src/features/wishlist/wishlist-page.tsx',
  [SESSION_ROUTE_IDS.checkout]: 'src/app/routes/checkout-route.tsx',
};
const DEPARTMENT_MODULE = 'src/features/catalog/department-page.tsx';

/** The manifest key of the page module of each matched route that has one. */
export function pageModules(routeIds: readonly string[]): string[] {
  return routeIds.flatMap((id) => {
    if (id.startsWith('department:')) return [DEPARTMENT_MODULE];
    const module = PAGE_MODULES[id];
    return module ? [module] : [];
  });
}

/** What a page adds to the built index.html: its styles (for the head) and its scripts. */
export interface RouteAssets {
  /** `<link rel="stylesheet">` for the CSS of the page's chunks: there at the first paint. */
  styles: string;
  /**
   * `<link rel="modulepreload" fetchpriority="low">` for the page's chunks, which the entry does
   * not load itself: they load with the entry instead of after it, once the page has painted
   * (they go where the entry's script waits, ssr/scripts-template.ts).
   */
  scripts: string;
}

/** The styles and script preloads of the matched pages' chunks beyond the entry's. */
export function routeAssets(manifest: ClientManifest | undefined, routeIds: readonly string[]): RouteAssets {
  if (!manifest) return { styles: '', scripts: '' };
  const entryFiles = new Set<string>();
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  const markEntry = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || entryFiles.has(chunk.file)) return;
    entryFiles.add(chunk.file);
    chunk.imports?.forEach(markEntry);
  };
  if (entry) {
    entryFiles.add(entry.file);
    entry.imports?.forEach(markEntry);
  }
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || entryFiles.has(chunk.file) || scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    chunk.css?.forEach((file) => styles.add(file));
    chunk.imports?.forEach(visit);
  };
  pageModules(routeIds).forEach(visit);
  return {
    styles: [...styles].map((file) => `<link rel="stylesheet" href="/${file}">\n    `).join(''),
    scripts: [...scripts].map((file) => `<link fetchpriority="low" rel="modulepreload" crossorigin href="/${file}">`).join(''),
  };
}
