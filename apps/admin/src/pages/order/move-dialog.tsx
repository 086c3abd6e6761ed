import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { toast } from 'react-hot-toast';
import { useTranslation } from 'react-i18next';

import { ActionDialog } from '../../app/action-dialog';
import { useMoveOrderMutation } from '../../app/api/orders-api';

import { useActionFailure, type OrderDialogProps } from './order-dialog';

/** Moves the order one step on, to the status it had next when the dialog opened, after confirmation. */
export function MoveDialog({ order, open, onClose, onExited }: OrderDialogProps) {
  const { t } = useTranslation();
  const [to] = useState(order.nextStatus);
  const [moveOrder, moving] = useMoveOrderMutation();
  const { error, failed } = useActionFailure();

  async function onMove() {
    if (!to) return;
    const result = await moveOrder({ id: order._id, status: to });
    if (result.error) return failed(result.error);
    toast.success(t('order.moved', { status: t(`orderStatus.${to}`) }));
    onClose();
  }

  return (
    <ActionDialog
      open={open}
      error={error}
      onClose={onClose}
      onExited={onExited}
      title={to ? t('order.moveTitle', { id: order._id, status: t(`orderStatus.${to}`) }) : ''}
      confirmLabel={to ? t('order.markAs', { status: t(`orderStatus.${to}`) }) : ''}
      cancelLabel={t('common.close')}
      busy={moving.isLoading}
      onConfirm={() => void onMove()}
    >
      <Typography>{to && open ? t('order.moveText', { from: t(`orderStatus.${order.status}`), to: t(`orderStatus.${to}`) }) : null}</Typography>
    </ActionDialog>
  );
}
