import type { Product } from '@dukkan/contracts/catalog';
import Box from '@mui/material/Box';
import { type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

import { productPath } from '../lib/product-path';
import { stretchedTitleLinkSx } from '../lib/stretched-link';

import { ProductPrice } from './price';
import { AddToCartButton, WishlistToggle } from './product-actions';

export type ProductCardProduct = Pick<Product, '_id' | 'title' | 'price' | 'listPrice' | 'thumbnail'>;

/** Product photos are 600 x 600 (the API's SVGs). */
export const PRODUCT_IMAGE_SIZE = 600;

export interface ProductCardProps {
  product: ProductCardProduct;
  /** Replaces the card's buttons (by default the Add button). */
  actions?: ReactNode;
  /** `wide` puts the photo beside the text: one or two cards across a slider. */
  layout?: 'grid' | 'wide';
}

/**
 * A product in a grid or slider (spec section 2): photo, "Now $price" (and "Was $list-price" on
 * a reduced product), the title in two lines, a wish-list heart and an Add button. The title
 * links to `/details/{id}` and its link covers the whole card, so the photo opens it too; the
 * buttons sit above that link.
 */
export function ProductCard({ product, actions, layout = 'grid' }: ProductCardProps) {
  const wide = layout === 'wide';
  // One styled element for the card and plain elements inside, styled from here by class: a page
  // renders dozens of cards, on the server and again as it hydrates, and every styled component
  // costs a style serialisation each time (decision 0021).
  return (
    <Box
      component="article"
      sx={{
        position: 'relative',
        height: '100%',
        display: 'grid',
        gridTemplateColumns: wide ? { xs: 'minmax(0, 2fr) minmax(0, 3fr)', sm: 'minmax(0, 220px) minmax(0, 1fr)' } : 'minmax(0, 1fr)',
        gridTemplateRows: wide ? 'auto' : 'auto 1fr',
        columnGap: 2,
        rowGap: 1,
        alignItems: wide ? 'center' : 'stretch',
        p: 1.5,
        borderRadius: 2,
        bgcolor: 'background.paper',
        border: 1,
        borderColor: 'divider',
        transition: 'box-shadow 150ms',
        '&:hover': { boxShadow: '0 4px 16px rgba(4, 30, 66, 0.12)' },
        '&:focus-within': { boxShadow: '0 0 0 3px #0071dc' },
        '& .card-photo': { position: 'relative' },
        '& .card-photo img': {
          display: 'block',
          width: '100%',
          height: 'auto',
          aspectRatio: '1 / 1',
          objectFit: 'contain',
          borderRadius: 1.5,
          bgcolor: '#f7f8fa',
        },
        '& .card-heart': { position: 'absolute', top: 6, insetInlineEnd: 6, zIndex: 1 },
        '& .card-text': { display: 'flex', flexDirection: 'column', gap: 1, minWidth: 0, height: wide ? 'auto' : '100%' },
        '& .card-price': { m: 0, fontWeight: 700, fontSize: '1.1rem', lineHeight: 1.5 },
        '& .card-title': {
          ...stretchedTitleLinkSx,
          fontSize: '0.95rem',
          lineHeight: 1.4,
          textDecoration: 'none',
          '&:hover': { textDecoration: 'underline' },
        },
        '& .card-actions': { position: 'relative', zIndex: 1, mt: wide ? 1 : 'auto', display: 'flex', alignItems: 'center', gap: 1 },
      }}
    >
      <div className="card-photo">
        <img src={product.thumbnail} alt={product.title} width={PRODUCT_IMAGE_SIZE} height={PRODUCT_IMAGE_SIZE} loading="lazy" decoding="async" />
        <div className="card-heart">
          <WishlistToggle product={product} size="small" />
        </div>
      </div>
      <div className="card-text">
        <p className="card-price">
          <ProductPrice product={product} />
        </p>
        {/* The link's box covers the card: clicking the photo opens the product as well. */}
        <RouterLink className="card-title" to={productPath(product._id)}>
          {product.title}
        </RouterLink>
        <div className="card-actions">{actions ?? <AddToCartButton product={product} sx={{ minWidth: 72 }} />}</div>
      </div>
    </Box>
  );
}
