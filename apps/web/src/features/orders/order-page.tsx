import { formatOrderDate, joinParts } from '@dukkan/contracts/format';
import type { OrderItem, OrderRefund, ShopperOrder } from '@dukkan/contracts/orders';
import { storefrontPaths } from '@dukkan/contracts/storefront-urls';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import StarIcon from '@mui/icons-material/Star';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useParams } from 'react-router';

import { useSignedInUser } from '../../app/hooks';
import { SentenceWithLtr } from '../../components/ltr-sentence';
import { PriceAmount, SentenceWithAmount } from '../../components/price';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLanguage } from '../../lib/use-language';

import { useOrderLabels } from './order-labels';
import { useGetOrderQuery } from './orders-api';

const sectionSx = { p: 2.5, borderRadius: 3 } as const;

function SectionTitle({ id, children }: { id: string; children: ReactNode }) {
  return (
    <Typography id={id} variant="h2" sx={{ fontSize: '1.2rem', mb: 1.5 }}>
      {children}
    </Typography>
  );
}

/** Spec section 2: the order's shipping address — street, area, city, country. */
function ShippingAddressSection({ order }: { order: ShopperOrder }) {
  const { t } = useTranslation('shopping');
  const lng = useLanguage();
  const { fullName, street, area, city, country } = order.shippingAddress;
  return (
    <Paper component="section" variant="outlined" aria-labelledby="order-address-title" sx={sectionSx}>
      <SectionTitle id="order-address-title">{t('order.shippingAddress')}</SectionTitle>
      <Box component="address" sx={{ fontStyle: 'normal', display: 'grid', gap: 0.25 }}>
        <Typography sx={{ fontWeight: 700 }}>{fullName}</Typography>
        <Typography>{street}</Typography>
        {area !== '' ? <Typography>{area}</Typography> : null}
        <Typography>{joinParts([city, country], lng)}</Typography>
      </Box>
    </Paper>
  );
}

/**
 * One refund: "$10.00 refunded on Nov 24, 2026", or, while the payment provider has not answered,
 * "$12.00 being refunded (since Nov 24, 2026)" — money on its way back, not yet back.
 */
function RefundLine({ refund }: { refund: OrderRefund }) {
  const { t } = useTranslation('shopping');
  const lng = useLanguage();
  const date = formatOrderDate(refund.createdAt, lng);
  const key = refund.status === 'pending' ? 'order.beingRefunded' : 'order.refundedOn';
  return (
    <li>
      <SentenceWithAmount amount={refund.amount} sentence={(amount) => t(key, { amount, date })} />
    </li>
  );
}

/**
 * Spec section 2: placed date, price, status and payment status; once the shop refunded part or
 * all of it (issue #32), each refund and what the shopper paid in the end. The price stays what
 * the order cost.
 */
function DetailsSection({ order }: { order: ShopperOrder }) {
  const { t } = useTranslation('shopping');
  const lng = useLanguage();
  const labels = useOrderLabels();
  const rows: [string, ReactNode][] = [
    [t('order.placed'), formatOrderDate(order.createdAt, lng)],
    [t('order.price'), <PriceAmount key="amount" amount={order.amount} />],
    // The promotion's discount, already taken off the price (issue #35).
    ...(order.discount > 0
      ? ([
          [
            t('order.discountOf', { name: order.promotion?.name ?? '' }),
            <bdi key="discount" dir="ltr">
              −<PriceAmount amount={order.discount} />
            </bdi>,
          ],
        ] satisfies [string, ReactNode][])
      : []),
    [t('order.status'), labels.status(order.status)],
    [t('order.paymentStatus'), labels.paymentStatus(order.paymentStatus)],
  ];
  if (order.refunds.length > 0) {
    rows.push(
      [
        t('order.refunds'),
        <Box key="refunds" component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 0.25 }}>
          {order.refunds.map((refund) => (
            <RefundLine key={refund._id} refund={refund} />
          ))}
        </Box>,
      ],
      [t('order.paidAfterRefunds'), <PriceAmount key="paid" amount={order.paidAmount} />],
    );
  }
  return (
    <Paper component="section" variant="outlined" aria-labelledby="order-details-title" sx={sectionSx}>
      <SectionTitle id="order-details-title">{t('order.details')}</SectionTitle>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.75 }}>
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Box component="dt" sx={{ color: 'text.secondary' }}>
              {label}
            </Box>
            <Box component="dd" sx={{ m: 0, fontWeight: 600 }}>
              {value}
            </Box>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}

/** What the page may show beside an item of an order (the route gives it: 'Write a review' on a delivered one). */
export type OrderItemAction = (item: OrderItem, order: ShopperOrder) => ReactNode;

/**
 * Spec section 2: an item card — thumbnail, title, price, rating (or 'No reviews yet': a product
 * nobody has reviewed answers 0, issue #36), description, View Product, and the route's action.
 */
function ItemCard({ item, action }: { item: OrderItem; action: ReactNode }) {
  const { t } = useTranslation('shopping');
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{ p: 2, borderRadius: 3, display: 'grid', gap: 2, gridTemplateColumns: { xs: '88px minmax(0, 1fr)', sm: '120px minmax(0, 1fr) auto' }, alignItems: 'start' }}
    >
      <Box
        component="img"
        src={item.thumbnail}
        alt=""
        width={120}
        height={120}
        loading="lazy"
        sx={{ width: '100%', height: 'auto', aspectRatio: '1 / 1', objectFit: 'contain', borderRadius: 1.5, bgcolor: '#f7f8fa' }}
      />
      <Box sx={{ minWidth: 0, display: 'grid', gap: 0.5 }}>
        <Typography component="h3" sx={{ fontWeight: 700, fontSize: '1rem' }}>
          {item.title}
        </Typography>
        <Typography sx={{ fontWeight: 800 }}>
          <PriceAmount amount={item.price} />
        </Typography>
        {item.discount > 0 ? (
          <Typography sx={{ fontSize: '0.9rem', color: '#2a8703' }}>
            <SentenceWithAmount amount={item.paid} sentence={(amount) => t('order.paidAfterDiscount', { amount })} />
          </Typography>
        ) : null}
        {item.rating > 0 ? (
          <Typography sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontSize: '0.9rem' }}>
            <StarIcon aria-hidden="true" sx={{ fontSize: '1rem', color: '#995213' }} />
            {t('order.rating', { rating: item.rating.toFixed(1) })}
          </Typography>
        ) : (
          <Typography sx={{ fontSize: '0.9rem', color: 'text.secondary' }}>{t('order.noReviews')}</Typography>
        )}
        <Typography sx={{ fontSize: '0.9rem', color: 'text.secondary' }}>{item.description}</Typography>
        <Typography sx={{ fontSize: '0.9rem' }}>{t('order.quantity', { count: item.quantity })}</Typography>
      </Box>
      <Box sx={{ gridColumn: { xs: '2', sm: 'auto' }, display: 'grid', gap: 1, justifyItems: 'start', maxWidth: { sm: 240 } }}>
        <Button variant="outlined" href={storefrontPaths.product(item._id)} aria-label={t('order.viewProductNamed', { title: item.title })}>
          {t('order.viewProduct')}
        </Button>
        {action}
      </Box>
    </Paper>
  );
}

function OrderView({ order, itemAction }: { order: ShopperOrder; itemAction?: OrderItemAction }) {
  const { t } = useTranslation('shopping');
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { md: '1fr 1fr' }, alignItems: 'start' }}>
        <ShippingAddressSection order={order} />
        <DetailsSection order={order} />
      </Box>
      <Box component="section" aria-labelledby="order-items-title">
        <SectionTitle id="order-items-title">{t('order.items', { count: order.count })}</SectionTitle>
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
          {order.items.map((item) => (
            <ItemCard key={item._id} item={item} action={itemAction?.(item, order)} />
          ))}
        </Box>
      </Box>
    </Box>
  );
}

/** The HTTP status of a failed read, when the server answered. */
function statusOf(error: unknown): number | null {
  return error && typeof error === 'object' && 'status' in error && typeof error.status === 'number' ? error.status : null;
}

/** A guest's /Order/{id}: orders are their owner's only; the sign-in link comes back here. */
function SignInPrompt() {
  const { t } = useTranslation('shopping');
  const location = useLocation();
  return (
    <Box sx={{ textAlign: 'center', py: 6, display: 'grid', justifyItems: 'center', gap: 2 }}>
      <LockOutlinedIcon aria-hidden="true" sx={{ fontSize: 56, color: 'primary.main' }} />
      <Typography>{t('order.signInText')}</Typography>
      <Button component={RouterLink} to="/login" state={{ from: `${location.pathname}${location.search}` }} variant="contained">
        {t('order.signIn')}
      </Button>
    </Box>
  );
}

/**
 * `/Order/{id}` (spec section 2, "Order review"): the order's shipping address, its details and
 * its items, read afresh each time, each item with `itemAction`'s node when given. Only its owner
 * sees it: a guest is asked to sign in; an unknown order, or another shopper's (the API answers
 * both 404), says it cannot be found.
 */
export function OrderPage({ itemAction }: { itemAction?: OrderItemAction }) {
  const { id = '' } = useParams();
  const { t } = useTranslation('shopping');
  const { t: tCommon } = useTranslation();
  useDocumentTitle(tCommon('pageTitle', { page: t('order.title') }));
  const lng = useLanguage();
  const user = useSignedInUser();
  const { data: order, isLoading, isError, error, refetch } = useGetOrderQuery({ id, lng }, { skip: !user, refetchOnMountOrArgChange: true });

  let body: ReactNode;
  if (!user) {
    body = <SignInPrompt />;
  } else if (isLoading) {
    body = <CircularProgress aria-label={t('order.loading')} />;
  } else if (isError && !order) {
    const status = statusOf(error);
    if (status === 404 || status === 400) {
      // 400: an id that cannot be an order's.
      body = <Alert severity="error">{t('order.notFound')}</Alert>;
    } else {
      body = (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              {t('order.retry')}
            </Button>
          }
        >
          {t('order.loadError')}
        </Alert>
      );
    }
  } else if (order) {
    body = <OrderView order={order} itemAction={itemAction} />;
  }

  return (
    <Box sx={{ py: 2 }}>
      <Typography variant="h1">{t('order.title')}</Typography>
      <Typography sx={{ color: 'text.secondary', mt: 1, mb: 3, overflowWrap: 'anywhere' }}>
        <SentenceWithLtr value={id} sentence={(mark) => t('order.number', { id: mark })} />
      </Typography>
      {body}
    </Box>
  );
}
