import type { Cart } from '@dukkan/contracts/cart';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { useSignedInUser } from '../../app/hooks';
import { SummaryRow as Row } from '../../components/summary-row';
import { formatPrice } from '../../lib/format-price';
import { notify } from '../../lib/notify';

import { QUANTITY_TOAST_MS } from './cart-line';
import { PromoCode } from './promo-code';

/** The estimated total: the subtotal less the promotion's discount, both the server's, in whole cents. */
export const totalAfterDiscount = (cart: Pick<Cart, 'subtotal' | 'discount'>) => (Math.round(cart.subtotal * 100) - Math.round(cart.discount * 100)) / 100;

/**
 * The cart's summary panel (spec section 2): subtotal with the item count, savings from real
 * list prices (−$0.00 when none), the promotion's discount when one applies (issue #35), free
 * shipping, taxes calculated at checkout and the estimated total, then the promo code — every
 * amount computed by the server from its current prices. 'Continue to checkout'
 * needs a signed-in shopper: a guest gets 'Please login first!' and stays (spec section 5).
 */
export function CartSummary({ cart }: { cart: Cart }) {
  const { t } = useTranslation('shopping');
  const user = useSignedInUser();
  const navigate = useNavigate();

  function continueToCheckout() {
    if (!user) {
      void notify('error', t('cart.loginFirst'), { duration: QUANTITY_TOAST_MS, id: 'cart-login-first' });
      return;
    }
    void navigate('/checkout');
  }

  return (
    <section aria-labelledby="cart-summary-title" className="dk-summary">
      <button type="button" className="dk-button dk-button--contained dk-button--large dk-summary__checkout" onClick={continueToCheckout}>
        {t('cart.continueToCheckout')}
      </button>
      <h2 id="cart-summary-title" className="dk-summary__title">
        {t('cart.summary')}
      </h2>
      <dl className="dk-summary__rows">
        <Row label={t('cart.subtotal', { count: cart.count })} value={<bdi dir="ltr">{formatPrice(cart.subtotal)}</bdi>} />
        <Row label={t('cart.savings')} value={<bdi dir="ltr">−{formatPrice(cart.savings)}</bdi>} color="#2a8703" />
        {cart.promotion ? <Row label={t('promo.discountOf', { name: cart.promotion.name })} value={<bdi dir="ltr">−{formatPrice(cart.discount)}</bdi>} color="#2a8703" /> : null}
        <Row label={t('cart.shippingRow')} value={t('cart.free')} />
        <Row label={t('cart.taxes')} value={t('cart.taxesValue')} />
        <Row label={t('cart.estimatedTotal')} value={<bdi dir="ltr">{formatPrice(totalAfterDiscount(cart))}</bdi>} strong />
      </dl>
      <PromoCode cart={cart} />
    </section>
  );
}
