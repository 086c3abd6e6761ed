import { CancelOrderBodySchema } from '@dukkan/contracts/admin-orders';
import { formatPrice } from '@dukkan/contracts/format';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-hot-toast';
import { useTranslation } from 'react-i18next';

import { ActionDialog } from '../../app/action-dialog';
import { useCancelOrderMutation } from '../../app/api/orders-api';
import { contractResolver, errorProps, wordingOf } from '../../app/form';

import { useActionFailure, type OrderDialogProps } from './order-dialog';

interface CancelFields {
  reason: string;
}

/** Cancels the order with a reason, saying whether its payment (what was left to refund when the dialog opened) goes back. */
export function CancelDialog({ order, open, onClose, onExited }: OrderDialogProps) {
  const { t } = useTranslation();
  const [refundable] = useState(order.refundable);
  const [cancelOrder, cancelling] = useCancelOrderMutation();
  const { error, failed } = useActionFailure();
  const { register, handleSubmit, formState } = useForm<CancelFields>({
    defaultValues: { reason: '' },
    resolver: contractResolver(CancelOrderBodySchema, { bodyOf: (fields: CancelFields) => fields, wording: wordingOf(t) }),
  });

  async function onCancel({ reason }: CancelFields) {
    const result = await cancelOrder({ id: order._id, reason: reason.trim() });
    if (result.error) return failed(result.error);
    toast.success(t('order.cancelled'));
    onClose();
  }

  return (
    <ActionDialog
      open={open}
      error={error}
      onClose={onClose}
      onExited={onExited}
      title={t('order.cancelTitle', { id: order._id })}
      confirmLabel={t('order.doCancel')}
      cancelLabel={t('order.keep')}
      busy={cancelling.isLoading}
      onConfirm={() => void handleSubmit(onCancel)()}
      destructive
    >
      <Typography sx={{ mb: 2 }}>{refundable > 0 ? t('order.cancelPaid', { amount: formatPrice(refundable) }) : t('order.cancelUnpaid')}</Typography>
      <TextField label={t('order.cancelReason')} required fullWidth multiline minRows={2} autoFocus {...register('reason')} {...errorProps(formState.errors.reason)} />
    </ActionDialog>
  );
}
