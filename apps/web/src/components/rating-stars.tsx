import Box from '@mui/material/Box';

/** MUI Rating's gold, on its grey. */
const FILLED = '#faaf00';
const EMPTY = 'rgba(0, 0, 0, 0.26)';
const STARS = '★★★★★';

const starsSx = { position: 'relative', display: 'inline-block', color: EMPTY, fontSize: '1.15rem', lineHeight: 1, whiteSpace: 'nowrap' } as const;
// `left` becomes `right` in Arabic (the RTL plugin): the stars fill from the reading start.
const filledSx = { position: 'absolute', top: 0, left: 0, overflow: 'hidden', color: FILLED } as const;

/**
 * A read-only rating out of five as stars, filled to the tenth ("Rated 3.3 out of 5" to a screen
 * reader). Two layers of text stars rather than MUI's Rating, which draws fifty elements for a
 * precision of 0.1: the product page renders on the server for every uncached request.
 */
export function RatingStars({ value, label }: { value: number; label: string }) {
  const filled = `${Math.round((Math.min(5, Math.max(0, value)) / 5) * 1000) / 10}%`;
  return (
    <Box component="span" role="img" aria-label={label} sx={starsSx}>
      <span aria-hidden="true">{STARS}</span>
      <Box component="span" aria-hidden="true" data-testid="rating-filled" sx={filledSx} style={{ width: filled }}>
        {STARS}
      </Box>
    </Box>
  );
}
