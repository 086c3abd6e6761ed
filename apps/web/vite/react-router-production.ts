import { createRequire } from 'node:module';
import path from 'node:path';

import type { Alias } from 'vite';

const routerRoot = path.dirname(createRequire(import.meta.url).resolve('react-router/package.json'));

/**
 * React Router's production files for the build (browser and server entry). Its package offers
 * them under no export condition a bundler picks, so every build got its development files: the
 * same code plus development warnings, checked at every route match. Both names point into the
 * one production folder, so the app and `react-router/dom` share one router context.
 */
export const reactRouterProductionAliases: Alias[] = [
  { find: /^react-router\/dom$/, replacement: path.join(routerRoot, 'dist/production/dom-export.mjs') },
  { find: /^react-router$/, replacement: path.join(routerRoot, 'dist/production/index.mjs') },
];
