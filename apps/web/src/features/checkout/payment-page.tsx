import { formatOrderDate, formatTimeOfDay } from '@dukkan/contracts/format';
import type { Order } from '@dukkan/contracts/orders';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { useAppDispatch, useAppSelector, useSignedInUser } from '../../app/hooks';
import { PriceAmount } from '../../components/price';
import { errorMessageOf } from '../../lib/api-error';
import { formatPrice } from '../../lib/format-price';
import { leavePageFor } from '../../lib/leave-page';
import { notify } from '../../lib/notify';
import { loadedPaymentButtons, PAYMENT_SCRIPT_ERRORS, type PaymentScriptOptions } from '../../lib/payment-script';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLanguage } from '../../lib/use-language';

import { useCreateCheckoutSessionMutation } from './checkout-api';
import { loadPaymentButtons, type PaymentScriptState, selectPaymentScript } from './payment-script-slice';

/** The shopper's upcoming orders, as app/routes/payment-route.tsx reads them (features/orders). */
export interface PaymentOrders {
  data: Order[] | undefined;
  isLoading: boolean;
  isError: boolean;
  refetch: () => void;
}

/** How the page configures the provider's button script (spec section 9). */
export const PAYMENT_BUTTONS_OPTIONS = { clientId: 'dukkan', currency: 'USD', intent: 'capture' } as const satisfies PaymentScriptOptions;

/** How often the page checks whether an order's time to pay has run out. */
const CLOCK_TICK_MS = 30_000;

/** The orders that can still be paid: payment pending and the pay-by time not yet reached. */
export function ordersToPay(orders: readonly Order[], now: number): Order[] {
  return orders.filter((order) => order.paymentStatus === 'Pending' && order.payBy !== null && Date.parse(order.payBy) > now);
}

/** The time now, updated every `tickMs` (an order whose time ran out leaves the page). */
function useNow(tickMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), tickMs);
    return () => window.clearInterval(timer);
  }, [tickMs]);
  return now;
}

/**
 * Counts the times the browser restored this page from its back/forward cache — as it was
 * left: a button busy on the way to the payment page. The buttons are made afresh each time.
 */
function usePageRestored(): number {
  const [restored, setRestored] = useState(0);
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setRestored((count) => count + 1);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);
  return restored;
}

/**
 * Opens the hosted payment page for an order (`POST /stripe/create-checkout-session`) and
 * answers its URL. A refusal ('This order was cancelled', 'This order is already paid') is shown
 * as a toast, and the call fails; a 409 also reloads the order list (checkout-api.ts).
 */
function usePayOrder(userId: string): (order: Order) => Promise<string> {
  const { t } = useTranslation('shopping');
  const [createCheckoutSession] = useCreateCheckoutSessionMutation();
  return useCallback(
    async (order: Order) => {
      const result = await createCheckoutSession({ order, userId });
      if ('error' in result) {
        const message = errorMessageOf(result.error) ?? t('payment.payFailed');
        void notify('error', message);
        throw new Error(message);
      }
      return result.data.url;
    },
    [createCheckoutSession, userId, t],
  );
}

interface PayButtonProps {
  /** 'Pay now'. */
  label: string;
  /** 'Pay now, order of $27.75': starts with the visible words. */
  ariaLabel: string;
  /** 'Opening the payment page…'. */
  busyLabel: string;
  onPay: () => Promise<string>;
}

/** The look of a contained MUI button, for the `<button>` the provider's script renders. */
const providerButtonSx = {
  '& .dukkan-pay-button': {
    font: 'inherit',
    fontWeight: 600,
    fontSize: '0.95rem',
    lineHeight: 1.75,
    color: 'primary.contrastText',
    bgcolor: 'primary.main',
    border: 0,
    borderRadius: 999,
    px: 2.5,
    py: 0.75,
    cursor: 'pointer',
    '&:hover': { bgcolor: 'primary.dark' },
    '&[aria-disabled="true"]': { cursor: 'progress', bgcolor: 'primary.dark' },
  },
} as const;

/**
 * 'Pay now' rendered by the provider's button script into this element. The script calls back
 * `onPay` (through a ref, so a new order object does not redraw the button) and leaves for the
 * URL it answers.
 */
function ProviderPayButton({ label, ariaLabel, busyLabel, onPay }: PayButtonProps) {
  const container = useRef<HTMLDivElement>(null);
  const pay = useRef(onPay);
  useEffect(() => {
    pay.current = onPay;
  }, [onPay]);

  useEffect(() => {
    const payments = loadedPaymentButtons();
    const element = container.current;
    if (!payments || !element) return undefined;
    const buttons = payments.Buttons({
      label,
      ariaLabel,
      busyLabel,
      createCheckout: () => pay.current(),
      onApprove: leavePageFor,
      // The refusal was already shown (usePayOrder); the button is usable again.
      onError: () => undefined,
    });
    void buttons.render(element);
    return () => buttons.close();
  }, [label, ariaLabel, busyLabel]);

  return <Box ref={container} sx={providerButtonSx} />;
}

/** The same 'Pay now', as a plain MUI button: used when the provider's script could not load. */
function FallbackPayButton({ label, ariaLabel, busyLabel, onPay }: PayButtonProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="contained"
      disabled={busy}
      // While busy the visible text is the whole name.
      aria-label={busy ? undefined : ariaLabel}
      onClick={() => {
        setBusy(true);
        // On the way out the button stays busy; after a refusal it is usable again.
        void onPay().then(leavePageFor, () => setBusy(false));
      }}
    >
      {busy ? busyLabel : label}
    </Button>
  );
}

/** The order's 'Pay now': a progress indicator while the script loads, then its button (or ours). */
function PayNow({ order, script, onPay }: { order: Order; script: PaymentScriptState; onPay: (order: Order) => Promise<string> }) {
  const { t } = useTranslation('shopping');
  const pay = useCallback(() => onPay(order), [onPay, order]);
  const labels = {
    label: t('payment.payNow'),
    ariaLabel: t('payment.payNowFor', { amount: formatPrice(order.amount) }),
    busyLabel: t('payment.opening'),
  };
  if (script.status === 'resolved') return <ProviderPayButton {...labels} onPay={pay} />;
  if (script.status === 'rejected') return <FallbackPayButton {...labels} onPay={pay} />;
  return <CircularProgress size={28} aria-label={t('payment.buttonLoading')} />;
}

/** One unpaid order: when it was placed, its amount and item count, the time to pay by, 'Pay now'. */
function OrderToPay({ order, script, onPay }: { order: Order; script: PaymentScriptState; onPay: (order: Order) => Promise<string> }) {
  const { t } = useTranslation('shopping');
  const lng = useLanguage();
  return (
    <Card component="li" variant="outlined" sx={{ p: 2, borderRadius: 2, display: 'grid', gap: 0.5, alignContent: 'start' }}>
      <Typography component="h2" sx={{ fontWeight: 700, fontSize: '1rem' }}>
        {t('payment.placedOn', { date: formatOrderDate(order.createdAt, lng) })}
      </Typography>
      <Typography sx={{ fontWeight: 800, fontSize: '1.25rem' }}>
        <PriceAmount amount={order.amount} />
      </Typography>
      <Typography sx={{ color: 'text.secondary' }}>{t('payment.items', { count: order.count })}</Typography>
      <Typography sx={{ fontWeight: 600 }}>{t('payment.payBy', { time: formatTimeOfDay(order.payBy ?? '', lng) })}</Typography>
      <Box sx={{ mt: 1, minHeight: 42, display: 'flex', alignItems: 'center' }}>
        <PayNow order={order} script={script} onPay={onPay} />
      </Box>
    </Card>
  );
}

/** A guest's /payment: a short text and a way to sign in that comes back here (no redirect). */
function SignInPrompt() {
  const { t } = useTranslation('shopping');
  return (
    <Box sx={{ py: 4, display: 'grid', justifyItems: 'start', gap: 2 }}>
      <Typography>{t('payment.signInText')}</Typography>
      <Button component={RouterLink} to="/login" state={{ from: '/payment' }} variant="contained">
        {t('payment.signIn')}
      </Button>
    </Box>
  );
}

/**
 * `/payment` (an empty placeholder in the spec's route table; issue #9, decision 0018): the
 * signed-in shopper's orders still waiting for payment — upcoming, payment pending, before their
 * pay-by time — each with 'Pay now', which reopens the hosted payment page. The buttons are the
 * payment provider's, drawn by its script (lib/payment-script.ts, loaded from our own server);
 * while it loads each card shows a progress indicator, and if it cannot load, a plain button
 * does the same and the loader's message says why.
 */
export function PaymentPage({ orders }: { orders: PaymentOrders }) {
  const { t } = useTranslation('shopping');
  const { t: tCommon } = useTranslation();
  useDocumentTitle(tCommon('pageTitle', { page: t('payment.title') }));
  const dispatch = useAppDispatch();
  const user = useSignedInUser();
  const script = useAppSelector(selectPaymentScript);
  const now = useNow(CLOCK_TICK_MS);
  const restored = usePageRestored();
  const pay = usePayOrder(user?.id ?? '');
  const signedIn = user !== null;

  useEffect(() => {
    if (signedIn) void dispatch(loadPaymentButtons(PAYMENT_BUTTONS_OPTIONS));
  }, [dispatch, signedIn]);

  let body;
  if (!signedIn) {
    body = <SignInPrompt />;
  } else if (orders.isLoading) {
    body = <CircularProgress sx={{ mt: 2 }} aria-label={t('payment.loading')} />;
  } else if (orders.isError && !orders.data) {
    body = (
      <Alert
        severity="error"
        sx={{ mt: 2 }}
        action={
          <Button color="inherit" size="small" onClick={orders.refetch}>
            {t('payment.retry')}
          </Button>
        }
      >
        {t('payment.loadError')}
      </Alert>
    );
  } else {
    const toPay = ordersToPay(orders.data ?? [], now);
    body =
      toPay.length === 0 ? (
        <Typography sx={{ color: 'text.secondary', mt: 2 }}>{t('payment.empty')}</Typography>
      ) : (
        <>
          <Typography sx={{ color: 'text.secondary', mt: 1 }}>{t('payment.intro')}</Typography>
          {script.status === 'rejected' ? (
            <Alert severity="info" role="status" sx={{ mt: 2 }}>
              {`${script.message === PAYMENT_SCRIPT_ERRORS.failed ? t('payment.scriptFailed') : script.message} ${t('payment.scriptFallback')}`}
            </Alert>
          ) : null}
          <Box
            component="ul"
            aria-label={t('payment.heading')}
            sx={{ listStyle: 'none', p: 0, m: 0, mt: 2, display: 'grid', gap: 1.5, gridTemplateColumns: { sm: 'repeat(auto-fill, minmax(260px, 1fr))' } }}
          >
            {toPay.map((order) => (
              // A page restored from the back/forward cache gets fresh (idle) buttons.
              <OrderToPay key={`${order._id}:${restored}`} order={order} script={script} onPay={pay} />
            ))}
          </Box>
        </>
      );
  }

  return (
    <Box sx={{ py: 2, minHeight: '40vh' }}>
      <Typography variant="h1">{t('payment.heading')}</Typography>
      {body}
    </Box>
  );
}
