import type { ShopperOrder } from '@dukkan/contracts/orders';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from 'i18next';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';

import { API, answerWith, cartAnswer, categoriesAnswer, failure, orderAnswer, ordersAnswer } from '../../test/api-server';
import { SHOPPER_ID, signInShopper } from '../../test/fixtures';
import { order, savedAddress, shopperOrder } from '../../test/orders';
import { renderApp } from '../../test/render';
import { cartOf } from '../../test/shop-server';

const newest = shopperOrder(order(2, { amount: 1299.5, paymentStatus: 'Paid', status: 'Processing', shippingAddress: savedAddress(2, { street: 'Pyramids Rd.' }) }));
const older = shopperOrder(order(1, { createdAt: '2026-11-20T10:00:00.000Z', shippingAddress: savedAddress(1, { street: '26th of July St.' }) }));

/** The shopper's lists (`refused`: both answered 500), an empty cart, and `newest`'s page. */
function mockOrders({ coming = [], past = [], refused = false }: { coming?: ShopperOrder[]; past?: ShopperOrder[]; refused?: boolean } = {}) {
  const list = (name: 'coming' | 'past', orders: ShopperOrder[]) =>
    refused ? http.get(`${API}/orders/${name}/${SHOPPER_ID}`, () => failure(500, 'INTERNAL', 'Internal error')) : ordersAnswer(name, SHOPPER_ID, orders);
  return answerWith(categoriesAnswer([]), cartAnswer(cartOf([])), list('coming', coming), list('past', past), orderAnswer(newest));
}

describe('/userprofile/upcomingOrders and /userprofile/pastOrders', () => {
  it('lists upcoming orders newest first as cards with street, amount and payment status, each a link to its page', async () => {
    signInShopper();
    const requests = mockOrders({ coming: [newest, older] });
    renderApp('/userprofile/upcomingOrders');
    expect(await screen.findByRole('progressbar', { name: 'Loading your orders' })).toBeInTheDocument();

    const list = await screen.findByRole('list', { name: 'Upcoming Orders' });
    const cards = within(list).getAllByRole('link');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveAccessibleName(/^Pyramids Rd\. \$1,299\.50 Payment status: Paid/);
    expect(cards[0]).toHaveAttribute('href', `/Order/${newest._id}`);
    expect(cards[0]).toHaveTextContent('Placed Nov 23, 2026 · Processing');
    expect(cards[1]).toHaveAccessibleName(/^26th of July St\. \$27\.00 Payment status: Pending/);
    expect(requests.some((r) => r.url.pathname === `/api/orders/coming/${SHOPPER_ID}` && r.headers.get('token'))).toBe(true);
  });

  it('opens an order from its card', async () => {
    const user = userEvent.setup();
    signInShopper();
    mockOrders({ coming: [newest] });
    const { router } = renderApp('/userprofile/upcomingOrders');
    await user.click(await screen.findByRole('link', { name: /^Pyramids Rd\./ }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/Order/${newest._id}`));
    expect(await screen.findByRole('heading', { level: 2, name: 'Shipping address' })).toBeInTheDocument();
  });

  it("says 'There are no orders yet.' when nothing is on its way", async () => {
    signInShopper();
    mockOrders();
    renderApp('/userprofile/upcomingOrders');
    expect(await screen.findByText('There are no orders yet.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Upcoming Orders' })).not.toBeInTheDocument();
  });

  it('lists past orders, and says "You haven\'t placed any orders yet!" when there are none', async () => {
    signInShopper();
    mockOrders({ past: [{ ...older, status: 'Delivered', paymentStatus: 'Paid' }] });
    const first = renderApp('/userprofile/pastOrders');
    const list = await screen.findByRole('list', { name: 'Past Orders' });
    expect(within(list).getByRole('link')).toHaveAccessibleName(/^26th of July St\. \$27\.00 Payment status: Paid/);
    first.unmount();

    mockOrders();
    renderApp('/userprofile/pastOrders');
    expect(await screen.findByText("You haven't placed any orders yet!")).toBeInTheDocument();
  });

  it('says when the orders could not be loaded, and reads them again on request', async () => {
    const user = userEvent.setup();
    signInShopper();
    mockOrders({ refused: true });
    renderApp('/userprofile/upcomingOrders');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your orders could not be loaded.');
    mockOrders({ coming: [older] });
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /^26th of July St\./ })).toBeInTheDocument();
  });

  it('shows statuses in Arabic in an Arabic page', async () => {
    signInShopper();
    await changeLanguage('ar');
    mockOrders({ coming: [newest] });
    renderApp('/userprofile/upcomingOrders');
    const link = await screen.findByRole('link', { name: /^Pyramids Rd\./ });
    expect(link).toHaveTextContent('حالة الدفع: مدفوع');
    expect(link).toHaveTextContent('$1,299.50');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(link).not.toHaveTextContent('تم استرداد');
  });

  it('says on the card what was refunded of an order, the amount kept left-to-right, in Arabic', async () => {
    signInShopper();
    await changeLanguage('ar');
    const refunded = { ...newest, paymentStatus: 'Partially refunded' as const, refundedAmount: 1000, paidAmount: 299.5 };
    refunded.refunds = [{ _id: '00000000-0000-4000-8000-000000009001', amount: 1000, status: 'succeeded', createdAt: '2026-11-24T10:00:00.000Z' }];
    mockOrders({ coming: [refunded] });
    renderApp('/userprofile/upcomingOrders');
    const link = await screen.findByRole('link', { name: /^Pyramids Rd\./ });
    expect(link).toHaveTextContent('حالة الدفع: مسترد جزئيًا');
    expect(link).toHaveTextContent('تم استرداد $1,000.00');
    expect(within(link).getByText('$1,000.00').closest('bdi')).toHaveAttribute('dir', 'ltr');
  });
});
