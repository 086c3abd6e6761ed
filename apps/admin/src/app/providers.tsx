import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { i18n } from 'i18next';
import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Toaster } from 'react-hot-toast';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';

import { emotionCacheFor } from './emotion-cache';
import { applyDocumentLanguage, directionOf, toLanguage } from './language';
import type { AdminStore } from './store';
import { themeFor } from './theme';

/** The language i18next is in, followed as it changes. */
function useLanguage(instance: i18n) {
  return useSyncExternalStore(
    (notify) => {
      instance.on('languageChanged', notify);
      return () => instance.off('languageChanged', notify);
    },
    () => toLanguage(instance.language),
  );
}

/**
 * Everything the screens stand on: the store, the translations, and MUI in the language's
 * direction (theme `direction` + an Emotion cache that mirrors styles for Arabic).
 */
export function Providers({ store, i18n: instance, children }: { store: AdminStore; i18n: i18n; children: ReactNode }) {
  const language = useLanguage(instance);
  const direction = directionOf(language);
  const [cache] = useState(() => ({ ltr: emotionCacheFor('ltr'), rtl: emotionCacheFor('rtl') }));
  useEffect(() => {
    applyDocumentLanguage(language);
    document.title = instance.t('app.title');
  }, [language, instance]);
  return (
    <Provider store={store}>
      <I18nextProvider i18n={instance}>
        <CacheProvider value={cache[direction]}>
          <ThemeProvider theme={themeFor(direction)}>
            <CssBaseline />
            {children}
            <Toaster position="top-center" toastOptions={{ style: { maxWidth: 350 } }} containerStyle={{ inset: 16 }} gutter={8} />
          </ThemeProvider>
        </CacheProvider>
      </I18nextProvider>
    </Provider>
  );
}
