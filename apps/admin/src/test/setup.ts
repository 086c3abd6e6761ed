import '@testing-library/jest-dom/vitest';
import { XSRF_COOKIE } from '@dukkan/contracts/xsrf';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';

import { server } from './api-server';

// Lazily loaded screens are transformed on first import: give `findBy...` time for that.
configure({ asyncUtilTimeout: 10_000 });

// jsdom lacks these; MUI and the grid only need them to exist.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string): MediaQueryList =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList,
});
class NoopObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
Object.defineProperty(window, 'ResizeObserver', { writable: true, value: NoopObserver });

// Every request the back office makes is answered by the MSW handlers (api-server.ts); one no handler takes fails the test.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  document.cookie = 'i18next=; path=/; max-age=0';
  document.cookie = `${XSRF_COOKIE}=; path=/; max-age=0`;
});
afterAll(() => server.close());
