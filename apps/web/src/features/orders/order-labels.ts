import type { OrderStatus, PaymentStatus } from '@dukkan/contracts/orders';
import { useTranslation } from 'react-i18next';

const ORDER_STATUS_KEYS = {
  'Waiting for Supplier': 'waitingForSupplier',
  Processing: 'processing',
  Shipped: 'shipped',
  Delivered: 'delivered',
  Cancelled: 'cancelled',
} as const satisfies Record<OrderStatus, string>;

const PAYMENT_STATUS_KEYS = {
  Pending: 'pending',
  Paid: 'paid',
  Expired: 'expired',
  Cancelled: 'cancelled',
  Refunded: 'refunded',
  'Partially refunded': 'partiallyRefunded',
} as const satisfies Record<PaymentStatus, string>;

/**
 * The words for an order's status and payment status. Spec section 4 shows them as received:
 * in English they are exactly the API's values ('Waiting for Supplier', 'Paid'); in Arabic, their
 * translation. A value this client does not know yet is shown as received.
 */
export function useOrderLabels() {
  const { t } = useTranslation('shopping');
  return {
    status: (status: OrderStatus): string => {
      const key = ORDER_STATUS_KEYS[status] as (typeof ORDER_STATUS_KEYS)[OrderStatus] | undefined;
      return key ? t(`orders.status.${key}`) : status;
    },
    paymentStatus: (status: PaymentStatus): string => {
      const key = PAYMENT_STATUS_KEYS[status] as (typeof PAYMENT_STATUS_KEYS)[PaymentStatus] | undefined;
      return key ? t(`orders.paymentStatus.${key}`) : status;
    },
  };
}
