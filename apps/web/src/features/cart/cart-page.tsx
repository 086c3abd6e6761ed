import type { Cart } from '@dukkan/contracts/cart';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import ShoppingCartOutlinedIcon from '@mui/icons-material/ShoppingCartOutlined';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Backdrop from '@mui/material/Backdrop';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { DeliveryTiles } from '../../components/delivery-tiles';
import { ProductCarouselSection } from '../../components/product-carousel-section';
import { arrivalDate, formatDeliveryDate } from '../../lib/delivery-date';
import { PRODUCT_ROW_SLIDER } from '../../lib/slider-settings';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useFocusAfterRemoval } from '../../lib/use-focus-after-removal';
import { useLanguage } from '../../lib/use-language';
import { useToday } from '../../lib/use-today';

import { useGetRecommendationsQuery } from './cart-api';
import { CartLineRow, cartLineLinkId } from './cart-line';
import { CartSummary } from './cart-summary';
import { useCart } from './use-cart';

const accordionSx = { '&::before': { display: 'none' }, border: 1, borderColor: 'divider', borderRadius: 2, boxShadow: 'none' } as const;

/** A collapsible section of the cart page, open when the page loads (the cart issue). */
function Section({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <Accordion defaultExpanded disableGutters sx={accordionSx} slotProps={{ heading: { component: 'h2' } }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />} id={`${id}-header`} aria-controls={`${id}-content`}>
        <Typography component="span" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
      </AccordionSummary>
      <AccordionDetails id={`${id}-content`}>{children}</AccordionDetails>
    </Accordion>
  );
}

/** Shipping (free, with its arrival date), pickup and delivery (not available): three static tiles. */
function CartDeliveryTiles({ arrives }: { arrives: string }) {
  const { t } = useTranslation('shopping');
  return (
    <DeliveryTiles
      tiles={[
        { key: 'shipping', name: t('cart.shipping'), lines: [t('cart.arrives', { date: arrives }), t('cart.free')] },
        { key: 'pickup', name: t('cart.pickup'), lines: [t('cart.notAvailable')] },
        { key: 'delivery', name: t('cart.delivery'), lines: [t('cart.notAvailable')] },
      ]}
    />
  );
}

/** The cart's departments, the one with most items first: where recommendations come from. */
function departmentsOf(cart: Cart): string[] {
  const counts = new Map<string, number>();
  for (const line of cart.items) counts.set(line.product.category, (counts.get(line.product.category) ?? 0) + line.quantity);
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([category]) => category);
}

/** 'Recommended with your order': 15 real products of the cart's departments, none already in it. */
function Recommendations({ cart }: { cart: Cart }) {
  const { t } = useTranslation('shopping');
  const lng = useLanguage();
  const categories = useMemo(() => departmentsOf(cart), [cart]);
  const exclude = useMemo(() => cart.items.map((line) => line.product._id).sort(), [cart]);
  const { data, isLoading, isError } = useGetRecommendationsQuery(categories.length > 0 ? { lng, categories, exclude } : skipToken);
  return (
    <ProductCarouselSection title={t('cart.recommended')} settings={PRODUCT_ROW_SLIDER} products={data} isLoading={isLoading} isError={isError} />
  );
}

function EmptyCart() {
  const { t } = useTranslation('shopping');
  return (
    <Box sx={{ textAlign: 'center', py: 8, display: 'grid', justifyItems: 'center', gap: 2 }}>
      <ShoppingCartOutlinedIcon aria-hidden="true" sx={{ fontSize: 64, color: 'primary.main' }} />
      <Typography sx={{ fontSize: '1.25rem', fontWeight: 700 }}>{t('cart.empty')}</Typography>
      <Button href="/" variant="contained">
        {t('cart.continueShopping')}
      </Button>
    </Box>
  );
}

/**
 * `/cart` (spec section 2): heading with the item count; the delivery options and the cart's
 * lines in two sections that open with the page; the summary panel; recommendations. A
 * full-screen overlay covers the page while the cart first loads. A removed line hands the
 * focus to the line beside it, or to the heading.
 */
export function CartPage() {
  const { t } = useTranslation('shopping');
  const { t: tCommon } = useTranslation();
  const lng = useLanguage();
  useDocumentTitle(tCommon('pageTitle', { page: t('cart.title') }));
  const { data: cart, isLoading, isError, refetch } = useCart();
  const arrives = formatDeliveryDate(arrivalDate(useToday()), lng);
  const count = cart?.count ?? 0;
  const lineIds = useMemo(() => cart?.items.map((line) => line.product._id), [cart]);
  const { headingRef, removing, removalFailed } = useFocusAfterRemoval(lineIds, cartLineLinkId);

  let body: ReactNode = null;
  if (cart && cart.items.length > 0) {
    body = (
      <>
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { md: 'minmax(0, 1fr) 340px' }, alignItems: 'start' }}>
          <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
            <Section id="cart-delivery" title={t('cart.deliveryOptions')}>
              <CartDeliveryTiles arrives={arrives} />
            </Section>
            <Section id="cart-lines" title={t('cart.linesHeading', { date: arrives })}>
              <Typography sx={{ fontSize: '0.9rem', color: 'text.secondary', mb: 1 }}>{t('cart.postcode')}</Typography>
              <Box component="ul" aria-label={t('cart.linesLabel')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
                {cart.items.map((line) => (
                  <CartLineRow key={line.product._id} line={line} onRemoveStart={removing} onRemoveFailed={removalFailed} />
                ))}
              </Box>
            </Section>
          </Box>
          <CartSummary cart={cart} />
        </Box>
        <Box sx={{ mt: 5 }}>
          <Recommendations cart={cart} />
        </Box>
      </>
    );
  } else if (isError && !cart) {
    body = (
      <Box role="alert" sx={{ py: 6, textAlign: 'center', display: 'grid', justifyItems: 'center', gap: 2 }}>
        <Typography>{t('cart.loadError')}</Typography>
        <Button variant="outlined" onClick={() => void refetch()}>
          {t('cart.retry')}
        </Button>
      </Box>
    );
  } else if (!isLoading) {
    body = <EmptyCart />;
  }

  return (
    <Box sx={{ py: 2 }}>
      {/* Focus comes here when the last line is removed. */}
      <Typography ref={headingRef} variant="h1" tabIndex={-1} sx={{ mb: 3 }}>
        {`${t('cart.title')} `}
        <Box component="span" sx={{ fontWeight: 400, fontSize: '1.1rem', color: 'text.secondary' }}>
          {t('cart.count', { count })}
        </Box>
      </Typography>
      {body}
      <Backdrop open={isLoading} sx={{ zIndex: (theme) => theme.zIndex.modal + 1, color: '#ffffff' }}>
        <CircularProgress color="inherit" aria-label={t('cart.loading')} />
      </Backdrop>
    </Box>
  );
}
