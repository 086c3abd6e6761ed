import type { Product } from '@dukkan/contracts/catalog';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';

import { formatPrice } from '../lib/format-price';

/**
 * An amount of money as the shop writes it ("$1,299.50"), isolated left-to-right: in an Arabic
 * sentence the bidi algorithm would otherwise move the `$` behind the number ("1,299.50$").
 */
export function PriceAmount({ amount }: { amount: number }) {
  return <bdi dir="ltr">{formatPrice(amount)}</bdi>;
}

/** "Now $12.50". */
// "Now " is one string, not `{t(...)}` and a space: the server writes neighbouring texts as one
// text node, and hydration would split it again (decision 0021).
export function NowPrice({ price }: { price: number }) {
  const { t } = useTranslation('catalog');
  return (
    <>
      {`${t('product.now')} `}
      <PriceAmount amount={price} />
    </>
  );
}

/**
 * "Was $15.99", the amount struck through. "Was" is real text, so a screen reader, which says
 * nothing of a line-through, still hears "Was $15.99".
 */
export function WasPrice({ listPrice }: { listPrice: number }) {
  const { t } = useTranslation('catalog');
  return (
    <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400, whiteSpace: 'nowrap' }}>
      {`${t('product.was')} `}
      <s>
        <PriceAmount amount={listPrice} />
      </s>
    </Box>
  );
}

/** The green of prices that stand out (the product page's, a reduced now-price): 4.6:1 on white (WCAG AA). */
export const PRICE_GREEN = '#2a8703';

/**
 * A product's price as cards and search results show it: "Now $12.50" and, on a reduced
 * product, "Was $15.99" beside it, smaller (wrapping under it when the card is narrow), with
 * the now-price in green.
 */
export function ProductPrice({ product }: { product: Pick<Product, 'price' | 'listPrice'> }) {
  const { listPrice } = product;
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 1 }}>
      <Box component="span" sx={listPrice === null ? undefined : { color: PRICE_GREEN }}>
        <NowPrice price={product.price} />
      </Box>
      {listPrice === null ? null : (
        <>
          {/* The gap lays the two out; this space keeps "$12.50 Was" apart in the text read aloud. */}
          {' '}
          <Box component="span" sx={{ fontSize: '0.8em' }}>
            <WasPrice listPrice={listPrice} />
          </Box>
        </>
      )}
    </Box>
  );
}
