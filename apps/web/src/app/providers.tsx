import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { lazy, type ReactNode, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Provider as ReduxProvider } from 'react-redux';

import { directionOf } from '../lib/direction';

import { emotionCacheFor } from './emotion-cache';
import type { AppStore } from './store';
import { createAppTheme } from './theme';

// The toast container (and its styling library) loads after the first paint; toasts raised
// before it arrives are kept by react-hot-toast's store and shown when it mounts.
const AppToaster = lazy(() => import('./toaster'));

/** Theme and Emotion cache follow the language: Arabic gets `direction: 'rtl'` and mirrored styles. */
function DirectionalTheme({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const direction = directionOf(i18n.resolvedLanguage ?? i18n.language);
  const theme = useMemo(() => createAppTheme(direction), [direction]);
  return (
    <CacheProvider value={emotionCacheFor(direction)}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
        <Suspense fallback={null}>
          <AppToaster />
        </Suspense>
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
