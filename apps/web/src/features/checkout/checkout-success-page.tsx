import type { Order } from '@dukkan/contracts/orders';
import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { useAppDispatch, useSignedInUser } from '../../app/hooks';
import { PriceAmount } from '../../components/price';
import { orderPath } from '../../lib/order-path';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLanguage } from '../../lib/use-language';

import { checkoutApi, useGetPlacedOrderQuery } from './checkout-api';

/** How often the page asks whether the payment has arrived. */
export const PAYMENT_POLL_INTERVAL_MS = 1000;
/** How long it keeps asking before it says the confirmation is late. */
export const PAYMENT_POLL_LIMIT_MS = 2 * 60 * 1000;

type PaymentView = 'processing' | 'paid' | 'unpaid' | 'late' | 'missing';

function viewOf(order: Order | undefined, isError: boolean, timedOut: boolean): PaymentView {
  if (!order) return isError ? 'missing' : 'processing';
  if (order.paymentStatus === 'Paid') return 'paid';
  if (order.paymentStatus !== 'Pending') return 'unpaid';
  return timedOut ? 'late' : 'processing';
}

/**
 * What became of the order just paid for (`?order={id}`): processing until the payment
 * provider's signed event has marked it paid — which only the server learns, so the page asks
 * every second, for two minutes at most — then paid, with its total and a link to it. Once paid,
 * the cart (which the payment emptied) and the order lists are read again.
 */
function PaymentStatus({ orderId }: { orderId: string }) {
  const { t } = useTranslation('shopping');
  const lng = useLanguage();
  const dispatch = useAppDispatch();
  const [timedOut, setTimedOut] = useState(false);
  const args = useMemo(() => ({ id: orderId, lng }), [orderId, lng]);
  const { data: order, isError } = useGetPlacedOrderQuery(args, { refetchOnMountOrArgChange: true });
  const view = viewOf(order, isError, timedOut);
  // A second subscription to the same order only polls; it is dropped once the answer is final
  // (paid, not paid, no such order) or late, and the polling stops with it.
  useGetPlacedOrderQuery(args, { pollingInterval: PAYMENT_POLL_INTERVAL_MS, skip: view !== 'processing' });
  const paidSeen = useRef(false);

  useEffect(() => {
    const timer = window.setTimeout(() => setTimedOut(true), PAYMENT_POLL_LIMIT_MS);
    return () => window.clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (view !== 'paid' || paidSeen.current) return;
    paidSeen.current = true;
    // The payment emptied the cart on the server: the header's count follows.
    dispatch(checkoutApi.util.invalidateTags(['Cart', { type: 'Order', id: 'LIST' }]));
  }, [view, dispatch]);

  return (
    <Box role="status" sx={{ display: 'grid', justifyItems: 'center', gap: 1, minHeight: 96 }}>
      {view === 'processing' ? (
        <>
          <CircularProgress size={28} aria-hidden="true" />
          <Typography sx={{ fontWeight: 600 }}>{t('success.processing')}</Typography>
        </>
      ) : null}
      {view === 'paid' && order ? (
        <>
          <Typography sx={{ fontWeight: 700, color: 'success.dark' }}>{t('success.paid')}</Typography>
          <Typography>
            {t('success.orderTotal')} <PriceAmount amount={order.amount} />
          </Typography>
        </>
      ) : null}
      {view === 'unpaid' ? <Typography sx={{ fontWeight: 600, color: 'error.main' }}>{t('success.unpaid')}</Typography> : null}
      {view === 'late' ? <Typography sx={{ fontWeight: 600 }}>{t('success.late')}</Typography> : null}
      {view === 'missing' ? <Typography sx={{ fontWeight: 600, color: 'error.main' }}>{t('success.missing')}</Typography> : null}
      {order && view !== 'processing' ? (
        <Link href={orderPath(order._id)} sx={{ fontWeight: 600 }}>
          {t('success.viewOrder')}
        </Link>
      ) : null}
    </Box>
  );
}

/**
 * `/checkoutSuccess` (spec section 2): where the card page sends the shopper after paying,
 * with `?order={id}`. 'Your checkout was successful!' and 'Back to Home' always; for a
 * signed-in shopper with an order, its payment as the server knows it. Reaching this page
 * marks nothing paid.
 */
export function CheckoutSuccessPage() {
  const { t } = useTranslation('shopping');
  const { t: tCommon } = useTranslation();
  useDocumentTitle(tCommon('pageTitle', { page: t('success.title') }));
  const [params] = useSearchParams();
  const user = useSignedInUser();
  const orderId = params.get('order')?.trim() ?? '';

  return (
    <Box sx={{ textAlign: 'center', py: { xs: 6, md: 10 }, display: 'grid', justifyItems: 'center', gap: 2 }}>
      <CheckCircleOutlinedIcon aria-hidden="true" sx={{ fontSize: 72, color: 'success.main' }} />
      <Typography variant="h1" sx={{ fontSize: { xs: '1.6rem', md: '2rem' } }}>
        {t('success.title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', maxWidth: 520 }}>{t('success.text')}</Typography>
      {user && orderId !== '' ? <PaymentStatus orderId={orderId} /> : null}
      <Button href="/" variant="contained" size="large">
        {t('success.backHome')}
      </Button>
    </Box>
  );
}
