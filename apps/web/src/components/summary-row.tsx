import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/**
 * One row of an order summary's `<dl>` (cart, checkout): the term and its amount on one line.
 * `strong` is the estimated total, set off by a rule (an `<hr>` may not sit inside a `<dl>`).
 */
export function SummaryRow({ label, value, strong = false, color }: { label: string; value: ReactNode; strong?: boolean; color?: string }) {
  return (
    <Box
      sx={{
        display: 'flex',
        justifyContent: 'space-between',
        gap: 2,
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
    </Box>
  );
}
