import { useGetCartQuery } from '../../features/cart/cart-api';
import { PromoCode } from '../../features/cart/promo-code';
import { useCartArgs } from '../../features/cart/use-cart';
import { type CheckoutCart, CheckoutPage } from '../../features/checkout/checkout-page';
import { useAddressBook } from '../../features/profile/use-address-book';
import { useSignedInUser } from '../hooks';

/**
 * `/checkout`: the checkout page, given the cart (features/cart, the same cache as the header's
 * count) and the shopper's address book (features/profile), which the checkout feature may not
 * import itself. The cart is read afresh when the page opens: the order is placed at the prices
 * and stock it shows.
 */
export function CheckoutRoute() {
  const user = useSignedInUser();
  const { data, isLoading, isError, refetch } = useGetCartQuery(useCartArgs(), { refetchOnMountOrArgChange: true });
  const addressBook = useAddressBook(user?.id ?? null);
  const cart: CheckoutCart = { data, isLoading, isError, refetch: () => void refetch() };
  return <CheckoutPage cart={cart} addressBook={addressBook} promoCode={(current) => <PromoCode cart={current} />} />;
}
