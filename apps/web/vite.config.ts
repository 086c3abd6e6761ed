import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Where the dev server sends API, translation, image and payment requests (the API's dev server). */
const apiTarget = process.env.DUKKAN_API_URL ?? 'http://127.0.0.1:3000';
// '/pay/' with its slash: the card page is the API's, /payment and /payments/buttons.js are ours.
const proxied = ['/api', '/locales', '/images', '/pay/'];

export default defineConfig({
  plugins: [react()],
  resolve: {
    // One stylis for Emotion, its prefixer and stylis-plugin-rtl: the version Emotion pins
    // (apps/web depends on exactly that one). A newer prefixer crashes Emotion's older parser.
    dedupe: ['stylis'],
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
    sourcemap: false,
  },
});
