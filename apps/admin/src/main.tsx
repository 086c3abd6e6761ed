import { setupListeners } from '@reduxjs/toolkit/query/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { AdminApp } from './app/admin-app';
import { createI18n } from './app/i18n';
import { applyDocumentLanguage, detectLanguage, rememberLanguage } from './app/language';
import { createStore } from './app/store';

const language = detectLanguage();
// `?lng=` is remembered like the storefront's detector does (its `caches: ['cookie']`).
if (new URLSearchParams(window.location.search).has('lng')) rememberLanguage(language);
applyDocumentLanguage(language);

const root = document.getElementById('root');
void createI18n(language).then((i18n) => {
  if (!root) return;
  const store = createStore();
  // `refetchOnFocus` (the orders list, the dashboard) needs the window's focus and online events.
  setupListeners(store.dispatch);
  createRoot(root).render(
    <StrictMode>
      <AdminApp store={store} i18n={i18n} />
    </StrictMode>,
  );
});
