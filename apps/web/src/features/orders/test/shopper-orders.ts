import type { Order, ShopperOrder } from '@dukkan/contracts/orders';

/**
 * `base` as the shopper's order answers carry it (`GET /api/orders/{id}`, `/past|coming/{userId}`):
 * no refund, paid in full once the payment was taken, with `extra` on top.
 */
export function shopperOrder(base: Order, extra: Partial<ShopperOrder> = {}): ShopperOrder {
  const paid = ['Paid', 'Partially refunded', 'Refunded'].includes(base.paymentStatus);
  return { ...base, refunds: [], refundedAmount: 0, paidAmount: paid ? base.amount : 0, ...extra };
}
