import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  resolve: { dedupe: ['stylis'] },
  test: {
    name: 'admin',
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    restoreMocks: true,
    unstubGlobals: true,
    // The grid and the editor are large: on a loaded 2-core machine the first render is slow.
    testTimeout: 60_000,
  },
});
