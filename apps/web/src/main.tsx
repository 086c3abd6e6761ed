import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';

import { initI18n } from './app/i18n';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { createAppStore } from './app/store';

void initI18n();
const store = createAppStore();
const router = createAppRouter();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to render the shop into.');

createRoot(container).render(
  <StrictMode>
    {/* Translations load before the first paint; nothing is shown until the common texts are there. */}
    <Suspense fallback={null}>
      <AppProviders store={store}>
        <RouterProvider router={router} />
      </AppProviders>
    </Suspense>
  </StrictMode>,
);
