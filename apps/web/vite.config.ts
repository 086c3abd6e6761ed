import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

import { compileHint } from './vite/compile-hint';
import { devServerRendering } from './vite/dev-server-rendering';
import { earlyEvents } from './vite/early-events';
import { preactAliases } from './vite/preact';
import { reactRouterProductionAliases } from './vite/react-router-production';
import { scriptsAfterPaint } from './vite/scripts-after-paint';
import { inlineShopCss } from './vite/shop-css';

/** Where the dev server sends API, translation, image and payment requests (the API's dev server). */
const apiTarget = process.env.DUKKAN_API_URL ?? 'http://127.0.0.1:3000';
// '/pay/' with its slash: the card page is the API's, /payment and /payments/buttons.js are ours.
const proxied = ['/api', '/locales', '/images', '/pay/'];

export default defineConfig(({ isSsrBuild, command }) => ({
  plugins: [react(), earlyEvents(), inlineShopCss(), devServerRendering(apiTarget), scriptsAfterPaint(), compileHint()],
  // Pages are rendered by the plugin above (dev) or the API process (production), not index.html as is.
  appType: 'custom',
  resolve: {
    // The built shop (browser and server) runs on Preact; `npm run dev` and the unit tests on
    // React 19, with its Fast Refresh and its warnings (decision 0021). The build takes React
    // Router's production files.
    alias: command === 'build' ? [...preactAliases, ...reactRouterProductionAliases] : [],
    // One stylis for Emotion, its prefixer and stylis-plugin-rtl: the version Emotion pins
    // (apps/web depends on exactly that one). A newer prefixer crashes Emotion's older parser.
    dedupe: ['stylis'],
  },
  // The server bundle carries React and MUI: built for production, as the browser's is (Node would
  // otherwise pick their development builds, several times slower, when NODE_ENV is unset).
  ...(isSsrBuild && command === 'build' ? { define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
  ssr: {
    // The server entry carries its packages, bundled as for the browser (with `dedupe`): Node
    // would otherwise load their CommonJS builds, e.g. stylis-plugin-rtl as `{ default }` and a
    // second stylis for Emotion, and break the Arabic styles.
    // In development Vite loads the same packages through its module runner.
    noExternal: isSsrBuild ? true : ['stylis', 'stylis-plugin-rtl', /^@emotion\//, /^@mui\//],
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    strictPort: true,
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: apiTarget, changeOrigin: false }])),
  },
  preview: {
    host: '127.0.0.1',
    port: 4173,
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: apiTarget, changeOrigin: false }])),
  },
  build: {
    // Vite prints every chunk with its gzip size; scripts/check-size.mjs enforces the budget
    // and reads the manifest to report what the home route loads.
    reportCompressedSize: true,
    manifest: true,
    // `DUKKAN_SOURCEMAP=1 npm run build` writes source maps beside the files, so that a CPU profile
    // of the built shop names functions and files (a profiling aid; the served build has none).
    sourcemap: process.env.DUKKAN_SOURCEMAP === '1',
    // Every browser the shop supports knows `<link rel="modulepreload">`: no polyfill in the entry.
    modulePreload: { polyfill: false },
    // The server entry (`--ssr`, dist/server/) needs no copy of public/.
    copyPublicDir: !isSsrBuild,
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              // Everything every page loads at start-up, in one chunk beside the entry rather than
              // dozens of small shared ones: gzip compresses one file far better (home route
              // −17 KB gzipped; decision 0020). The entry (index.html and main.tsx) stays apart so
              // the manifest keeps its `index.html` entry, which scripts/check-size.mjs reads.
              groups: [{ name: 'initial', tags: ['$initial'], test: (id) => !/[\\/](index\.html|src[\\/]main\.tsx)$/.test(id) }],
            },
          },
        },
  },
}));
