import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';

import { DeferHydration } from '../lib/deferred-hydration';

import { ProductCard, type ProductCardProduct } from './product-card';

/** Spec section 9: product grids have 2 columns, 3 from medium width (900px). */
const gridSx = {
  listStyle: 'none',
  m: 0,
  p: 0,
  display: 'grid',
  gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' },
  gap: { xs: 1.5, sm: 2, md: 3 },
} as const;

/**
 * Products in the spec's grid, as a list. On a server-rendered page each card hydrates in a task
 * of its own (lib/deferred-hydration.tsx).
 */
export function ProductGrid({ products }: { products: readonly ProductCardProduct[] }) {
  return (
    <Box component="ul" sx={gridSx}>
      {products.map((product) => (
        <li key={product._id}>
          <DeferHydration>
            <ProductCard product={product} />
          </DeferHydration>
        </li>
      ))}
    </Box>
  );
}

/** Placeholder cards in the same grid while products load. */
export function ProductGridSkeleton({ count = 6 }: { count?: number }) {
  const { t } = useTranslation('catalog');
  return (
    <Box role="status" aria-label={t('grid.loading')}>
      <Box component="ul" sx={gridSx} aria-hidden="true">
        {Array.from({ length: count }, (_, index) => (
          <li key={index}>
            <Box sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 2 }}>
              <Skeleton variant="rounded" sx={{ width: '100%', height: 'auto', aspectRatio: '1 / 1' }} />
              <Skeleton variant="text" sx={{ fontSize: '1.1rem', width: '40%', mt: 1 }} />
              <Skeleton variant="text" sx={{ fontSize: '0.95rem' }} />
              <Skeleton variant="text" sx={{ fontSize: '0.95rem', width: '70%' }} />
            </Box>
          </li>
        ))}
      </Box>
    </Box>
  );
}
