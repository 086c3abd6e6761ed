import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The apps/api folder, found from this module's location so that the same code works from
 * `src/` (tsx, Vitest) and from the bundled `dist/server.js`.
 */
function findApiRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(path.join(dir, 'drizzle', 'meta')) && existsSync(path.join(dir, 'package.json'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Cannot find the apps/api folder (with drizzle/) above ' + import.meta.url);
    dir = parent;
  }
}

export const API_ROOT = findApiRoot();
export const MIGRATIONS_DIR = path.join(API_ROOT, 'drizzle');
/** An empty, initialised PGlite cluster made by `npm run build` (build.mjs); optional. */
export const PGLITE_BASE = path.join(API_ROOT, 'dist', 'pglite-base.tar.gz');
export const WEB_DIST_DIR = path.resolve(API_ROOT, '..', 'web', 'dist');
export const LOCALES_DIR = path.resolve(API_ROOT, '..', 'web', 'public', 'locales');
