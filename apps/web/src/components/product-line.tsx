import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/**
 * One product in a list of the shopper's own (cart lines, wish-list items): a decorative
 * thumbnail (the title beside it names the product), the details, and an aside for amounts or
 * buttons. `busy` marks the item while a change to it is in flight.
 */
export function ProductLine({ thumbnail, size, busy, children }: { thumbnail: string; size: number; busy: boolean; children: ReactNode }) {
  return (
    <Box
      component="li"
      aria-busy={busy}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '80px minmax(0, 1fr)', sm: `${size}px minmax(0, 1fr) auto` },
        columnGap: 2,
        rowGap: 1,
        py: 2,
        borderTop: 1,
        borderColor: 'divider',
        '&:first-of-type': { borderTop: 0 },
      }}
    >
      <Box
        component="img"
        src={thumbnail}
        alt=""
        width={size}
        height={size}
        loading="lazy"
        sx={{ width: '100%', height: 'auto', aspectRatio: '1 / 1', objectFit: 'contain', borderRadius: 1.5, bgcolor: '#f7f8fa' }}
      />
      {children}
    </Box>
  );
}
