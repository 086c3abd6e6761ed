import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Where the dev server sends API requests (the API's dev server). */
const apiTarget = process.env.DUKKAN_API_URL ?? 'http://127.0.0.1:3000';

/**
 * The back office's own bundle (decision 0036): React 19, served by the API at `/admin` from
 * apps/admin/dist; the storefront's build never sees these files.
 */
export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  resolve: {
    // One stylis for Emotion and stylis-plugin-rtl, as in the storefront.
    dedupe: ['stylis'],
  },
  server: {
    host: '127.0.0.1',
    port: 5174,
    strictPort: true,
    proxy: { '/api': { target: apiTarget, changeOrigin: false }, '/images': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    reportCompressedSize: true,
    sourcemap: false,
    // The API's CSP allows scripts from 'self' only: nothing inline in index.html.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    // The products grid (MUI X Data Grid) is one lazily loaded chunk of about 150 KB gzipped.
    chunkSizeWarningLimit: 600,
  },
});
