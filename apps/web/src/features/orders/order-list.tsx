import { formatOrderDate } from '@dukkan/contracts/format';
import type { ShopperOrder } from '@dukkan/contracts/orders';
import { storefrontPaths } from '@dukkan/contracts/storefront-urls';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

import { useSignedInUser } from '../../app/hooks';
import { PriceAmount, SentenceWithAmount } from '../../components/price';
import { useLanguage } from '../../lib/use-language';

import { useOrderLabels } from './order-labels';
import { type OrderList as OrderListKind, useGetOrdersQuery } from './orders-api';

/**
 * One order as a card (spec section 2): street, amount and payment status, what was refunded of
 * it if anything (issue #32), plus when it was placed and its status. The whole card is one link
 * to /Order/{id}, named by its own text.
 */
function OrderCard({ order }: { order: ShopperOrder }) {
  const { t } = useTranslation('shopping');
  const lng = useLanguage();
  const labels = useOrderLabels();
  return (
    <Card component="li" variant="outlined" sx={{ borderRadius: 2 }}>
      <CardActionArea href={storefrontPaths.order(order._id)} sx={{ p: 2, display: 'grid', gap: 0.5, justifyItems: 'start' }}>
        <Box component="span" sx={{ display: 'block', fontWeight: 700 }}>
          {order.shippingAddress.street}
        </Box>{' '}
        <Box component="span" sx={{ display: 'block', fontWeight: 800, fontSize: '1.1rem' }}>
          <PriceAmount amount={order.amount} />
        </Box>{' '}
        <Box component="span" sx={{ display: 'block' }}>
          {t('orders.paymentStatusIs', { status: labels.paymentStatus(order.paymentStatus) })}
        </Box>{' '}
        {order.refundedAmount > 0 ? (
          <>
            <Box component="span" sx={{ display: 'block' }}>
              <SentenceWithAmount amount={order.refundedAmount} sentence={(amount) => t('orders.refunded', { amount })} />
            </Box>{' '}
          </>
        ) : null}
        <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: '0.85rem' }}>
          {t('orders.placedOn', { date: formatOrderDate(order.createdAt, lng) })} · {labels.status(order.status)}
        </Box>
      </CardActionArea>
    </Card>
  );
}

interface OrderListProps {
  list: OrderListKind;
  title: string;
  empty: string;
}

/**
 * The signed-in shopper's upcoming or past orders (spec sections 2 and 4), newest first, read
 * afresh each time the page opens; a loading indicator, then the cards or the empty text. A
 * failed read says so and offers to try again.
 */
export function OrderList({ list, title, empty }: OrderListProps) {
  const { t } = useTranslation('shopping');
  const lng = useLanguage();
  const user = useSignedInUser();
  const { data: orders, isLoading, isError, refetch } = useGetOrdersQuery(
    { list, userId: user?.id ?? '', lng },
    { skip: !user, refetchOnMountOrArgChange: true },
  );

  let body;
  if (isLoading) {
    body = <CircularProgress sx={{ mt: 2 }} aria-label={t('orders.loading')} />;
  } else if (isError && !orders) {
    body = (
      <Alert
        severity="error"
        sx={{ mt: 2 }}
        action={
          <Button color="inherit" size="small" onClick={() => void refetch()}>
            {t('orders.retry')}
          </Button>
        }
      >
        {t('orders.loadError')}
      </Alert>
    );
  } else if (!orders || orders.length === 0) {
    body = <Typography sx={{ color: 'text.secondary', mt: 2 }}>{empty}</Typography>;
  } else {
    body = (
      <Box component="ul" aria-label={title} sx={{ listStyle: 'none', p: 0, m: 0, mt: 2, display: 'grid', gap: 1.5, gridTemplateColumns: { sm: 'repeat(auto-fill, minmax(260px, 1fr))' } }}>
        {orders.map((order) => (
          <OrderCard key={order._id} order={order} />
        ))}
      </Box>
    );
  }

  return (
    <Box>
      <Typography variant="h2">{title}</Typography>
      {body}
    </Box>
  );
}
