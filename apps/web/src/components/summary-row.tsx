import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/**
 * One row of an order summary's `<dl>` (cart, checkout): the term and its amount on one line.
 * `strong` is the estimated total, set off by a rule (an `<hr>` may not sit inside a `<dl>`).
 * `note` explains the amount, on a line of its own under it (a second `<dd>` of the term).
 */
export function SummaryRow({
  label,
  value,
  strong = false,
  color,
  note,
}: {
  label: string;
  value: ReactNode;
  strong?: boolean;
  color?: string;
  note?: ReactNode;
}) {
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: note ? 'wrap' : undefined,
        justifyContent: 'space-between',
        columnGap: 2,
        py: 0.5,
        fontWeight: strong ? 800 : 400,
        color,
        ...(strong ? { borderTop: 1, borderColor: 'divider', mt: 1, pt: 1.5 } : {}),
      }}
    >
      <Box component="dt">{label}</Box>
      <Box component="dd" sx={{ m: 0, textAlign: 'end' }}>
        {value}
      </Box>
      {note ? (
        <Box component="dd" sx={{ m: 0, flexBasis: '100%', fontSize: '0.85rem', color: 'text.secondary' }}>
          {note}
        </Box>
      ) : null}
    </Box>
  );
}
