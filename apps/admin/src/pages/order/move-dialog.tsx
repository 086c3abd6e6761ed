import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ActionDialog } from '../../app/action-dialog';
import { useMoveOrderMutation } from '../../app/api/orders-api';

import { useOrderAction, type OrderDialogProps } from './order-dialog';

/** Moves the order one step on, to the status it had next when the dialog opened, after confirmation. */
export function MoveDialog(props: OrderDialogProps) {
  const { order, open } = props;
  const { t } = useTranslation();
  const [to] = useState(order.nextStatus);
  const [moveOrder, moving] = useMoveOrderMutation();
  const action = useOrderAction(props);

  async function onMove() {
    if (!to) return;
    action.finish(await moveOrder({ id: order._id, status: to }), () => t('order.moved', { status: t(`orderStatus.${to}`) }));
  }

  return (
    <ActionDialog
      {...action.frame}
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
