import { formatTimeOfDay } from '@dukkan/contracts/format';
import type { Order } from '@dukkan/contracts/orders';
import { storefrontPaths } from '@dukkan/contracts/storefront-urls';
import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { type ReactNode, type Ref, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router';

import { useAppDispatch, useSignedInUser } from '../../app/hooks';
import { PriceAmount } from '../../components/price';
import { errorMessageOf, errorStatusOf } from '../../lib/api-error';
import { leavePageFor } from '../../lib/leave-page';
import { notify } from '../../lib/notify';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLanguage } from '../../lib/use-language';

import { checkoutApi, useCreateCheckoutSessionMutation, useGetPlacedOrderQuery } from './checkout-api';

/** How often the page asks whether the payment has arrived. */
export const PAYMENT_POLL_INTERVAL_MS = 1000;
/** How long it keeps asking before it says the order is not paid yet. */
export const PAYMENT_POLL_LIMIT_MS = 2 * 60 * 1000;

/**
 * What the page knows of the order: `loading` before the first answer; `processing` while its
 * payment is pending and the provider's event may still come; `paid`; `refund` (paid, then
 * cancelled: the payment goes back); `late` (still pending after the wait: not paid);
 * `unpaid` (expired or cancelled); `missing` (404 — also another shopper's order, which the API
 * answers like a missing one — or an id that cannot be an order's); `error` (no answer).
 */
const PAID_STATUSES: ReadonlySet<string> = new Set(['Paid', 'Partially refunded', 'Refunded']);

type OrderView =
  | { kind: 'loading' | 'missing' | 'error' }
  | { kind: 'processing' | 'paid' | 'refund' | 'late' | 'unpaid'; order: Order };

function viewOf(order: Order | undefined, error: unknown, timedOut: boolean): OrderView {
  if (!order) {
    if (!error) return { kind: 'loading' };
    const status = errorStatusOf(error);
    if (status === 404 || status === 400) return { kind: 'missing' };
    return { kind: 'error' };
  }
  // A refund (issue #21) follows a payment: a partly refunded order was still paid.
  if (PAID_STATUSES.has(order.paymentStatus)) return { kind: order.status === 'Cancelled' ? 'refund' : 'paid', order };
  if (order.paymentStatus !== 'Pending' || order.status === 'Cancelled') return { kind: 'unpaid', order };
  return { kind: timedOut ? 'late' : 'processing', order };
}

type Tone = 'success' | 'waiting' | 'problem' | 'neutral' | 'locked';

/** The icon above the title (a new element each time: a rendered element is not shared). */
function ToneIcon({ tone }: { tone: Tone }) {
  switch (tone) {
    case 'success':
      return <CheckCircleOutlinedIcon aria-hidden="true" sx={{ fontSize: 72, color: 'success.main' }} />;
    case 'waiting':
      return <HourglassEmptyIcon aria-hidden="true" sx={{ fontSize: 64, color: 'warning.dark' }} />;
    case 'problem':
      return <ErrorOutlineIcon aria-hidden="true" sx={{ fontSize: 72, color: 'error.main' }} />;
    case 'neutral':
      return <ReceiptLongOutlinedIcon aria-hidden="true" sx={{ fontSize: 72, color: 'primary.main' }} />;
    case 'locked':
      return <LockOutlinedIcon aria-hidden="true" sx={{ fontSize: 72, color: 'primary.main' }} />;
  }
}

interface OutcomeProps {
  tone: Tone;
  /** The page's h1 and title: what became of the order. */
  title: string;
  /** Under the title, in the same live region. */
  children?: ReactNode;
  /** The ways on: the state's own first, then 'Back to Home'. */
  actions?: ReactNode;
  headingRef?: Ref<HTMLHeadingElement>;
}

/**
 * The page's one layout: an icon, then the title and what it means in a live region
 * (`role="status"`, kept mounted while the order's state changes, so each change is read out),
 * then the actions and 'Back to Home' (spec section 2).
 */
function Outcome({ tone, title, children, actions, headingRef }: OutcomeProps) {
  const { t } = useTranslation('shopping');
  const { t: tCommon } = useTranslation();
  useDocumentTitle(tCommon('pageTitle', { page: title }));
  return (
    <Box sx={{ textAlign: 'center', py: { xs: 6, md: 10 }, display: 'grid', justifyItems: 'center', gap: 2 }}>
      <Box sx={{ height: 72, display: 'grid', placeItems: 'center' }}>
        <ToneIcon tone={tone} />
      </Box>
      <Box role="status" sx={{ display: 'grid', justifyItems: 'center', gap: 1, maxWidth: 560 }}>
        <Typography ref={headingRef} variant="h1" tabIndex={-1} sx={{ fontSize: { xs: '1.6rem', md: '2rem' } }}>
          {title}
        </Typography>
        {children}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', alignItems: 'center', gap: 2, mt: 1 }}>
        {actions}
        <Button href="/" variant={actions ? 'outlined' : 'contained'} size="large">
          {t('success.backHome')}
        </Button>
      </Box>
    </Box>
  );
}

/**
 * 'Pay now' for one's own unpaid order: `POST /stripe/create-checkout-session` reopens the
 * hosted card page, and the browser goes there (busy meanwhile, and on the way out). A refusal
 * is a toast with the server's message ('This order is already paid.'), the button is usable
 * again, and `onRefused` reads the order again. A page restored from the back/forward cache
 * (Back from the card page) gets an idle button.
 */
function PayNowButton({ order, userId, onRefused }: { order: Order; userId: string; onRefused: () => void }) {
  const { t } = useTranslation('shopping');
  const [createCheckoutSession] = useCreateCheckoutSessionMutation();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setBusy(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  async function pay() {
    if (busy) return;
    setBusy(true);
    const result = await createCheckoutSession({ order, userId });
    if ('error' in result) {
      void notify('error', errorMessageOf(result.error) ?? t('success.payFailed'));
      setBusy(false);
      onRefused();
      return;
    }
    leavePageFor(result.data.url);
  }

  // aria-disabled, not disabled: the button keeps the focus while busy.
  return (
    <Button variant="contained" size="large" aria-disabled={busy || undefined} onClick={() => void pay()}>
      {busy ? t('success.opening') : t('success.payNow')}
    </Button>
  );
}

/**
 * The signed-in shopper's order (`?order={id}`) as the server knows it. Its payment is pending
 * until the payment provider's signed event has marked it paid — which only the server learns —
 * so the page asks every second, for two minutes at most; still pending then, the order is not
 * paid, and 'Pay now' reopens the card page. Only a paid order says 'Your checkout was
 * successful!'. Once paid, the cart (which the payment emptied) and the order lists are read again.
 */
function OrderOutcome({ orderId, userId }: { orderId: string; userId: string }) {
  const { t } = useTranslation('shopping');
  const lng = useLanguage();
  const dispatch = useAppDispatch();
  const [timedOut, setTimedOut] = useState(false);
  const args = useMemo(() => ({ id: orderId, lng }), [orderId, lng]);
  const { data: order, error, refetch } = useGetPlacedOrderQuery(args, { refetchOnMountOrArgChange: true });
  const view = viewOf(order, error, timedOut);
  const { kind } = view;
  // A second subscription to the same order only polls; it is dropped once the answer is final
  // (paid, not paid, no such order) or late, and the polling stops with it.
  useGetPlacedOrderQuery(args, { pollingInterval: PAYMENT_POLL_INTERVAL_MS, skip: kind !== 'processing' && kind !== 'loading' });
  const paidSeen = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);
  // After a refused 'Pay now' the order is read again; when that changes what the page says,
  // the button is gone, so the focus goes to the new title rather than back to the page's start.
  const focusWhenNot = useRef<OrderView['kind'] | null>(null);

  useEffect(() => {
    const timer = window.setTimeout(() => setTimedOut(true), PAYMENT_POLL_LIMIT_MS);
    return () => window.clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (kind !== 'paid' || paidSeen.current) return;
    paidSeen.current = true;
    // The payment emptied the cart on the server: the header's count follows.
    dispatch(checkoutApi.util.invalidateTags(['Cart', { type: 'Order', id: 'LIST' }]));
  }, [kind, dispatch]);

  useEffect(() => {
    if (focusWhenNot.current === null || focusWhenNot.current === kind) return;
    focusWhenNot.current = null;
    heading.current?.focus();
  }, [kind]);

  const text = (value: string) => <Typography sx={{ color: 'text.secondary' }}>{value}</Typography>;
  const goToCart = (
    <Button component={RouterLink} to="/cart" variant="contained" size="large">
      {t('success.goToCart')}
    </Button>
  );

  switch (view.kind) {
    case 'loading':
      return (
        <Outcome tone="neutral" title={t('success.checking')} headingRef={heading}>
          <CircularProgress size={28} aria-hidden="true" />
        </Outcome>
      );
    case 'missing':
      return (
        <Outcome tone="problem" title={t('success.missingTitle')} headingRef={heading} actions={goToCart}>
          {text(t('success.missingText'))}
        </Outcome>
      );
    case 'error':
      return (
        <Outcome
          tone="problem"
          title={t('success.errorTitle')}
          headingRef={heading}
          actions={
            <Button variant="contained" size="large" onClick={() => void refetch()}>
              {t('success.retry')}
            </Button>
          }
        >
          {text(t('success.errorText'))}
        </Outcome>
      );
  }

  const placed = view.order;
  const viewOrder = (
    <Link href={storefrontPaths.order(placed._id)} sx={{ fontWeight: 600 }}>
      {t('success.viewOrder')}
    </Link>
  );
  switch (view.kind) {
    case 'processing':
      return (
        <Outcome tone="waiting" title={t('success.processing')} headingRef={heading} actions={viewOrder}>
          <CircularProgress size={28} aria-hidden="true" />
          {text(t('success.processingText'))}
        </Outcome>
      );
    case 'paid':
      return (
        <Outcome tone="success" title={t('success.title')} headingRef={heading} actions={viewOrder}>
          {text(t('success.text'))}
          <Typography sx={{ fontWeight: 700, color: 'success.dark' }}>{t('success.paid')}</Typography>
          <Typography>
            {t('success.orderTotal')} <PriceAmount amount={placed.amount} />
          </Typography>
        </Outcome>
      );
    case 'refund':
      return (
        <Outcome tone="problem" title={t('success.refundTitle')} headingRef={heading} actions={viewOrder}>
          {text(t('success.refundText'))}
        </Outcome>
      );
    case 'late':
      return (
        <Outcome
          tone="waiting"
          title={t('success.lateTitle')}
          headingRef={heading}
          actions={
            <>
              <PayNowButton
                order={placed}
                userId={userId}
                onRefused={() => {
                  focusWhenNot.current = 'late';
                  void refetch();
                }}
              />
              {viewOrder}
            </>
          }
        >
          {text(t('success.lateText', { time: formatTimeOfDay(placed.payBy ?? '', lng) }))}
        </Outcome>
      );
    case 'unpaid':
      return (
        <Outcome
          tone="problem"
          title={t('success.unpaidTitle')}
          headingRef={heading}
          actions={
            <>
              {goToCart}
              {viewOrder}
            </>
          }
        >
          {text(t('success.unpaidText'))}
        </Outcome>
      );
  }
}

/** A guest's page: an order's payment is its owner's to see; the sign-in link comes back here. */
function SignInToSee() {
  const { t } = useTranslation('shopping');
  const location = useLocation();
  return (
    <Outcome
      tone="locked"
      title={t('success.signInTitle')}
      actions={
        <Button component={RouterLink} to="/login" state={{ from: `${location.pathname}${location.search}` }} variant="contained" size="large">
          {t('success.signIn')}
        </Button>
      }
    >
      <Typography sx={{ color: 'text.secondary' }}>{t('success.signInText')}</Typography>
    </Outcome>
  );
}

/** No `?order=`: nothing to confirm; the shopper's orders are in the account. */
function NoOrder({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation('shopping');
  return (
    <Outcome
      tone="neutral"
      title={t('success.noOrderTitle')}
      actions={
        signedIn ? (
          <Button component={RouterLink} to="/userprofile/upcomingOrders" variant="contained" size="large">
            {t('success.yourOrders')}
          </Button>
        ) : undefined
      }
    >
      <Typography sx={{ color: 'text.secondary' }}>{t('success.noOrderText')}</Typography>
    </Outcome>
  );
}

/**
 * `/checkoutSuccess?order={id}` (spec section 2): where the card page sends the shopper after
 * paying. It says 'Your checkout was successful!' (with 'Back to Home', as the spec has it) only
 * when the server says the signed-in shopper's order is paid; otherwise what it knows: that the
 * payment is being confirmed, that the order is not paid (with 'Pay now'), was cancelled, cannot
 * be found or is another account's (with the way to the cart), or that a guest must sign in.
 * Reaching this page marks nothing paid (decision 0023).
 */
export function CheckoutSuccessPage() {
  const [params] = useSearchParams();
  const user = useSignedInUser();
  const orderId = params.get('order')?.trim() ?? '';
  if (orderId === '') return <NoOrder signedIn={user !== null} />;
  if (!user) return <SignInToSee />;
  return <OrderOutcome orderId={orderId} userId={user.id} />;
}
