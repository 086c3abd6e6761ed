import type { Cart, PromoRefusalCode } from '@dukkan/contracts/cart';
import i18next, { type TFunction } from 'i18next';

import { formatPrice } from '../../lib/format-price';
import { notify } from '../../lib/notify';

/** The reasons a promo code does not apply, as the API names them (issue #35). */
const REASONS: readonly PromoRefusalCode[] = [
  'PROMO_UNKNOWN',
  'PROMO_NOT_STARTED',
  'PROMO_EXPIRED',
  'PROMO_MIN_SUBTOTAL',
  'PROMO_NOT_APPLICABLE',
  'PROMO_USED_UP',
  'PROMO_ALREADY_USED',
];

export const isReason = (code: unknown): code is PromoRefusalCode => REASONS.includes(code as PromoRefusalCode);

/** A reason as plain text, for a toast: the amount kept left-to-right by isolate marks. */
export function reasonText(t: TFunction<'shopping'>, reason: PromoRefusalCode, missing?: number): string {
  if (reason === 'PROMO_MIN_SUBTOTAL') return t('promo.reasons.PROMO_MIN_SUBTOTAL', { amount: `\u2066${formatPrice(missing ?? 0)}\u2069` });
  return t(`promo.reasons.${reason}`);
}

/**
 * Says so when a cart answer dropped the shopper's code (a line removed below its minimum, the
 * promotion ended): once, as a toast, since the next read of the cart no longer carries it.
 * Answers the cart, for `transformResponse`.
 */
export function announceDroppedCode(cart: Cart): Cart {
  const notice = cart.promoNotice;
  if (notice?.removed) {
    const t = i18next.getFixedT(null, 'shopping');
    void notify('blank', t('promo.removed', { code: notice.code, reason: reasonText(t, notice.reason, notice.missing) }), { id: 'promo-removed' });
  }
  return cart;
}
