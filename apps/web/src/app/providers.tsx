import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
// @mui/system's provider: what @mui/material's does for a theme without CSS variables (ours), without
// bringing the CSS-variables provider and colour-scheme code into every page (−3 KB gzipped).
import { ThemeProvider } from '@mui/system';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Provider as ReduxProvider } from 'react-redux';

import { directionOf } from '../lib/direction';
import { useHydrated } from '../lib/use-hydrated';

import { emotionCacheFor } from './emotion-cache';
import type { AppStore } from './store';
import { themeFor } from './theme';

// The toast container (and its styling library) loads after the first paint (and hydration); toasts raised
// before it arrives are kept by react-hot-toast's store and shown when it mounts.
const AppToaster = lazy(() => import('./toaster'));

/** Theme and Emotion cache follow the language: Arabic gets `direction: 'rtl'` and mirrored styles. */
function DirectionalTheme({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const direction = directionOf(i18n.resolvedLanguage ?? i18n.language);
  // Toasts only ever come from the browser: the container mounts after hydration.
  const hydrated = useHydrated();
  return (
    <CacheProvider value={emotionCacheFor(direction)}>
      <ThemeProvider theme={themeFor(direction)}>
        <CssBaseline />
        {children}
        {hydrated ? (
          <Suspense fallback={null}>
            <AppToaster />
          </Suspense>
        ) : null}
      </ThemeProvider>
    </CacheProvider>
  );
}

/** Everything a page needs around it: the store, theme, direction and toasts. */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <ReduxProvider store={store}>
      <DirectionalTheme>{children}</DirectionalTheme>
    </ReduxProvider>
  );
}
