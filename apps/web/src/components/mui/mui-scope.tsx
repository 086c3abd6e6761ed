import { CacheProvider } from '@emotion/react';
// @mui/system's provider: what @mui/material's does for a theme without CSS variables (ours), without
// bringing the CSS-variables provider and colour-scheme code along (−3 KB gzipped).
import { ThemeProvider } from '@mui/system';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { directionOf } from '../../lib/direction';

import { emotionCacheFor } from './emotion-cache';
import { themeFor } from './theme';

/**
 * MUI's theme and Emotion's style cache, around the parts of the shop drawn with MUI: the pages
 * of forms and lists (sign-in, account, checkout, search, terms), the header's open menus, the
 * loading bar (decision 0044). Those load it with their own code; the pages every shopper opens
 * first (home, departments, products, the cart) are plain elements and never load MUI, its theme
 * or its style engine. The theme and cache follow the language: Arabic gets `direction: 'rtl'` and
 * mirrored styles. The page-wide base styles MUI's CssBaseline gave are in app/shop.css.
 */
export function MuiScope({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const direction = directionOf(i18n.resolvedLanguage ?? i18n.language);
  return (
    <CacheProvider value={emotionCacheFor(direction)}>
      <ThemeProvider theme={themeFor(direction)}>{children}</ThemeProvider>
    </CacheProvider>
  );
}
