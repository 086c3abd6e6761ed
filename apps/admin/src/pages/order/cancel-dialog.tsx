import { CancelOrderBodySchema } from '@dukkan/contracts/admin-orders';
import { formatPrice } from '@dukkan/contracts/format';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import { ActionDialog } from '../../app/action-dialog';
import { useCancelOrderMutation } from '../../app/api/orders-api';
import { contractResolver, errorProps, wordingOf } from '../../app/form';

import { useOrderAction, type OrderDialogProps } from './order-dialog';

interface CancelFields {
  reason: string;
}

/** Cancels the order with a reason, saying whether its payment (what was left to refund when the dialog opened) goes back. */
export function CancelDialog(props: OrderDialogProps) {
  const { order } = props;
  const { t } = useTranslation();
  const [refundable] = useState(order.refundable);
  const [cancelOrder, cancelling] = useCancelOrderMutation();
  const action = useOrderAction(props);
  const { register, handleSubmit, formState } = useForm<CancelFields>({
    defaultValues: { reason: '' },
    resolver: contractResolver(CancelOrderBodySchema, { bodyOf: (fields: CancelFields) => fields, wording: wordingOf(t) }),
  });

  async function onCancel({ reason }: CancelFields) {
    action.finish(await cancelOrder({ id: order._id, reason: reason.trim() }), () => t('order.cancelled'));
  }

  return (
    <ActionDialog
      {...action.frame}
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
