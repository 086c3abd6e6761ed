import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export interface DeliveryTile {
  key: string;
  name: string;
  lines: string[];
}

/**
 * The spec's three delivery tiles side by side (shipping, pickup, delivery), the first one
 * highlighted as the chosen way; the product page and the cart give their own texts.
 */
export function DeliveryTiles({ tiles }: { tiles: readonly DeliveryTile[] }) {
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 1 }}>
      {tiles.map((tile, index) => (
        <Box
          component="li"
          key={tile.key}
          sx={{
            p: 1.25,
            borderRadius: 2,
            border: index === 0 ? 2 : 1,
            borderColor: index === 0 ? 'primary.main' : 'divider',
            bgcolor: index === 0 ? '#f2f8fd' : 'background.paper',
            fontSize: '0.85rem',
          }}
        >
          <Typography sx={{ fontWeight: 700, fontSize: '0.9rem' }}>{tile.name}</Typography>
          {tile.lines.map((line) => (
            <Typography key={line} sx={{ fontSize: '0.85rem', color: 'text.secondary' }}>
              {line}
            </Typography>
          ))}
        </Box>
      ))}
    </Box>
  );
}
