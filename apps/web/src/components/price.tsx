import type { Product } from '@dukkan/contracts/catalog';
import { useTranslation } from 'react-i18next';

import { formatPrice } from '../lib/format-price';

import { SentenceWithLtr } from './ltr-sentence';

/**
 * An amount of money as the shop writes it ("$1,299.50"), isolated left-to-right: in an Arabic
 * sentence the bidi algorithm would otherwise move the `$` behind the number ("1,299.50$").
 */
export function PriceAmount({ amount }: { amount: number }) {
  return <bdi dir="ltr">{formatPrice(amount)}</bdi>;
}

/**
 * A translated sentence holding an amount ("You save $4.00 (included in the subtotal)"), the
 * amount shown as `PriceAmount`. `sentence` writes the sentence with the mark it is given in
 * place of the amount. Not the formatted amount itself: after Arabic letters the bidi algorithm
 * takes the digits for Arabic ones (rule W2), which do not carry the `$` along, so "توفّر $4.00"
 * would show the `$` after the number.
 */
export function SentenceWithAmount({ sentence, amount }: { sentence: (amount: string) => string; amount: number }) {
  // The same isolate as PriceAmount's.
  return <SentenceWithLtr sentence={sentence} value={formatPrice(amount)} />;
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

/** The words of "Was $15.99", the amount struck through, for a styled element to hold. */
function WasPriceText({ listPrice }: { listPrice: number }) {
  const { t } = useTranslation('catalog');
  return (
    <>
      {`${t('product.was')} `}
      <s>
        <PriceAmount amount={listPrice} />
      </s>
    </>
  );
}

/**
 * "Was $15.99", the amount struck through. "Was" is real text, so a screen reader, which says
 * nothing of a line-through, still hears "Was $15.99".
 */
export function WasPrice({ listPrice }: { listPrice: number }) {
  return (
    <span className="dk-was-price">
      <WasPriceText listPrice={listPrice} />
    </span>
  );
}

/**
 * A product's price as cards and search results show it: "Now $12.50" and, on a reduced
 * product, "Was $15.99" beside it, smaller (wrapping under it when the card is narrow), with
 * the now-price in green. Plain elements styled by app/shop.css: every product card shows one.
 */
export function ProductPrice({ product }: { product: Pick<Product, 'price' | 'listPrice'> }) {
  const { listPrice } = product;
  return (
    <span className="dk-price">
      <span className={listPrice === null ? undefined : 'dk-price__reduced'}>
        <NowPrice price={product.price} />
      </span>
      {listPrice === null ? null : (
        <>
          {/* The gap lays the two out; this space keeps "$12.50 Was" apart in the text read aloud. */}
          {' '}
          <span className="dk-price__was">
            <WasPriceText listPrice={listPrice} />
          </span>
        </>
      )}
    </span>
  );
}
