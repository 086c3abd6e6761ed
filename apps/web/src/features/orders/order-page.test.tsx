import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from 'i18next';
import { describe, expect, it } from 'vitest';

import { mockFetch, on } from '../../test/fetch-mock';
import { signInShopper } from '../../test/fixtures';
import { order, savedAddress } from '../../test/orders';
import { renderApp } from '../../test/render';

const placed = order(1, {
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
    },
  ],
});

function mockOrder(answer: { status?: number; body: unknown }) {
  return mockFetch(
    on('/api/categories/', { data: [] }),
    on('/api/cart', { data: { items: [], count: 0, subtotal: 0, savings: 0 } }),
    on(`/api/orders/${placed._id}`, answer.body, answer.status),
  );
}

describe('/Order/{id}', () => {
  it('shows the shipping address, the order details and each item with View Product', async () => {
    signInShopper();
    const requests = mockOrder({ body: { order: [placed] } });
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
    mockOrder({ body: { order: [placed] } });
    renderApp(`/Order/${placed._id}`);
    const address = await screen.findByRole('region', { name: 'عنوان الشحن' });
    expect(address).toHaveTextContent('Cairo، Egypt');
    expect(address).not.toHaveTextContent('Cairo, Egypt');
  });

  it('opens the product with View Product', async () => {
    const user = userEvent.setup();
    signInShopper();
    mockOrder({ body: { order: [placed] } });
    const { router } = renderApp(`/Order/${placed._id}`);
    await user.click(await screen.findByRole('link', { name: 'View Product, Desk Lamp' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/details/${placed.items[0]!._id}`));
  });

  it("says so when the order doesn't exist", async () => {
    signInShopper();
    mockOrder({ status: 404, body: { message: 'Order not found', code: 'NOT_FOUND' } });
    renderApp(`/Order/${placed._id}`);
    expect(await screen.findByText("We couldn't find this order.")).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Shipping address' })).not.toBeInTheDocument();
  });

  it('asks a guest to sign in, with a link that comes back, and requests nothing', async () => {
    const requests = mockOrder({ body: { order: [placed] } });
    const { router } = renderApp(`/Order/${placed._id}`);
    expect(await screen.findByText('Sign in to see your order.')).toBeInTheDocument();
    await userEvent.setup().click(within(screen.getByRole('main')).getByRole('link', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ from: `/Order/${placed._id}` });
    expect(requests.some((r) => r.url.pathname.startsWith('/api/orders'))).toBe(false);
  });
});
