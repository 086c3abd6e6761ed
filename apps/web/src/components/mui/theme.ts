import { createTheme } from '@mui/material/styles';

import { type Direction } from '../../lib/direction';
import { FOCUS_RING } from '../../lib/focus-ring';
import { LinkBehavior } from '../../lib/link-behavior';

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
    // The focus ring (lib/focus-ring.ts) as MUI draws it on every ButtonBase control (buttons, icon
    // buttons, accordion headers, menu items, radios, checkboxes) and Link: at once, and inside the
    // controls a scroller would clip (menu items, radios, checkboxes). Inside the header MUI adds a
    // white halo within the ring.
    focusVisible: { outlineColor: FOCUS_RING.color, outlineWidth: FOCUS_RING.width, outlineOffset: FOCUS_RING.offset },
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
      // The focus ripple fades in over half a second; the ring above shows focus at once.
      MuiButton: { defaultProps: { disableElevation: true, disableFocusRipple: true }, styleOverrides: { root: { borderRadius: 999 } } },
      MuiIconButton: { defaultProps: { disableFocusRipple: true } },
      MuiCheckbox: { defaultProps: { disableFocusRipple: true } },
      MuiRadio: { defaultProps: { disableFocusRipple: true } },
      MuiCssBaseline: {
        styleOverrides: {
          img: { maxWidth: '100%' },
          // Everything else that takes focus: router links, the skip link, a page's heading.
          ':focus-visible': { outline: `${FOCUS_RING.width}px solid ${FOCUS_RING.color}`, outlineOffset: FOCUS_RING.offset },
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
