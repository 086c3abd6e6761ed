import { createTheme } from '@mui/material/styles';

import { type Direction } from '../lib/direction';
import { LinkBehavior } from '../lib/link-behavior';

/** System fonts only: nothing may load from outside the origin. Arabic-capable faces included. */
const FONT_STACK = [
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Noto Sans"',
  '"Noto Sans Arabic"',
  '"Helvetica Neue"',
  'Arial',
  'Tahoma',
  'sans-serif',
].join(',');

export const brandColors = {
  blue: '#0071dc',
  darkBlue: '#004f9a',
  navy: '#041e42',
  yellow: '#ffc220',
  paleBlue: '#e6f1fc',
  mist: '#f2f8fd',
} as const;

export function createAppTheme(direction: Direction) {
  return createTheme({
    direction,
    breakpoints: { values: { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 } },
    palette: {
      primary: { main: brandColors.blue, dark: brandColors.darkBlue, contrastText: '#ffffff' },
      secondary: { main: brandColors.yellow, contrastText: '#1f2328' },
      text: { primary: '#1f2328', secondary: '#51575f' },
      background: { default: '#ffffff', paper: '#ffffff' },
      divider: '#dfe3e8',
    },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily: FONT_STACK,
      h1: { fontSize: '2rem', fontWeight: 700, lineHeight: 1.25 },
      h2: { fontSize: '1.5rem', fontWeight: 700, lineHeight: 1.3 },
      h3: { fontSize: '1.2rem', fontWeight: 700, lineHeight: 1.35 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiLink: { defaultProps: { component: LinkBehavior } },
      MuiButtonBase: { defaultProps: { LinkComponent: LinkBehavior } },
      MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { borderRadius: 999 } } },
      MuiCssBaseline: {
        styleOverrides: {
          img: { maxWidth: '100%' },
          ':focus-visible': { outline: `3px solid ${brandColors.blue}`, outlineOffset: 2 },
        },
      },
    },
  });
}

const themes: Partial<Record<Direction, ReturnType<typeof createAppTheme>>> = {};

/**
 * The theme of a direction, made on first use and kept: building one takes a few milliseconds,
 * which neither a server render nor the browser's hydration of a page should spend again.
 */
export function themeFor(direction: Direction) {
  return (themes[direction] ??= createAppTheme(direction));
}
