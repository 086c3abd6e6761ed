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
  createRoot(root).render(
    <StrictMode>
      <AdminApp store={createStore()} i18n={i18n} />
    </StrictMode>,
  );
});
