import type { Product } from '@dukkan/contracts/catalog';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { type ReactNode } from 'react';

import { NowPrice } from './price';

export type ProductCardProduct = Pick<Product, '_id' | 'title' | 'price' | 'thumbnail'>;

export function productPath(id: string): string {
  return `/details/${encodeURIComponent(id)}`;
}

/** Product photos are 600 x 600 (the API's SVGs). */
export const PRODUCT_IMAGE_SIZE = 600;

/**
 * A product in a grid or slider (spec section 2): photo, "Now $price", the title in two lines.
 * The title links to `/details/{id}` and its link covers the whole card, so the photo opens it
 * too. `actions` (wishlist heart, Add button) sit above that link; the cart and wishlist
 * features pass them in.
 */
export function ProductCard({ product, actions }: { product: ProductCardProduct; actions?: ReactNode }) {
  return (
    <Box
      component="article"
      sx={{
        position: 'relative',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
        p: 1.5,
        borderRadius: 2,
        bgcolor: 'background.paper',
        border: 1,
        borderColor: 'divider',
        transition: 'box-shadow 150ms',
        '&:hover': { boxShadow: '0 4px 16px rgba(4, 30, 66, 0.12)' },
        '&:focus-within': { boxShadow: '0 0 0 3px #0071dc' },
      }}
    >
      <Box
        component="img"
        src={product.thumbnail}
        alt={product.title}
        width={PRODUCT_IMAGE_SIZE}
        height={PRODUCT_IMAGE_SIZE}
        loading="lazy"
        decoding="async"
        sx={{ width: '100%', height: 'auto', aspectRatio: '1 / 1', objectFit: 'contain', borderRadius: 1.5, bgcolor: '#f7f8fa' }}
      />
      <Typography component="p" sx={{ fontWeight: 700, fontSize: '1.1rem' }}>
        <NowPrice price={product.price} />
      </Typography>
      <Link
        href={productPath(product._id)}
        underline="hover"
        sx={{
          color: 'text.primary',
          fontSize: '0.95rem',
          lineHeight: 1.4,
          display: '-webkit-box',
          WebkitLineClamp: 2,
          WebkitBoxOrient: 'vertical',
          overflow: 'hidden',
          // The link's box covers the card: clicking the photo opens the product as well.
          '&::after': { content: '""', position: 'absolute', inset: 0, borderRadius: 2 },
          '&:focus-visible': { outline: 'none' },
        }}
      >
        {product.title}
      </Link>
      {actions ? (
        <Box sx={{ position: 'relative', zIndex: 1, mt: 'auto', display: 'flex', alignItems: 'center', gap: 1 }}>{actions}</Box>
      ) : null}
    </Box>
  );
}
