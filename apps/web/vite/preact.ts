import { createRequire } from 'node:module';
import path from 'node:path';

import type { Alias } from 'vite';

const preactRoot = path.dirname(createRequire(import.meta.url).resolve('preact/package.json'));
const esm = (file: string) => path.join(preactRoot, file);

/**
 * React's packages resolved to Preact's compatibility layer in the build, for the browser and the
 * server entry (docs/decisions/0021-preact.md; `npm run dev` and the unit tests keep React): the
 * same React API for our code and its libraries, in about a tenth of react-dom's weight. The most
 * specific paths come first.
 *
 * Every one points at Preact's ES module files, whether a package imports or `require`s it: a
 * CommonJS package (use-sync-external-store, for one) would otherwise get Preact's CommonJS build,
 * a second Preact whose hooks find no component rendering.
 */
export const preactAliases: Alias[] = [
  { find: /^react-dom\/client$/, replacement: esm('compat/client.mjs') },
  { find: /^react-dom\/server(\.browser|\.node)?$/, replacement: esm('compat/server.mjs') },
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: esm('compat/jsx-runtime.mjs') },
  { find: /^(react|react-dom|preact\/compat)$/, replacement: esm('compat/dist/compat.mjs') },
  { find: /^preact\/hooks$/, replacement: esm('hooks/dist/hooks.mjs') },
  { find: /^preact\/jsx-runtime$/, replacement: esm('jsx-runtime/dist/jsxRuntime.mjs') },
  { find: /^preact$/, replacement: esm('dist/preact.mjs') },
];
