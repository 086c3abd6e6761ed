import type { PaymentStatus } from '@dukkan/contracts/orders';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { Handler } from '../../test/fetch-mock';
import { signInShopper } from '../../test/fixtures';
import { order } from '../../test/orders';
import { renderApp } from '../../test/render';
import { cartProduct, mockShop } from '../../test/shop-server';

const PLACED = order(1, { amount: 27.75 });
const olive = cartProduct(1, { title: 'Olive oil', price: 7.5 });

/**
 * The order answers `statuses` to successive reads (the last one repeats); when it answers Paid,
 * the cart has been emptied, as the API's webhook does.
 */
function mockPaidLater(statuses: PaymentStatus[]) {
  let reads = 0;
  const orders: Handler = (url) => {
    if (url.pathname !== `/api/orders/${PLACED._id}`) return undefined;
    const paymentStatus = statuses[Math.min(reads, statuses.length - 1)]!;
    reads += 1;
    if (paymentStatus === 'Paid') shop.state.lines = [];
    return { body: { order: [{ ...PLACED, paymentStatus, payBy: paymentStatus === 'Paid' ? null : PLACED.payBy }] } };
  };
  const shop = mockShop({ lines: [{ product: olive, quantity: 2, priceWhenAdded: 7.5 }], also: [orders] });
  return shop;
}

const orderReads = (requests: { url: URL }[]) => requests.filter((r) => r.url.pathname === `/api/orders/${PLACED._id}`).length;

describe('/checkoutSuccess', () => {
  it('keeps the spec’s title and Back to Home without an order to follow', async () => {
    mockShop();
    renderApp('/checkoutSuccess');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your checkout was successful!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows the order as processing until the payment arrives, then as paid with its total, and the cart badge at 0', async () => {
    signInShopper();
    const { requests } = mockPaidLater(['Pending', 'Pending', 'Paid']);
    renderApp(`/checkoutSuccess?order=${PLACED._id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your checkout was successful!' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Cart, 2 items' })).toBeInTheDocument();

    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent("We're confirming your payment…");
    expect(within(status).queryByRole('link', { name: 'View your order' })).not.toBeInTheDocument();

    // Polled every second: Pending, Pending, then Paid.
    await waitFor(() => expect(status).toHaveTextContent('Payment received'), { timeout: 6000 });
    expect(status).toHaveTextContent('Order total: $27.75');
    expect(status).not.toHaveTextContent('confirming');
    expect(within(status).getByRole('link', { name: 'View your order' })).toHaveAttribute('href', `/Order/${PLACED._id}`);
    expect(orderReads(requests)).toBe(3);
    // The payment emptied the cart: it is read again and the header says so.
    expect(await screen.findByRole('link', { name: 'Cart, 0 items' })).toBeInTheDocument();

    // Paid is final: the polling has stopped.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(orderReads(requests)).toBe(3);
  });

  it('says so when the order was not paid, and stops asking', async () => {
    signInShopper();
    const { requests } = mockPaidLater(['Cancelled']);
    renderApp(`/checkoutSuccess?order=${PLACED._id}`);
    expect(await screen.findByText('This order was not paid.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View your order' })).toHaveAttribute('href', `/Order/${PLACED._id}`);
    await new Promise((resolve) => setTimeout(resolve, 1300));
    expect(orderReads(requests)).toBe(1);
  });

  it('says when the order cannot be found', async () => {
    signInShopper();
    mockShop();
    renderApp('/checkoutSuccess?order=00000000-0000-4000-8000-000000000999');
    expect(await screen.findByText("We couldn't find this order.")).toBeInTheDocument();
  });

  it('asks nothing about an order for a guest', async () => {
    const { requests } = mockPaidLater(['Pending']);
    renderApp(`/checkoutSuccess?order=${PLACED._id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your checkout was successful!' })).toBeInTheDocument();
    await waitFor(() => expect(requests.some((r) => r.url.pathname === '/api/categories/')).toBe(true));
    expect(orderReads(requests)).toBe(0);
    expect(screen.queryByText("We're confirming your payment…")).not.toBeInTheDocument();
  });
});
