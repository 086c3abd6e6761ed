import { OrderPage } from '../../features/orders/order-page';
import { OrderLineReview } from '../../features/reviews/order-line-review';

/**
 * `/Order/{id}`: the order page, with 'Write a review' (features/reviews) beside each line of a
 * delivered order, which the orders feature may not import itself (issue #36).
 */
export function OrderRoute() {
  return <OrderPage itemAction={(item, order) => (order.status === 'Delivered' ? <OrderLineReview productId={item._id} title={item.title} /> : null)} />;
}
