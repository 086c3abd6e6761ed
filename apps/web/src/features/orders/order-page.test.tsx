import type { ShopperOrder } from '@dukkan/contracts/orders';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from 'i18next';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';

import { API, answerWith, cartAnswer, categoriesAnswer, failure, orderAnswer } from '../../test/api-server';
import { signInShopper } from '../../test/fixtures';
import { order, savedAddress, shopperOrder } from '../../test/orders';
import { renderApp } from '../../test/render';
import { cartOf } from '../../test/shop-server';

const placed = shopperOrder(order(1, {
  amount: 45.25,
  count: 3,
  paymentStatus: 'Paid',
  status: 'Shipped',
  shippingAddress: savedAddress(1, { street: '26th of July St.', area: 'Zamalek', city: 'Cairo', country: 'Egypt' }),
  items: [
    { ...order(1).items[0]!, quantity: 2 },
    {
      _id: '00000000-0000-4000-8000-000000000002',
      title: 'Olive oil',
      thumbnail: '/images/products/p2/0.svg',
      description: 'Cold pressed',
      price: 18.25,
      rating: 3.96,
      quantity: 1,
      discount: 0,
      paid: 18.25,
    },
  ],
}));

/** `shown`'s page, or a 404 for `placed`'s when there is none; an empty cart. */
function mockOrder(shown: ShopperOrder | null) {
  const answer = shown ? orderAnswer(shown) : http.get(`${API}/orders/${placed._id}`, () => failure(404, 'NOT_FOUND', 'Order not found'));
  return answerWith(categoriesAnswer([]), cartAnswer(cartOf([])), answer);
}

/**
 * `placed` ($45.25), shipped and then partly refunded: $10.00 given back on Nov 24, and $5.25
 * asked of the payment provider on Nov 25, not answered yet. Its id's first group is all digits,
 * which the bidi algorithm moves to the end in an Arabic sentence unless it is isolated.
 */
const partlyRefunded = shopperOrder(
  { ...placed, _id: '12345678-abcd-4def-8abc-0123456789ab', paymentStatus: 'Partially refunded' },
  {
    refunds: [
      { _id: '00000000-0000-4000-8000-000000009001', amount: 10, status: 'succeeded', createdAt: '2026-11-24T10:00:00.000Z' },
      { _id: '00000000-0000-4000-8000-000000009002', amount: 5.25, status: 'pending', createdAt: '2026-11-25T10:00:00.000Z' },
    ],
    refundedAmount: 10,
    paidAmount: 35.25,
  },
);

/** The element holding exactly `text`, which must sit in a left-to-right isolate. */
function isolatedLtr(container: HTMLElement, text: string): HTMLElement {
  const element = within(container).getByText(text);
  expect(element.closest('bdi'), `"${text}" in a <bdi>`).toHaveAttribute('dir', 'ltr');
  return element;
}

describe('/Order/{id}', () => {
  it('shows a promotion’s discount beside the price, and what a discounted line paid (issue #35)', async () => {
    signInShopper();
    const [lamps, oil] = placed.items;
    const discounted = shopperOrder({
      ...placed,
      amount: 41.5,
      discount: 3.75,
      promotion: { code: 'SPRING', name: 'Spring sale' },
      items: [{ ...lamps!, discount: 3.75, paid: 23.25 }, oil!],
    });
    mockOrder(discounted);
    renderApp(`/Order/${placed._id}`);
    const details = await screen.findByRole('region', { name: 'Order information' });
    expect(details).toHaveTextContent('Price$41.50');
    expect(details).toHaveTextContent('Discount (Spring sale)−$3.75');
    const items = screen.getAllByRole('listitem').filter((item) => item.textContent?.includes('after the discount'));
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveTextContent('$23.25 paid for these after the discount');
  });

  it('shows the shipping address, the order details and each item with View Product', async () => {
    signInShopper();
    const requests = mockOrder(placed);
    renderApp(`/Order/${placed._id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Order details' })).toBeInTheDocument();

    const address = await screen.findByRole('region', { name: 'Shipping address' });
    for (const text of ['26th of July St.', 'Zamalek', 'Cairo, Egypt']) expect(address).toHaveTextContent(text);

    const details = screen.getByRole('region', { name: 'Order information' });
    expect(details).toHaveTextContent('Placed onNov 23, 2026');
    expect(details).toHaveTextContent('Price$45.25');
    expect(details).toHaveTextContent('StatusShipped');
    expect(details).toHaveTextContent('Payment statusPaid');

    const items = within(screen.getByRole('region', { name: 'Items (3 items)' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const oil = items[1]!;
    expect(within(oil).getByRole('heading', { level: 3, name: 'Olive oil' })).toBeInTheDocument();
    expect(within(oil).getByRole('presentation')).toHaveAttribute('src', '/images/products/p2/0.svg');
    expect(oil).toHaveTextContent('$18.25');
    expect(oil).toHaveTextContent('Rating 4.0 out of 5');
    expect(oil).toHaveTextContent('Cold pressed');
    expect(oil).toHaveTextContent('Quantity: 1');
    expect(within(oil).getByRole('link', { name: 'View Product, Olive oil' })).toHaveAttribute('href', '/details/00000000-0000-4000-8000-000000000002');
    expect(requests.find((r) => r.url.pathname === `/api/orders/${placed._id}`)?.headers.get('token')).toBeTruthy();
  });

  it('joins city and country with the Arabic comma in Arabic', async () => {
    signInShopper();
    await changeLanguage('ar');
    mockOrder(placed);
    renderApp(`/Order/${placed._id}`);
    const address = await screen.findByRole('region', { name: 'عنوان الشحن' });
    expect(address).toHaveTextContent('Cairo، Egypt');
    expect(address).not.toHaveTextContent('Cairo, Egypt');
  });

  it('shows each refund with its date, one still on its way as such, and what was paid in the end, in Arabic', async () => {
    signInShopper();
    await changeLanguage('ar');
    mockOrder(partlyRefunded);
    renderApp(`/Order/${partlyRefunded._id}`);

    const details = await screen.findByRole('region', { name: 'معلومات الطلب' });
    // The price stays what the order cost.
    expect(details).toHaveTextContent('السعر$45.25');
    expect(details).toHaveTextContent('حالة الدفعمسترد جزئيًا');
    expect(details).toHaveTextContent('المبالغ المستردة');
    const refunds = within(details).getAllByRole('listitem');
    expect(refunds.map((item) => item.textContent)).toEqual(['استُرد $10.00 في 24 نوفمبر 2026', 'جارٍ استرداد $5.25 (منذ 25 نوفمبر 2026)']);
    isolatedLtr(refunds[0]!, '$10.00');
    isolatedLtr(refunds[1]!, '$5.25');
    // $45.25 less the $10.00 given back; the $5.25 on its way is not back yet.
    expect(details).toHaveTextContent('المدفوع بعد الاسترداد$35.25');
    isolatedLtr(details, '$35.25');

    // The order's id reads left to right inside the Arabic sentence.
    const id = isolatedLtr(screen.getByRole('main'), partlyRefunded._id);
    expect(id.parentElement).toHaveTextContent(`الطلب ${partlyRefunded._id}`);
  });

  it('says a fully refunded order was paid $0.00 in the end, in Arabic', async () => {
    signInShopper();
    await changeLanguage('ar');
    const refunded = shopperOrder(
      { ...placed, status: 'Cancelled', paymentStatus: 'Refunded' },
      {
        refunds: [{ _id: '00000000-0000-4000-8000-000000009003', amount: 45.25, status: 'succeeded', createdAt: '2026-11-24T10:00:00.000Z' }],
        refundedAmount: 45.25,
        paidAmount: 0,
      },
    );
    mockOrder(refunded);
    renderApp(`/Order/${refunded._id}`);
    const details = await screen.findByRole('region', { name: 'معلومات الطلب' });
    expect(details).toHaveTextContent('الحالةملغى');
    expect(details).toHaveTextContent('حالة الدفعمسترد');
    expect(within(details).getByRole('listitem')).toHaveTextContent('استُرد $45.25 في 24 نوفمبر 2026');
    expect(details).toHaveTextContent('المدفوع بعد الاسترداد$0.00');
  });

  it('shows refunds in English, and no refund rows for an order with none', async () => {
    signInShopper();
    mockOrder(partlyRefunded);
    const view = renderApp(`/Order/${partlyRefunded._id}`);
    const details = await screen.findByRole('region', { name: 'Order information' });
    expect(within(details).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '$10.00 refunded on Nov 24, 2026',
      '$5.25 being refunded (since Nov 25, 2026)',
    ]);
    expect(details).toHaveTextContent('Paid after refunds$35.25');
    view.unmount();

    mockOrder(placed);
    renderApp(`/Order/${placed._id}`);
    const plain = await screen.findByRole('region', { name: 'Order information' });
    expect(plain).not.toHaveTextContent('Refunds');
    expect(plain).not.toHaveTextContent('Paid after refunds');
  });

  it('opens the product with View Product', async () => {
    const user = userEvent.setup();
    signInShopper();
    mockOrder(placed);
    const { router } = renderApp(`/Order/${placed._id}`);
    await user.click(await screen.findByRole('link', { name: 'View Product, Desk Lamp' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/details/${placed.items[0]!._id}`));
  });

  it("says so when the order doesn't exist", async () => {
    signInShopper();
    mockOrder(null);
    renderApp(`/Order/${placed._id}`);
    expect(await screen.findByText("We couldn't find this order.")).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Shipping address' })).not.toBeInTheDocument();
  });

  it('asks a guest to sign in, with a link that comes back, and requests nothing', async () => {
    const requests = mockOrder(placed);
    const { router } = renderApp(`/Order/${placed._id}`);
    expect(await screen.findByText('Sign in to see your order.')).toBeInTheDocument();
    await userEvent.setup().click(within(screen.getByRole('main')).getByRole('link', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ from: `/Order/${placed._id}` });
    expect(requests.some((r) => r.url.pathname.startsWith('/api/orders'))).toBe(false);
  });
});
