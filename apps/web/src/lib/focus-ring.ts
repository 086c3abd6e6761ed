/**
 * The keyboard focus ring of every control (WCAG 2.4.7, 2.4.11): a navy outline, drawn at once.
 * Navy stands out at 3:1 or more against everything a control sits on: the white page (16:1) and
 * the blue header (3.3:1). app/shop.css draws it around everything that takes focus, and MUI's
 * theme (components/mui/theme.ts) on MUI's controls; a control inside a scroller that
 * would clip it draws it inward (`outlineOffset: -FOCUS_RING.width`).
 */
export const FOCUS_RING = { color: '#041e42', width: 3, offset: 2 } as const;
