import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import i18next, { changeLanguage, use as registerPlugin } from 'i18next';
import { toast } from 'react-hot-toast';
import { initReactI18next } from 'react-i18next';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';

import { applyDocumentLanguage } from '../app/i18n';

import { server } from './api-server';
import { resources } from './resources';

// Lazily loaded pages are transformed on first import: give `findBy...` time for that.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks these browser APIs; MUI and the layout only need them to exist.
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
  takeRecords() {
    return [];
  }
}
vi.stubGlobal('IntersectionObserver', NoopObserver);
vi.stubGlobal('ResizeObserver', NoopObserver);
window.scrollTo = () => undefined;
Element.prototype.scrollIntoView = () => undefined;
// jsdom has <video> but cannot play it.
window.HTMLMediaElement.prototype.play = () => Promise.resolve();
window.HTMLMediaElement.prototype.pause = () => undefined;

// Node's Request (used by fetchBaseQuery) needs absolute URLs; the browser resolves `/api/...`
// against the page, so do the same here.
const NodeRequest = globalThis.Request;
class PageRelativeRequest extends NodeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, window.location.href) : input, init);
  }
}
vi.stubGlobal('Request', PageRelativeRequest);

// Translations from public/locales, in memory: tests see exactly what the shop serves.
await registerPlugin(initReactI18next).init({
  resources,
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: ['en', 'ar'],
  ns: Object.keys(resources.en),
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  initAsync: false,
});
i18next.on('languageChanged', applyDocumentLanguage);

// Every request the storefront makes is answered by the MSW handlers (api-server.ts).
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

beforeEach(async () => {
  if (i18next.language !== 'en') await changeLanguage('en');
  applyDocumentLanguage('en');
});

afterEach(() => {
  cleanup();
  server.resetHandlers();
  // react-hot-toast keeps its toasts in module state: a toast of one test must not show in the next.
  toast.remove();
  window.localStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
});
