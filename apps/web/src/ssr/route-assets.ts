import type { RouteHandle } from '../app/route-handle';

/** One entry of Vite's build manifest (`dist/.vite/manifest.json`). */
export interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

export type ClientManifest = Record<string, ManifestChunk>;

/** The manifest keys of the matched routes' page modules (`handle.assets`, app/route-handle.ts). */
export function pageModules(handles: readonly RouteHandle[]): string[] {
  return handles.flatMap((handle) => (handle.assets ? [handle.assets] : []));
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

/** The styles and script preloads of the matched pages' chunks beyond the entry's (`handles`: the matched routes', outermost first). */
export function routeAssets(manifest: ClientManifest | undefined, handles: readonly RouteHandle[]): RouteAssets {
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
  pageModules(handles).forEach(visit);
  return {
    styles: [...styles].map((file) => `<link rel="stylesheet" href="/${file}">\n    `).join(''),
    scripts: [...scripts].map((file) => `<link fetchpriority="low" rel="modulepreload" crossorigin href="/${file}">`).join(''),
  };
}
