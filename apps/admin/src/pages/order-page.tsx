import type { AdminOrder, TimelineEntry } from '@dukkan/contracts/admin-orders';
import { formatDateTime, formatPrice } from '@dukkan/contracts/format';
import { lineTotal } from '@dukkan/contracts/money';
import { OrderStatusSchema } from '@dukkan/contracts/orders';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useParams } from 'react-router';

import { useFocusReturn } from '../app/action-dialog';
import { useGetOrderQuery } from '../app/api/orders-api';
import { failureOf, failureText } from '../app/errors';
import { toLanguage, type Language } from '../app/language';
import { Busy, useStaff } from '../app/layout';
import { mailLabel, mailStateLabel, paymentStateLabel } from '../app/order-texts';
import { DataTable, Facts, Section, ScrollBox } from '../app/parts';
import { adminPaths } from '../app/paths';
import { mayUse } from '../app/roles';

import { CancelDialog } from './order/cancel-dialog';
import { MoveDialog } from './order/move-dialog';
import { RefundDialog } from './order/refund-dialog';

type Dialog = 'move' | 'cancel' | 'refund' | null;

function statusLabel(t: TFunction, status: string | null): string {
  const known = OrderStatusSchema.safeParse(status);
  return known.success ? t(`orderStatus.${known.data}`) : (status ?? '');
}

/** What a moment of the timeline says, in the viewer's language. */
function describe(t: TFunction, entry: TimelineEntry): string {
  const amount = entry.amount === null ? '' : formatPrice(entry.amount);
  switch (entry.kind) {
    case 'status':
      return t('order.kinds.status', { from: statusLabel(t, entry.from), to: statusLabel(t, entry.to) });
    case 'refund':
      return t('order.kinds.refund', { amount });
    case 'refund-failed':
      return t('order.kinds.refund-failed', { amount });
    case 'mail':
      return t('order.kinds.mail', { mail: mailLabel(t, entry.note), state: mailStateLabel(t, entry.mailStatus) });
    default:
      return t(`order.kinds.${entry.kind}`);
  }
}

function whoOf(t: TFunction, entry: TimelineEntry): string {
  if (entry.by) return entry.by.role ? `${entry.by.email} (${t(`roles.${entry.by.role}`)})` : entry.by.email;
  return entry.kind === 'placed' ? t('order.shopper') : t('order.shop');
}

/**
 * `/admin/orders/:id` (owner, support): the order with its customer, address, lines, payments,
 * refunds and timeline, and its actions, each confirmed in a dialog: the next status, cancel
 * (with a reason) and refund (amount, reason, restock, units per line).
 */
export default function OrderPage() {
  const { t, i18n } = useTranslation();
  const language = toLanguage(i18n.language);
  const { id = '' } = useParams();
  const location = useLocation();
  const state: unknown = location.state;
  const backSearch = typeof state === 'object' && state !== null && 'list' in state && typeof state.list === 'string' ? state.list : '';
  const order = useGetOrderQuery(id);

  return (
    <Stack spacing={3}>
      <Link component={RouterLink} to={adminPaths.orders(backSearch)} sx={{ alignSelf: 'flex-start', color: 'primary.dark' }}>
        {t('order.back')}
      </Link>
      {order.isLoading ? <Busy /> : null}
      {order.isError ? (
        <Alert severity="error" role="alert">
          {failureOf(order.error).status === 404 ? t('order.notFound') : failureText(t, order.error)}
        </Alert>
      ) : null}
      {order.data ? <OrderView order={order.data} language={language} /> : null}
    </Stack>
  );
}

function OrderView({ order, language }: { order: AdminOrder; language: Language }) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<Dialog>(null);
  // Each opening mounts the dialogs afresh (a new key): the opened one starts from the order as it is then.
  const [opening, setOpening] = useState(0);
  const actionsHeading = useRef<HTMLHeadingElement>(null);
  const focus = useFocusReturn(actionsHeading);
  const next = order.nextStatus;

  function open(which: Exclude<Dialog, null>) {
    return (event: MouseEvent<HTMLElement>) => {
      focus.remember(event.currentTarget);
      setOpening((count) => count + 1);
      setDialog(which);
    };
  }
  /** What the dialogs share: the order, open while theirs is, focus back once closed. */
  const dialogOf = (which: Exclude<Dialog, null>) => ({ order, open: dialog === which, onClose: () => setDialog(null), onExited: focus.restore });

  const hasActions = Boolean(next) || order.cancellable || order.refundable > 0;
  // The lines' discount and paid columns, only for an order a promotion took something off.
  const discounted = order.discount > 0;

  return (
    <>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography component="h1" variant="h1" sx={{ overflowWrap: 'anywhere' }}>
          {t('order.title', { id: order._id })}
        </Typography>
        <Chip label={t(`orderStatus.${order.status}`)} color={order.status === 'Cancelled' ? 'default' : 'primary'} variant="outlined" />
        <Chip label={t(`paymentStatus.${order.paymentStatus}`)} variant="outlined" />
      </Stack>

      <Section title={t('order.actions')} headingRef={actionsHeading}>
        {hasActions ? (
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
            {next ? (
              <Button variant="contained" onClick={open('move')}>
                {t('order.markAs', { status: t(`orderStatus.${next}`) })}
              </Button>
            ) : null}
            {order.refundable > 0 ? (
              <Button variant="outlined" onClick={open('refund')}>
                {t('order.refundButton')}
              </Button>
            ) : null}
            {order.cancellable ? (
              <Button variant="outlined" color="error" onClick={open('cancel')}>
                {t('order.cancel')}
              </Button>
            ) : null}
          </Stack>
        ) : (
          <Typography variant="body2">{t('order.noActions')}</Typography>
        )}
      </Section>

      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 4 }}>
          <Section title={t('order.summary')}>
            <Facts
              items={[
                { label: t('order.placed'), value: formatDateTime(order.createdAt, language) },
                ...(order.paidAt ? [{ label: t('order.paidAt'), value: formatDateTime(order.paidAt, language) }] : []),
                ...(order.paymentStatus === 'Pending' ? [{ label: t('order.payBy'), value: formatDateTime(order.payBy, language) }] : []),
                { label: t('order.amount'), value: formatPrice(order.amount) },
                ...(order.discount > 0 ? [{ label: t('order.discount'), value: <DiscountFact order={order} language={language} /> }] : []),
                { label: t('order.refunded'), value: formatPrice(order.refunded) },
                { label: t('order.refundable'), value: formatPrice(order.refundable) },
                { label: t('order.language'), value: order.lng === 'ar' ? t('languages.ar') : t('languages.en') },
              ]}
            />
          </Section>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Section title={t('order.customer')}>
            <Typography dir="auto">{order.customer.name}</Typography>
            <Link component={RouterLink} to={adminPaths.customer(order.customer._id)} dir="ltr" sx={{ color: 'primary.dark', overflowWrap: 'anywhere' }}>
              {order.customer.email}
            </Link>
          </Section>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Section title={t('order.address')}>
            <Address address={order.shippingAddress} phoneLabel={t('order.phone')} />
          </Section>
        </Grid>
      </Grid>

      <Section title={t('order.lines')}>
        <ScrollBox label={t('order.lines')}>
          <DataTable
            caption={t('order.lines')}
            size="small"
            columns={[
              { label: t('order.line.product') },
              { label: t('order.line.price'), align: 'right' },
              { label: t('order.line.quantity'), align: 'right' },
              { label: t('order.line.subtotal'), align: 'right' },
              ...(discounted ? [{ label: t('order.line.discount'), align: 'right' as const }, { label: t('order.line.paid'), align: 'right' as const }] : []),
              { label: t('order.line.restocked'), align: 'right' },
            ]}
          >
            {order.lines.map((line) => (
              <TableRow key={line.productId}>
                <TableCell lang={language} dir="auto">
                  <Link component={RouterLink} to={adminPaths.product(line.productId)} sx={{ color: 'primary.dark' }}>
                    {line.title[language] || line.title.en}
                  </Link>
                </TableCell>
                <TableCell align="right">{formatPrice(line.price)}</TableCell>
                <TableCell align="right">{line.quantity}</TableCell>
                <TableCell align="right">{formatPrice(lineTotal(line.price, line.quantity))}</TableCell>
                {discounted ? (
                  <>
                    <TableCell align="right">{formatPrice(line.discount)}</TableCell>
                    <TableCell align="right">{formatPrice(line.paid)}</TableCell>
                  </>
                ) : null}
                <TableCell align="right">{line.restocked}</TableCell>
              </TableRow>
            ))}
          </DataTable>
        </ScrollBox>
      </Section>

      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 6 }}>
          <Section title={t('order.payments')}>
            {order.payments.length === 0 ? (
              <Typography variant="body2">{t('order.paymentsNone')}</Typography>
            ) : (
              <ScrollBox label={t('order.payments')}>
                <DataTable
                  caption={t('order.payments')}
                  size="small"
                  columns={[
                    { label: t('order.payment.date') },
                    { label: t('order.payment.provider') },
                    { label: t('order.payment.session') },
                    { label: t('order.payment.status') },
                    { label: t('order.payment.amount'), align: 'right' },
                  ]}
                >
                  {order.payments.map((payment) => (
                    <TableRow key={payment._id}>
                      <TableCell>{formatDateTime(payment.createdAt, language)}</TableCell>
                      <TableCell>{payment.provider}</TableCell>
                      <TableCell dir="ltr" sx={{ overflowWrap: 'anywhere', fontFamily: 'monospace' }}>
                        {payment.providerSessionId}
                      </TableCell>
                      <TableCell>{paymentStateLabel(t, payment.status)}</TableCell>
                      <TableCell align="right">{formatPrice(payment.amount)}</TableCell>
                    </TableRow>
                  ))}
                </DataTable>
              </ScrollBox>
            )}
          </Section>
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <Section title={t('order.refunds')}>
            {order.refunds.length === 0 ? (
              <Typography variant="body2">{t('order.refundsNone')}</Typography>
            ) : (
              <ScrollBox label={t('order.refunds')}>
                <DataTable
                  caption={t('order.refunds')}
                  size="small"
                  columns={[
                    { label: t('order.refund.date') },
                    { label: t('order.refund.amount'), align: 'right' },
                    { label: t('order.refund.reason') },
                    { label: t('order.refund.restock') },
                    { label: t('order.refund.status') },
                    { label: t('order.refund.by') },
                  ]}
                >
                  {order.refunds.map((refund) => (
                    <TableRow key={refund._id}>
                      <TableCell>{formatDateTime(refund.createdAt, language)}</TableCell>
                      <TableCell align="right">{formatPrice(refund.amount)}</TableCell>
                      <TableCell dir="auto">{refund.reason}</TableCell>
                      <TableCell>{refund.restock ? t('common.yes') : t('common.no')}</TableCell>
                      <TableCell>{refund.status === 'failed' ? t('order.refundStatus.failed', { message: refund.failureMessage ?? '' }) : t(`order.refundStatus.${refund.status}`)}</TableCell>
                      <TableCell dir="ltr" sx={{ overflowWrap: 'anywhere' }}>
                        {refund.by?.email ?? ''}
                      </TableCell>
                    </TableRow>
                  ))}
                </DataTable>
              </ScrollBox>
            )}
          </Section>
        </Grid>
      </Grid>

      <Section title={t('order.timeline')}>
        <Stack component="ol" spacing={1} sx={{ m: 0, ps: 3 }}>
          {order.timeline.map((entry, index) => (
            <li key={`${entry.at}-${entry.kind}-${index}`}>
              <Typography variant="body2">
                <time dateTime={entry.at}>{formatDateTime(entry.at, language)}</time> — <strong>{describe(t, entry)}</strong> — <span dir="auto">{whoOf(t, entry)}</span>
              </Typography>
              {entry.note && (entry.kind === 'cancelled' || entry.kind === 'refund' || entry.kind === 'refund-failed') ? (
                <Typography variant="body2" dir="auto" sx={{ color: 'text.secondary' }}>
                  {t('order.reasonNote', { note: entry.note })}
                </Typography>
              ) : null}
            </li>
          ))}
        </Stack>
      </Section>

      <MoveDialog key={`move-${opening}`} {...dialogOf('move')} />
      <CancelDialog key={`cancel-${opening}`} {...dialogOf('cancel')} />
      <RefundDialog key={`refund-${opening}`} {...dialogOf('refund')} language={language} />
    </>
  );
}

/** What the order's promotion took off, and the promotion: a link to it for a role that may open promotions. */
function DiscountFact({ order, language }: { order: AdminOrder; language: Language }) {
  const staff = useStaff();
  const { promotion } = order;
  const name = promotion ? promotion.name[language] || promotion.name.en : '';
  return (
    <>
      {formatPrice(order.discount)}
      {promotion ? (
        <>
          {' — '}
          {mayUse(staff.role, 'promotions') ? (
            <Link component={RouterLink} to={adminPaths.promotion(promotion._id)} lang={language} dir="auto" sx={{ color: 'primary.dark' }}>
              {name}
            </Link>
          ) : (
            <span lang={language} dir="auto">
              {name}
            </span>
          )}
          {promotion.code ? (
            <>
              {' '}
              (<span dir="ltr">{promotion.code}</span>)
            </>
          ) : null}
        </>
      ) : null}
    </>
  );
}

function Address({ address, phoneLabel }: { address: AdminOrder['shippingAddress']; phoneLabel: string }) {
  const lines = [
    address.fullName,
    [address.street, address.building, address.floor, address.apartment].filter(Boolean).join(', '),
    [address.area, address.city, address.zipCode].filter(Boolean).join(', '),
    address.country,
    address.extraDetails,
  ].filter(Boolean);
  return (
    <Typography component="address" variant="body2" sx={{ fontStyle: 'normal' }}>
      {lines.map((line) => (
        <span key={line} dir="auto" style={{ display: 'block' }}>
          {line}
        </span>
      ))}
      <span style={{ display: 'block' }}>
        {phoneLabel}: <span dir="ltr">{address.phoneNumber}</span>
      </span>
    </Typography>
  );
}
