import type { CartLine } from '@dukkan/contracts/cart';
import { lineTotal } from '@dukkan/contracts/money';
import { storefrontPaths } from '@dukkan/contracts/storefront-urls';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

import { PriceAmount, SentenceWithAmount } from '../../components/price';
import { ProductLine } from '../../components/product-line';

/**
 * What the order will hold, before it is placed: each line at the current catalog price (the
 * price the order is placed at), saying so when that price differs from the one the product
 * had when it was added ('Price changed from $8.00'), or when the stock is short.
 */
export function CheckoutLines({ lines }: { lines: CartLine[] }) {
  const { t } = useTranslation('shopping');
  return (
    <Box component="section" aria-labelledby="checkout-lines-heading">
      <Typography id="checkout-lines-heading" component="h3" sx={{ fontWeight: 700, fontSize: '1.05rem' }}>
        {t('checkout.items')}
      </Typography>
      <Box component="ul" aria-labelledby="checkout-lines-heading" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {lines.map((line) => {
          const { product, quantity } = line;
          return (
            <ProductLine key={product._id} thumbnail={product.thumbnail} size={72} busy={false}>
              <Box sx={{ minWidth: 0, display: 'grid', gap: 0.25, alignContent: 'start' }}>
                <Link href={storefrontPaths.product(product._id)} underline="hover" sx={{ color: 'text.primary', fontWeight: 600 }}>
                  {product.title}
                </Link>
                <Typography sx={{ fontSize: '0.85rem', color: 'text.secondary' }}>{t('checkout.quantity', { count: quantity })}</Typography>
                {line.priceWhenAdded !== product.price ? (
                  <Typography sx={{ fontSize: '0.85rem', color: '#6b4a00', fontWeight: 600 }}>
                    <SentenceWithAmount amount={line.priceWhenAdded} sentence={(price) => t('checkout.priceChanged', { price })} />
                  </Typography>
                ) : null}
                {product.quantity < quantity ? (
                  <Typography sx={{ fontSize: '0.85rem', color: 'error.main', fontWeight: 600 }}>
                    {product.quantity === 0 ? t('checkout.outOfStock') : t('checkout.onlyLeft', { count: product.quantity })}
                  </Typography>
                ) : null}
              </Box>
              <Box sx={{ gridColumn: { xs: '2', sm: 'auto' }, textAlign: { sm: 'end' } }}>
                <Typography sx={{ fontWeight: 800 }}>
                  <PriceAmount amount={lineTotal(product.price, quantity)} />
                </Typography>
                {quantity > 1 ? (
                  <Typography sx={{ fontSize: '0.8rem', color: 'text.secondary' }}><SentenceWithAmount amount={product.price} sentence={(price) => t('checkout.each', { price })} /></Typography>
                ) : null}
              </Box>
            </ProductLine>
          );
        })}
      </Box>
    </Box>
  );
}
