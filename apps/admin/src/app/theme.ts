import { arEG, enUS } from '@mui/material/locale';
import { createTheme, type Theme } from '@mui/material/styles';
import type { GridLocaleText } from '@mui/x-data-grid';
import { arSD, enUS as gridEnUS } from '@mui/x-data-grid/locales';

import type { Direction } from './language';

/** System fonts only: the CSP allows nothing from outside the origin. Arabic-capable faces included. */
const FONT_STACK = ['system-ui', '-apple-system', '"Segoe UI"', 'Roboto', '"Noto Sans"', '"Noto Sans Arabic"', 'Arial', 'Tahoma', 'sans-serif'].join(',');

/** The storefront's focus ring: 3 px, dark blue, offset 2 px, seen on every control. */
const FOCUS = { outlineColor: '#004f9a', outlineWidth: 3, outlineOffset: 2 };

const themes: Partial<Record<Direction, Theme>> = {};

/**
 * The grid's Arabic row count with Latin digits, as the shop writes every number in Arabic too
 * (spec section 9); MUI X's Arabic locale writes Arabic-Indic ones.
 */
export const arabicRowCount: Pick<GridLocaleText, 'paginationDisplayedRows'> = {
  paginationDisplayedRows: ({ from, to, count }) => `\u200E${from}–${to}\u200E من ${count !== -1 ? count : `أكثر من ${to}`}`,
};

/** The theme of a direction (MUI `direction`, with MUI's and the grid's texts in that language). */
export function themeFor(direction: Direction): Theme {
  return (themes[direction] ??= createTheme(
    {
      direction,
      focusVisible: FOCUS,
      palette: {
        primary: { main: '#0071dc', dark: '#004f9a', contrastText: '#ffffff' },
        secondary: { main: '#041e42' },
        text: { primary: '#1f2328', secondary: '#51575f' },
      },
      typography: {
        fontFamily: FONT_STACK,
        h1: { fontSize: '1.75rem', fontWeight: 700 },
        h2: { fontSize: '1.3rem', fontWeight: 700 },
        // Below a section's h2 (the import screen's keys, a product's stock): never MUI's 3rem default.
        h3: { fontSize: '1.1rem', fontWeight: 700 },
        button: { textTransform: 'none', fontWeight: 600 },
      },
      components: {
        MuiButton: { defaultProps: { disableElevation: true } },
        MuiCssBaseline: {
          styleOverrides: {
            ':focus-visible': { outline: `${FOCUS.outlineWidth}px solid ${FOCUS.outlineColor}`, outlineOffset: FOCUS.outlineOffset },
          },
        },
      },
    },
    direction === 'rtl' ? arEG : enUS,
    direction === 'rtl' ? arSD : gridEnUS,
    direction === 'rtl' ? { components: { MuiDataGrid: { defaultProps: { localeText: arabicRowCount } } } } : {},
  ));
}
