import type { AdminOrder, RefundBody, TimelineEntry } from '@dukkan/contracts/admin-orders';
import { formatDateTime, formatPrice } from '@dukkan/contracts/format';
import { lineTotal } from '@dukkan/contracts/money';
import { OrderStatusSchema, type OrderStatus } from '@dukkan/contracts/orders';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useRef, useState, type MouseEvent } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useParams } from 'react-router';

import { ActionDialog, useFocusReturn } from '../app/action-dialog';
import { useCancelOrderMutation, useGetOrderQuery, useMoveOrderMutation, useRefundOrderMutation } from '../app/api/orders-api';
import { failureOf, failureText } from '../app/errors';
import { errorProps } from '../app/form';
import { toLanguage, type Language } from '../app/language';
import { Busy } from '../app/layout';
import { mailLabel, mailStateLabel, paymentStateLabel } from '../app/order-texts';
import { DataTable, Facts, Section, ScrollBox } from '../app/parts';
import { adminPaths } from '../app/paths';

type Dialog = 'move' | 'cancel' | 'refund' | null;

export interface RefundFields {
  amount: string;
  reason: string;
  restock: boolean;
  /** Units to return per product id ('' or '0': none). */
  units: Record<string, string>;
}

const CENTS = /^\d+(\.\d{1,2})?$/;

/** The refund dialog's fields as the API's body: the amount in dollars (always sent), the lines with units to return (when restocking). */
export function refundBodyOf(fields: RefundFields): RefundBody & { amount: number } {
  const items = fields.restock
    ? Object.entries(fields.units)
        .map(([productId, quantity]) => ({ productId, quantity: Number(quantity || 0) }))
        .filter((item) => item.quantity > 0)
    : [];
  return {
    amount: Number(fields.amount),
    reason: fields.reason.trim(),
    restock: fields.restock,
    ...(items.length > 0 ? { items } : {}),
  };
}

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
  const [error, setError] = useState<string | null>(null);
  const actionsHeading = useRef<HTMLHeadingElement>(null);
  const focus = useFocusReturn(actionsHeading);
  const [moveOrder, moving] = useMoveOrderMutation();
  const [cancelOrder, cancelling] = useCancelOrderMutation();
  const [refundOrder, refunding] = useRefundOrderMutation();
  const next = order.nextStatus;
  // What the open dialog is about, fixed when it opens: the answer changes the order while it closes.
  const [moveTo, setMoveTo] = useState<OrderStatus | null>(null);
  const [refundableThen, setRefundableThen] = useState(0);

  const cancelForm = useForm<{ reason: string }>({ defaultValues: { reason: '' } });
  const refundForm = useForm<RefundFields>({ defaultValues: { amount: '', reason: '', restock: true, units: {} } });
  const restock = useWatch({ control: refundForm.control, name: 'restock' });

  function open(which: Exclude<Dialog, null>) {
    return (event: MouseEvent<HTMLElement>) => {
      focus.remember(event.currentTarget);
      setError(null);
      setMoveTo(next);
      setRefundableThen(order.refundable);
      if (which === 'cancel') cancelForm.reset({ reason: '' });
      if (which === 'refund') {
        refundForm.reset({ amount: order.refundable.toFixed(2), reason: '', restock: true, units: Object.fromEntries(order.lines.map((line) => [line.productId, ''])) });
      }
      setDialog(which);
    };
  }
  const close = () => setDialog(null);
  /** What the dialogs share: open while theirs is, the API's message in the open one only, focus back once closed. */
  const dialogOf = (which: Exclude<Dialog, null>) => ({ open: dialog === which, error: dialog === which ? error : null, onClose: close, onExited: focus.restore });
  /** A cancel or refund reason: required, 500 characters at most. */
  const reasonRules = {
    validate: (value: string) => value.trim().length > 0 || t('validation.required'),
    maxLength: { value: 500, message: t('validation.tooLong', { count: 500 }) },
  };

  /** The API's message inline (409 illegal move, 403 needs the owner, 502 refused or no answer from the provider...). */
  function failed(cause: unknown) {
    setError(failureOf(cause).message || t('app.networkError'));
  }

  async function onMove() {
    if (!moveTo) return;
    const result = await moveOrder({ id: order._id, status: moveTo });
    if (result.error) return failed(result.error);
    toast.success(t('order.moved', { status: t(`orderStatus.${moveTo}`) }));
    close();
  }

  async function onCancel({ reason }: { reason: string }) {
    const result = await cancelOrder({ id: order._id, reason: reason.trim() });
    if (result.error) return failed(result.error);
    toast.success(t('order.cancelled'));
    close();
  }

  async function onRefund(fields: RefundFields) {
    const body = refundBodyOf(fields);
    const result = await refundOrder({ id: order._id, body });
    if (result.error) return failed(result.error);
    toast.success(t('order.refundDone', { amount: formatPrice(body.amount) }));
    close();
  }

  const refundMax = formatPrice(refundableThen);
  const hasActions = Boolean(next) || order.cancellable || order.refundable > 0;

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

      <ActionDialog
        {...dialogOf('move')}
        title={moveTo ? t('order.moveTitle', { id: order._id, status: t(`orderStatus.${moveTo}`) }) : ''}
        confirmLabel={moveTo ? t('order.markAs', { status: t(`orderStatus.${moveTo}`) }) : ''}
        cancelLabel={t('common.close')}
        busy={moving.isLoading}
        onConfirm={() => void onMove()}
      >
        <Typography>{moveTo && dialog === 'move' ? t('order.moveText', { from: t(`orderStatus.${order.status}`), to: t(`orderStatus.${moveTo}`) }) : null}</Typography>
      </ActionDialog>

      <ActionDialog
        {...dialogOf('cancel')}
        title={t('order.cancelTitle', { id: order._id })}
        confirmLabel={t('order.doCancel')}
        cancelLabel={t('order.keep')}
        busy={cancelling.isLoading}
        onConfirm={() => void cancelForm.handleSubmit(onCancel)()}
        destructive
      >
        <Typography sx={{ mb: 2 }}>{refundableThen > 0 ? t('order.cancelPaid', { amount: refundMax }) : t('order.cancelUnpaid')}</Typography>
        <TextField
          label={t('order.cancelReason')}
          required
          fullWidth
          multiline
          minRows={2}
          autoFocus
          {...cancelForm.register('reason', reasonRules)}
          {...errorProps(cancelForm.formState.errors.reason)}
        />
      </ActionDialog>

      <ActionDialog
        {...dialogOf('refund')}
        title={t('order.refundTitle', { id: order._id })}
        confirmLabel={t('order.doRefund')}
        cancelLabel={t('common.close')}
        busy={refunding.isLoading}
        onConfirm={() => void refundForm.handleSubmit(onRefund)()}
      >
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={t('order.refundAmount')}
            required
            autoFocus
            slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr' } }}
            {...refundForm.register('amount', {
              validate: (value) => {
                const amount = Number(value.trim());
                return (CENTS.test(value.trim()) && amount > 0 && amount <= refundableThen + 1e-9) || t('order.refundAmountInvalid', { max: refundMax });
              },
            })}
            {...errorProps(refundForm.formState.errors.amount)}
            helperText={refundForm.formState.errors.amount?.message ?? t('order.refundAmountHelp', { max: refundMax })}
          />
          <TextField
            label={t('order.refundReason')}
            required
            multiline
            minRows={2}
            {...refundForm.register('reason', reasonRules)}
            {...errorProps(refundForm.formState.errors.reason)}
          />
          <Controller
            name="restock"
            control={refundForm.control}
            render={({ field }) => (
              <FormControlLabel
                control={<Checkbox checked={field.value} onChange={(event) => field.onChange(event.target.checked)} onBlur={field.onBlur} slotProps={{ input: { ref: field.ref } }} name={field.name} />}
                label={t('order.restock')}
              />
            )}
          />
          {restock ? (
            <Stack component="fieldset" spacing={1.5} sx={{ border: 0, p: 0, m: 0 }}>
              <Typography component="legend" variant="body2" sx={{ mb: 1 }}>
                {t('order.perLine')}
              </Typography>
              {order.lines.map((line) => {
                const max = line.quantity - line.restocked;
                const title = line.title[language] || line.title.en;
                return (
                  <TextField
                    key={line.productId}
                    type="number"
                    size="small"
                    label={t('order.lineUnits', { title })}
                    slotProps={{ htmlInput: { min: 0, max, step: 1 } }}
                    {...refundForm.register(`units.${line.productId}`, {
                      validate: (value) => value === '' || (/^\d+$/.test(value) && Number(value) <= max) || t('order.lineUnitsInvalid', { max }),
                    })}
                    {...errorProps(refundForm.formState.errors.units?.[line.productId])}
                  />
                );
              })}
            </Stack>
          ) : null}
        </Stack>
      </ActionDialog>
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
