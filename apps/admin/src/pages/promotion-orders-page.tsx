import { formatDateTime, formatPrice } from '@dukkan/contracts/format';
import { OrderStatusSchema, PaymentStatusSchema } from '@dukkan/contracts/orders';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';

import { useGetPromotionQuery, usePromotionOrdersQuery } from '../app/api/promotions-api';
import { failureOf, failureText } from '../app/errors';
import { toLanguage } from '../app/language';
import { Busy, useStaff } from '../app/layout';
import { DataTable, Facts, ScrollBox, Section } from '../app/parts';
import { adminPaths } from '../app/paths';
import { mayUse } from '../app/roles';

function orderStatusLabel(t: TFunction, status: string): string {
  const known = OrderStatusSchema.safeParse(status);
  return known.success ? t(`orderStatus.${known.data}`) : status;
}

function paymentStatusLabel(t: TFunction, status: string): string {
  const known = PaymentStatusSchema.safeParse(status);
  return known.success ? t(`paymentStatus.${known.data}`) : status;
}

/**
 * `/admin/promotions/{id}/orders` (owner, catalog): the orders that used the promotion, newest
 * first, each with its discount and a link to its page (for a role that may open orders), and
 * the discount given in all (released uses left out, as the API counts it).
 */
export default function PromotionOrdersPage() {
  const { t, i18n } = useTranslation();
  const language = toLanguage(i18n.language);
  const { id = '' } = useParams();
  const staff = useStaff();
  const promotion = useGetPromotionQuery(id);
  const orders = usePromotionOrdersQuery(id);
  const linkOrders = mayUse(staff.role, 'orders');
  const name = promotion.data ? promotion.data.name[language] || promotion.data.name.en : '';
  const failed = promotion.error ?? orders.error;

  return (
    <Stack spacing={3}>
      <Link component={RouterLink} to={adminPaths.promotion(id)} sx={{ alignSelf: 'flex-start', color: 'primary.dark' }}>
        {t('promotionOrders.back')}
      </Link>
      {promotion.isLoading || orders.isLoading ? <Busy /> : null}
      {failed ? (
        <Alert severity="error" role="alert">
          {failureOf(failed).status === 404 ? t('promotionEditor.notFound') : failureText(t, failed)}
        </Alert>
      ) : null}
      {promotion.data && orders.data ? (
        <>
          <Typography component="h1" variant="h1" lang={language} dir="auto">
            {t('promotionOrders.title', { name })}
          </Typography>
          <Section title={t('order.summary')}>
            <Facts
              items={[
                { label: t('promotionOrders.code'), value: promotion.data.code === null ? t('promotions.automatic') : <span dir="ltr">{promotion.data.code}</span> },
                { label: t('promotions.columns.status'), value: t(`promotionStatus.${promotion.data.status}`) },
                { label: t('promotionOrders.count'), value: orders.data.total },
                { label: t('promotionOrders.total'), value: <bdi dir="ltr">{formatPrice(orders.data.discount)}</bdi> },
              ]}
            />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {t('promotionOrders.totalHelp')}
            </Typography>
          </Section>
          <Section title={t('promotionOrders.table')}>
            <ScrollBox label={t('promotionOrders.table')}>
              <DataTable
                caption={t('promotionOrders.table')}
                size="small"
                empty={orders.data.data.length === 0 ? t('promotionOrders.none') : null}
                columns={[
                  { label: t('promotionOrders.columns.order') },
                  { label: t('promotionOrders.columns.placed') },
                  { label: t('promotionOrders.columns.status') },
                  { label: t('promotionOrders.columns.payment') },
                  { label: t('promotionOrders.columns.amount'), align: 'right' },
                  { label: t('promotionOrders.columns.discount'), align: 'right' },
                  { label: t('promotionOrders.columns.use') },
                ]}
              >
                {orders.data.data.map((order) => (
                  <TableRow key={order._id}>
                    <TableCell sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                      {linkOrders ? (
                        <Link component={RouterLink} to={adminPaths.order(order._id)} sx={{ color: 'primary.dark' }}>
                          {order._id}
                        </Link>
                      ) : (
                        order._id
                      )}
                    </TableCell>
                    <TableCell>{formatDateTime(order.createdAt, language)}</TableCell>
                    <TableCell>{orderStatusLabel(t, order.status)}</TableCell>
                    <TableCell>{paymentStatusLabel(t, order.paymentStatus)}</TableCell>
                    <TableCell align="right">
                      <bdi dir="ltr">{formatPrice(order.amount)}</bdi>
                    </TableCell>
                    <TableCell align="right">
                      <bdi dir="ltr">{formatPrice(order.discount)}</bdi>
                    </TableCell>
                    <TableCell>{order.released ? t('promotionOrders.released') : t('promotionOrders.kept')}</TableCell>
                  </TableRow>
                ))}
              </DataTable>
            </ScrollBox>
          </Section>
        </>
      ) : null}
    </Stack>
  );
}
