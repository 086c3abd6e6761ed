import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

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

afterEach(() => {
  cleanup();
  document.cookie = 'i18next=; path=/; max-age=0';
  document.cookie = 'XSRF-TOKEN=; path=/; max-age=0';
});
