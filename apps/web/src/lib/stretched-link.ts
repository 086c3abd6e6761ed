/**
 * Styles of a product title link whose box stretches over its card (the nearest positioned
 * ancestor), so the whole card opens the product; the title is clamped to two lines. Buttons on
 * the card sit above it (`position: relative; z-index: 1`). Spread into the link's `sx`.
 */
export const stretchedTitleLinkSx = {
  color: 'text.primary',
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  '&::after': { content: '""', position: 'absolute', inset: 0, borderRadius: 2 },
  '&:focus-visible': { outline: 'none' },
} as const;
