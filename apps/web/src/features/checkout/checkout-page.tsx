import type { Cart } from '@dukkan/contracts/cart';
import type { Address } from '@dukkan/contracts/users';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import ShoppingCartOutlinedIcon from '@mui/icons-material/ShoppingCartOutlined';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';

import { useAppDispatch, useAppSelector, useSignedInUser } from '../../app/hooks';
import { arrivalWindow, formatDeliveryDay } from '../../lib/delivery-date';
import { notify } from '../../lib/notify';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLanguage } from '../../lib/use-language';

import { CheckoutLines } from './checkout-lines';
import { cartLoaded, selectCheckOutTotals, selectOrderDraft, selectShippingAddress, shippingAddressSelected } from './checkout-slice';
import { CheckoutSummary } from './checkout-summary';
import { addressRadioId, type CheckoutAddressBook, ShippingAddress } from './shipping-address';
import { usePlaceOrder } from './use-place-order';

/** Spec sections 5 and 8: 'Please login first!' closes after 3000 ms. */
export const LOGIN_FIRST_TOAST_MS = 3000;

/** The shopper's cart, as the app gives it to the checkout (features/cart reads it). */
export interface CheckoutCart {
  data: Cart | undefined;
  isLoading: boolean;
  isError: boolean;
  refetch: () => void;
}

const accordionSx = { '&::before': { display: 'none' }, border: 1, borderColor: 'divider', borderRadius: 2, boxShadow: 'none' } as const;

/** A guest's /checkout: placing an order needs signing in (spec section 6); the link comes back here. */
function SignInPrompt() {
  const { t } = useTranslation('shopping');
  const location = useLocation();
  return (
    <Box sx={{ textAlign: 'center', py: 8, display: 'grid', justifyItems: 'center', gap: 2 }}>
      <LockOutlinedIcon aria-hidden="true" sx={{ fontSize: 64, color: 'primary.main' }} />
      <Typography>{t('checkout.signInText')}</Typography>
      <Button component={RouterLink} to="/login" state={{ from: `${location.pathname}${location.search}` }} variant="contained">
        {t('checkout.signIn')}
      </Button>
    </Box>
  );
}

function EmptyCart() {
  const { t } = useTranslation('shopping');
  return (
    <Box sx={{ textAlign: 'center', py: 8, display: 'grid', justifyItems: 'center', gap: 2 }}>
      <ShoppingCartOutlinedIcon aria-hidden="true" sx={{ fontSize: 64, color: 'primary.main' }} />
      <Typography sx={{ fontSize: '1.25rem', fontWeight: 700 }}>{t('checkout.empty')}</Typography>
      <Button href="/" variant="contained">
        {t('checkout.continueShopping')}
      </Button>
    </Box>
  );
}

interface CheckoutFormProps {
  userId: string;
  cart: Cart;
  addressBook: CheckoutAddressBook;
  refetchCart: () => void;
  promoCode?: ReactNode;
}

/**
 * The checkout of a signed-in shopper with a cart: the shipping section (address, then the
 * lines) and the order summary with Place Order. The order draft in the checkOut slice follows
 * the cart and the chosen address.
 */
function CheckoutForm({ userId, cart, addressBook, refetchCart, promoCode }: CheckoutFormProps) {
  const { t } = useTranslation('shopping');
  const lng = useLanguage();
  const dispatch = useAppDispatch();
  const totals = useAppSelector(selectCheckOutTotals);
  const draft = useAppSelector(selectOrderDraft);
  const chosen = useAppSelector(selectShippingAddress);
  const { placeOrder, placing } = usePlaceOrder();
  const [addressError, setAddressError] = useState<string | null>(null);

  // Spec section 4: the draft is rebuilt whenever the cart changes.
  useEffect(() => {
    dispatch(cartLoaded({ userId, cart }));
  }, [dispatch, userId, cart]);

  const addresses = addressBook.addresses ?? [];
  // A choice counts only while that address is still in the book (it may have been removed).
  const selected = addresses.find((address) => address._id === chosen?._id) ?? null;

  function select(address: Address) {
    dispatch(shippingAddressSelected(address));
    setAddressError(null);
  }

  async function submit() {
    if (placing || !draft) return;
    if (!selected) {
      const message = addresses.length > 0 ? t('checkout.chooseAddress') : t('checkout.addAddressFirst');
      setAddressError(message);
      void notify('error', message, { id: 'checkout-address' });
      const first = addresses[0];
      if (first) document.getElementById(addressRadioId(first._id))?.focus();
      return;
    }
    // The draft as it is now: the slice rebuilt it from this cart and this address.
    const failure = await placeOrder({ ...draft, shippingAddress: selected });
    if (!failure) return;
    const fallback = failure.step === 'order' ? t('checkout.placeFailed') : t('checkout.payFailed');
    // A promotion used up meanwhile refuses the order (issue #35): said in the shopper's language.
    const promoReason = failure.code === 'PROMO_USED_UP' || failure.code === 'PROMO_ALREADY_USED' ? t(`promo.reasons.${failure.code}`) : null;
    void notify('error', promoReason ?? failure.message ?? fallback);
    // The stock moved: show the lines as they are now ('Only 2 left in stock'); the promotion is
    // used up: the cart says so, and keeps the code for the shopper to remove (issue #35).
    if (failure.code === 'NOT_ENOUGH_STOCK' || failure.code?.startsWith('PROMO_')) refetchCart();
  }

  const { earliest, latest } = arrivalWindow(new Date());
  const heading = t('checkout.shippingSection', { from: formatDeliveryDay(earliest, lng), to: formatDeliveryDay(latest, lng) });

  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { md: 'minmax(0, 1fr) 340px' }, alignItems: 'start' }}>
      <Accordion defaultExpanded disableGutters sx={accordionSx} slotProps={{ heading: { component: 'h2' } }}>
        <AccordionSummary expandIcon={<ExpandMoreIcon />} id="checkout-shipping-header" aria-controls="checkout-shipping-content">
          <Typography component="span" sx={{ fontWeight: 700 }}>
            {heading}
          </Typography>
        </AccordionSummary>
        <AccordionDetails id="checkout-shipping-content" sx={{ display: 'grid', gap: 3 }}>
          <ShippingAddress book={addressBook} selectedId={selected?._id ?? null} onSelect={select} error={addressError} />
          <CheckoutLines lines={cart.items} />
        </AccordionDetails>
      </Accordion>
      {draft ? (
        <CheckoutSummary
          count={cart.count}
          subtotal={cart.subtotal}
          savings={cart.savings}
          cart={cart}
          promoCode={promoCode}
          total={totals.total}
          placing={placing}
          onPlaceOrder={() => void submit()}
        />
      ) : null}
    </Box>
  );
}

interface CheckoutPageProps {
  cart: CheckoutCart;
  addressBook: CheckoutAddressBook;
  /** The promo code field of the cart (features/cart), shown in the summary (issue #35). */
  promoCode?: (cart: Cart) => ReactNode;
}

/**
 * `/checkout` (spec sections 2, 4, 5, 8). A guest gets 'Please login first!' (a toast at the top
 * for 3000 ms) and a sign-in link instead of the checkout; an empty cart says so. The app
 * composes this page with the cart and the address book, which other features own.
 */
export function CheckoutPage({ cart, addressBook, promoCode }: CheckoutPageProps) {
  const { t } = useTranslation('shopping');
  const { t: tCommon } = useTranslation();
  useDocumentTitle(tCommon('pageTitle', { page: t('checkout.title') }));
  const user = useSignedInUser();

  useEffect(() => {
    if (!user) void notify('error', t('checkout.loginFirst'), { duration: LOGIN_FIRST_TOAST_MS, id: 'checkout-login-first' });
  }, [user, t]);

  let body: ReactNode;
  if (!user) {
    body = <SignInPrompt />;
  } else if (cart.isLoading) {
    body = (
      <Box sx={{ py: 8, display: 'grid', justifyItems: 'center' }}>
        <CircularProgress aria-label={t('checkout.loading')} />
      </Box>
    );
  } else if (cart.isError && !cart.data) {
    body = (
      <Box role="alert" sx={{ py: 6, textAlign: 'center', display: 'grid', justifyItems: 'center', gap: 2 }}>
        <Typography>{t('checkout.loadError')}</Typography>
        <Button variant="outlined" onClick={cart.refetch}>
          {t('checkout.retry')}
        </Button>
      </Box>
    );
  } else if (!cart.data || cart.data.items.length === 0) {
    body = <EmptyCart />;
  } else {
    body = <CheckoutForm userId={user.id} cart={cart.data} addressBook={addressBook} refetchCart={cart.refetch} promoCode={promoCode?.(cart.data)} />;
  }

  return (
    <Box sx={{ py: 2 }}>
      <Typography variant="h1" sx={{ mb: 3 }}>
        {t('checkout.title')}
      </Typography>
      {body}
    </Box>
  );
}
