import { type PaymentOrders, PaymentPage } from '../../features/checkout/payment-page';
import { useGetOrdersQuery } from '../../features/orders/orders-api';
import { useLanguage } from '../../lib/use-language';
import { useSignedInUser } from '../hooks';

/**
 * `/payment`: the payment page, given the signed-in shopper's upcoming orders (features/orders,
 * the same cache as the account's Upcoming Orders), which the checkout feature may not read
 * itself. They are read afresh each time the page opens; a guest's page asks for nothing.
 */
export function PaymentRoute() {
  const user = useSignedInUser();
  const lng = useLanguage();
  const { data, isLoading, isError, refetch } = useGetOrdersQuery(
    { list: 'coming', userId: user?.id ?? '', lng },
    { skip: !user, refetchOnMountOrArgChange: true },
  );
  const orders: PaymentOrders = { data, isLoading, isError, refetch: () => void refetch() };
  return <PaymentPage orders={orders} />;
}
