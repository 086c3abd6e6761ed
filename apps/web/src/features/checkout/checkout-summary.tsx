import type { Cart } from '@dukkan/contracts/cart';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { PriceAmount, SentenceWithAmount } from '../../components/price';
import { SummaryRow as Row } from '../../components/summary-row';

interface CheckoutSummaryProps {
  count: number;
  subtotal: number;
  savings: number;
  /** The cart, for its promotion (issue #35). */
  cart: Cart;
  /** The promo code field, which the cart feature owns (the app composes it in). */
  promoCode?: ReactNode;
  total: number;
  placing: boolean;
  onPlaceOrder: () => void;
}

/**
 * The checkout's order summary (spec section 2): subtotal with the item count, savings from real
 * list prices (−$0.00 when none), the promotion's discount when one applies (issue #35), the
 * total, free shipping, taxes pending, the estimated total, the promo code and Place Order — a button, busy while the order is placed. The savings are already taken off
 * the subtotal (the lines are at today's reduced prices), so the total is not the subtotal minus
 * the savings; a note under the total says so, whenever there are savings.
 */
export function CheckoutSummary({ count, subtotal, savings, cart, promoCode, total, placing, onPlaceOrder }: CheckoutSummaryProps) {
  const { t } = useTranslation('shopping');
  return (
    <Box
      component="section"
      aria-labelledby="checkout-summary-title"
      sx={{ p: 2.5, border: 1, borderColor: 'divider', borderRadius: 3, bgcolor: 'background.paper', position: { md: 'sticky' }, top: { md: 16 } }}
    >
      <Typography id="checkout-summary-title" component="h2" sx={{ fontWeight: 800, fontSize: '1.1rem', mb: 1 }}>
        {t('checkout.summary')}
      </Typography>
      <Box component="dl" sx={{ m: 0 }}>
        <Row label={t('checkout.subtotal', { count })} value={<PriceAmount amount={subtotal} />} />
        <Row
          label={t('checkout.savings')}
          value={
            <bdi dir="ltr">
              −<PriceAmount amount={savings} />
            </bdi>
          }
          color="#2a8703"
        />
        {cart.promotion ? (
          <Row
            label={t('promo.discountOf', { name: cart.promotion.name })}
            value={
              <bdi dir="ltr">
                −<PriceAmount amount={cart.discount} />
              </bdi>
            }
            color="#2a8703"
          />
        ) : null}
        <Row
          label={t('checkout.total')}
          value={<PriceAmount amount={total} />}
          note={savings > 0 ? <SentenceWithAmount amount={savings} sentence={(amount) => t('checkout.savingsNote', { amount })} /> : undefined}
        />
        <Row label={t('checkout.shipping')} value={t('checkout.free')} />
        <Row label={t('checkout.taxes')} value={t('checkout.taxesPending')} />
        <Row label={t('checkout.estimatedTotal')} value={<PriceAmount amount={total} />} strong />
      </Box>
      {promoCode}
      <Button
        variant="contained"
        size="large"
        fullWidth
        onClick={onPlaceOrder}
        loading={placing}
        loadingPosition="start"
        aria-busy={placing}
        sx={{ mt: 2 }}
      >
        {placing ? t('checkout.placing') : t('checkout.placeOrder')}
      </Button>
    </Box>
  );
}
