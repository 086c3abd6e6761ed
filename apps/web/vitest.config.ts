import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // Run on Preact by vitest.preact.config.ts.
    exclude: ['src/**/*.preact.test.tsx'],
    css: false,
    restoreMocks: true,
    // Form tests type whole forms into lazily loaded pages; on a loaded 2-core machine the first
    // test of a file also pays for transforming its page.
    testTimeout: 20_000,
  },
});
