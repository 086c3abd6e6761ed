import { RefundBodySchema, type RefundBody } from '@dukkan/contracts/admin-orders';
import { formatPrice } from '@dukkan/contracts/format';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import { ActionDialog } from '../../app/action-dialog';
import { useRefundOrderMutation } from '../../app/api/orders-api';
import { contractResolver, errorProps, wordingOf } from '../../app/form';
import type { Language } from '../../app/language';

import { useOrderAction, type OrderDialogProps } from './order-dialog';

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

/**
 * Refunds the order: an amount (at first all that was left to refund when the dialog opened, and
 * at most that), a reason, and when restocking the units of each line that go back to stock.
 */
export function RefundDialog(props: OrderDialogProps & { language: Language }) {
  const { order, language } = props;
  const { t } = useTranslation();
  const [refundable] = useState(order.refundable);
  const refundMax = formatPrice(refundable);
  const [refundOrder, refunding] = useRefundOrderMutation();
  const action = useOrderAction(props);
  const { register, handleSubmit, control, formState } = useForm<RefundFields>({
    defaultValues: { amount: order.refundable.toFixed(2), reason: '', restock: true, units: Object.fromEntries(order.lines.map((line) => [line.productId, ''])) },
    resolver: contractResolver(RefundBodySchema, {
      bodyOf: refundBodyOf,
      // The units are checked against each line below; the API's own bounds on them are its to say.
      fieldOf: (path) => (path.startsWith('items') ? null : path),
      wording: wordingOf(t, { amount: () => t('order.refundAmountInvalid', { max: refundMax }) }),
      rules: (fields) => [
        ...(CENTS.test(fields.amount.trim()) && Number(fields.amount.trim()) <= refundable + 1e-9 ? [] : [{ field: 'amount', message: t('order.refundAmountInvalid', { max: refundMax }) }]),
        ...(fields.restock
          ? order.lines.flatMap((line) => {
              const units = fields.units[line.productId] ?? '';
              const max = line.quantity - line.restocked;
              return units === '' || (/^\d+$/.test(units) && Number(units) <= max) ? [] : [{ field: `units.${line.productId}`, message: t('order.lineUnitsInvalid', { max }) }];
            })
          : []),
      ],
    }),
  });
  const restock = useWatch({ control, name: 'restock' });

  async function onRefund(fields: RefundFields) {
    const body = refundBodyOf(fields);
    action.finish(await refundOrder({ id: order._id, body }), () => t('order.refundDone', { amount: formatPrice(body.amount) }));
  }

  return (
    <ActionDialog
      {...action.frame}
      title={t('order.refundTitle', { id: order._id })}
      confirmLabel={t('order.doRefund')}
      cancelLabel={t('common.close')}
      busy={refunding.isLoading}
      onConfirm={() => void handleSubmit(onRefund)()}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          label={t('order.refundAmount')}
          required
          autoFocus
          slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr' } }}
          {...register('amount')}
          {...errorProps(formState.errors.amount)}
          helperText={formState.errors.amount?.message ?? t('order.refundAmountHelp', { max: refundMax })}
        />
        <TextField label={t('order.refundReason')} required multiline minRows={2} {...register('reason')} {...errorProps(formState.errors.reason)} />
        <Controller
          name="restock"
          control={control}
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
                  {...register(`units.${line.productId}`)}
                  {...errorProps(formState.errors.units?.[line.productId])}
                />
              );
            })}
          </Stack>
        ) : null}
      </Stack>
    </ActionDialog>
  );
}
