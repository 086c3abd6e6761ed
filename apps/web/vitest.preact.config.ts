import { defineProject } from 'vitest/config';

import { preactAliases } from './vite/preact';

/**
 * Unit tests that must run on Preact, as the built shop does (decision 0021): behaviour the two
 * renderers do differently (parts of a page hydrated later). Only files named `*.preact.test.tsx`,
 * which import nothing from node_modules that would load React itself (Node resolves those
 * packages, out of the aliases' reach).
 */
export default defineProject({
  resolve: { alias: preactAliases },
  test: {
    name: 'web-preact',
    environment: 'jsdom',
    // Preact runs effects after the next frame, as in a browser.
    environmentOptions: { jsdom: { pretendToBeVisual: true } },
    include: ['src/**/*.preact.test.tsx'],
    restoreMocks: true,
  },
});
