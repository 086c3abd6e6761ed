import { useTranslation } from 'react-i18next';

import { formatPrice } from '../lib/format-price';

/**
 * "Now $12.50". The amount is isolated left-to-right: in an Arabic sentence the bidi algorithm
 * would otherwise move the `$` behind the number ("12.50$").
 */
export function NowPrice({ price }: { price: number }) {
  const { t } = useTranslation('catalog');
  return (
    <>
      {t('product.now')}{' '}
      <bdi dir="ltr">{formatPrice(price)}</bdi>
    </>
  );
}
