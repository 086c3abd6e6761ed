import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { holdAnswers } from '../../test/api-server';
import { signInShopper } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { cartProduct, mockShop, storeGuestCart } from '../../test/shop-server';

const olive = cartProduct(1, { title: 'Olive oil', price: 7.5, quantity: 3 });
const dates = cartProduct(2, { title: 'Dates', price: 4.25, listPrice: 5, quantity: 10 });

async function linesList() {
  return screen.findByRole('list', { name: 'Items in your cart' });
}

describe('/cart', () => {
  // A guest with a cart; tests of a signed-in shopper add their token, which wins.
  beforeEach(storeGuestCart);

  it('shows the heading without a count under the loading overlay until the cart has come', async () => {
    mockShop({ lines: [{ product: olive, quantity: 2, priceWhenAdded: 7.5 }] });
    const held = holdAnswers((request) => request.method === 'GET' && new URL(request.url).pathname === '/api/cart');
    renderApp('/cart');
    expect(await screen.findByRole('progressbar', { name: 'Loading your cart' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Cart$/);
    // Which of the overlay and the empty cart shows is the style's (e2e: cart.spec.ts).
    held.release();
    await linesList();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Cart (2 items)');
    expect(screen.queryByRole('progressbar', { name: 'Loading your cart' })).not.toBeInTheDocument();
  });

  it("says 'Your cart is empty!' with 0 items when there is nothing in it", async () => {
    mockShop();
    renderApp('/cart');
    expect(await screen.findByRole('heading', { level: 1, name: 'Cart (0 items)' })).toBeInTheDocument();
    expect(screen.getByText('Your cart is empty!')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Loading your cart' })).not.toBeInTheDocument();
  });

  it('shows each line, both sections open, and the server’s subtotal and savings in the summary', async () => {
    mockShop({ lines: [{ product: olive, quantity: 2, priceWhenAdded: 7.5 }, { product: dates, quantity: 3, priceWhenAdded: 4.25 }] });
    renderApp('/cart');
    const lines = await linesList();
    expect(within(lines).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Cart (5 items)');
    expect(screen.getByRole('button', { name: 'Pickup and delivery options' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: /^Free shipping, arrives / })).toHaveAttribute('aria-expanded', 'true');
    const summary = screen.getByRole('region', { name: 'Order summary' });
    expect(summary).toHaveTextContent('Subtotal (5 items)$27.75');
    expect(summary).toHaveTextContent('Savings−$2.25');
    expect(summary).toHaveTextContent('ShippingFree');
    expect(summary).toHaveTextContent('TaxesCalculated at checkout');
    expect(summary).toHaveTextContent('Estimated total$27.75');
    expect(within(lines).getAllByRole('listitem')[1]).toHaveTextContent('Was $5.00');
  });

  it('shows −$0.00 savings when nothing is reduced, and tells when a price changed since it was added', async () => {
    mockShop({ lines: [{ product: olive, quantity: 1, priceWhenAdded: 8 }] });
    renderApp('/cart');
    await linesList();
    expect(screen.getByRole('region', { name: 'Order summary' })).toHaveTextContent('Savings−$0.00');
    expect(screen.getByText('Price changed from $8.00')).toBeInTheDocument();
  });

  it('raises and lowers a quantity by one, refuses to go below 1, and refuses above the stock with the reason', async () => {
    const user = userEvent.setup();
    const { requests } = mockShop({ lines: [{ product: olive, quantity: 1, priceWhenAdded: 7.5 }] });
    renderApp('/cart');
    await linesList();

    await user.click(screen.getByRole('button', { name: 'Decrease quantity, Olive oil' }));
    expect(await screen.findByText('Quantity cannot be less than 1')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Increase quantity, Olive oil' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('(2 items)'));
    const patch = requests.find((r) => r.method === 'PATCH');
    expect(JSON.parse(patch!.body)).toEqual({ productId: olive._id, quantity: 2 });

    await user.click(screen.getByRole('button', { name: 'Increase quantity, Olive oil' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('(3 items)'));
    await user.click(screen.getByRole('button', { name: 'Increase quantity, Olive oil' }));
    expect(await screen.findByText('Only 3 left in stock')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('(3 items)');

    await user.click(screen.getByRole('button', { name: 'Decrease quantity, Olive oil' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('(2 items)'));
    // Every change is followed by a reload of the cart (spec section 4).
    expect(requests.filter((r) => r.method === 'GET' && r.url.pathname === '/api/cart').length).toBeGreaterThanOrEqual(4);
  });

  it('keeps the focus on + while its change is in flight and after, so Enter raises the quantity again', async () => {
    const user = userEvent.setup();
    const { requests } = mockShop({ lines: [{ product: olive, quantity: 1, priceWhenAdded: 7.5 }] });
    const held = holdAnswers((request) => request.method === 'PATCH');
    renderApp('/cart');
    await linesList();
    const increase = screen.getByRole('button', { name: 'Increase quantity, Olive oil' });
    increase.focus();

    await user.keyboard('{Enter}');
    // In flight: marked busy, not disabled (a disabled button drops the focus), the others
    // unavailable, and a second press sends nothing.
    await waitFor(() => expect(increase).toHaveAttribute('aria-busy', 'true'));
    expect(increase).toBeEnabled();
    expect(increase).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Decrease quantity, Olive oil' })).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{Enter}');
    expect(requests.filter((r) => r.method === 'PATCH')).toHaveLength(1);

    held.release();
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('(2 items)'));
    expect(increase).not.toHaveAttribute('aria-busy');
    expect(increase).toHaveFocus();

    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('(3 items)'));
    expect(screen.getByRole('button', { name: 'Increase quantity, Olive oil' })).toHaveFocus();
    expect(requests.filter((r) => r.method === 'PATCH').map((r) => (JSON.parse(r.body) as { quantity: number }).quantity)).toEqual([2, 3]);
  });

  it('shows the answered quantity before the reload, so a press right after counts from it', async () => {
    const user = userEvent.setup();
    const { requests } = mockShop({ lines: [{ product: olive, quantity: 1, priceWhenAdded: 7.5 }] });
    renderApp('/cart');
    await linesList();
    // From the first change on, the cart's reloads wait.
    const held = holdAnswers((request) => request.method === 'GET' && request.url.endsWith('/api/cart') && requests.some((r) => r.method === 'PATCH'));
    const increase = screen.getByRole('button', { name: 'Increase quantity, Olive oil' });
    increase.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('(2 items)'));
    expect(screen.getByRole('region', { name: 'Order summary' })).toHaveTextContent('Subtotal (2 items)$15.00');
    await waitFor(() => expect(increase).not.toHaveAttribute('aria-busy'));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('(3 items)'));
    expect(requests.filter((r) => r.method === 'PATCH').map((r) => (JSON.parse(r.body) as { quantity: number }).quantity)).toEqual([2, 3]);
    held.release();
  });

  it('keeps the focus on − when it lowers the quantity, and when it refuses to go below 1', async () => {
    const user = userEvent.setup();
    mockShop({ lines: [{ product: olive, quantity: 2, priceWhenAdded: 7.5 }] });
    const held = holdAnswers((request) => request.method === 'PATCH');
    renderApp('/cart');
    await linesList();
    const decrease = screen.getByRole('button', { name: 'Decrease quantity, Olive oil' });
    decrease.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(decrease).toHaveAttribute('aria-busy', 'true'));
    expect(decrease).toBeEnabled();
    held.release();
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('(1 item)'));
    expect(decrease).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Quantity cannot be less than 1')).toBeInTheDocument();
    expect(decrease).toHaveFocus();
  });

  it('hands the focus of a removed line to the next line, the last line’s to the one before, the only line’s to the heading', async () => {
    const user = userEvent.setup();
    const bread = cartProduct(3, { title: 'Bread' });
    mockShop({
      lines: [
        { product: olive, quantity: 1, priceWhenAdded: 7.5 },
        { product: dates, quantity: 1, priceWhenAdded: 4.25 },
        { product: bread, quantity: 1, priceWhenAdded: bread.price },
      ],
    });
    renderApp('/cart');
    const lines = await linesList();

    screen.getByRole('button', { name: 'Remove, Olive oil' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(within(lines).getByRole('link', { name: 'Dates' })).toHaveFocus());
    expect(within(lines).queryByRole('link', { name: 'Olive oil' })).not.toBeInTheDocument();

    screen.getByRole('button', { name: 'Remove, Bread' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(within(lines).getByRole('link', { name: 'Dates' })).toHaveFocus());
    expect(within(lines).queryByRole('link', { name: 'Bread' })).not.toBeInTheDocument();

    screen.getByRole('button', { name: 'Remove, Dates' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Your cart is empty!')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveFocus());
  });

  it('leaves the focus where the shopper put it while a removal was in flight', async () => {
    const user = userEvent.setup();
    mockShop({ lines: [{ product: olive, quantity: 1, priceWhenAdded: 7.5 }, { product: dates, quantity: 1, priceWhenAdded: 4.25 }] });
    const held = holdAnswers((request) => request.method === 'PATCH');
    renderApp('/cart');
    const lines = await linesList();
    screen.getByRole('button', { name: 'Remove, Olive oil' }).focus();
    await user.keyboard('{Enter}');
    const checkout = screen.getByRole('button', { name: 'Continue to checkout' });
    checkout.focus();
    held.release();
    await waitFor(() => expect(within(lines).queryByRole('link', { name: 'Olive oil' })).not.toBeInTheDocument());
    expect(checkout).toHaveFocus();
  });

  it('drops a removed line and then shows the empty cart', async () => {
    const user = userEvent.setup();
    mockShop({ lines: [{ product: olive, quantity: 2, priceWhenAdded: 7.5 }] });
    renderApp('/cart');
    await linesList();
    await user.click(screen.getByRole('button', { name: 'Remove, Olive oil' }));
    expect(await screen.findByText('Your cart is empty!')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Olive oil' })).not.toBeInTheDocument();
  });

  it("tells a guest 'Please login first!' on Continue to checkout and stays; a shopper goes to /checkout", async () => {
    const user = userEvent.setup();
    mockShop({ lines: [{ product: olive, quantity: 1, priceWhenAdded: 7.5 }] });
    const guest = renderApp('/cart');
    await linesList();
    await user.click(screen.getByRole('button', { name: 'Continue to checkout' }));
    expect(await screen.findByText('Please login first!')).toBeInTheDocument();
    expect(guest.router.state.location.pathname).toBe('/cart');
    guest.unmount();

    signInShopper();
    const shopperView = renderApp('/cart');
    await linesList();
    await user.click(screen.getByRole('button', { name: 'Continue to checkout' }));
    await waitFor(() => expect(shopperView.router.state.location.pathname).toBe('/checkout'));
  });

  it("recommends products of the cart's departments that are not in it", async () => {
    const grocery = Array.from({ length: 20 }, (_, i) => cartProduct(100 + i, { title: `Grocery ${i}` }));
    const baby = Array.from({ length: 5 }, (_, i) => cartProduct(200 + i, { title: `Baby ${i}`, category: 'Baby' }));
    const babyLine = baby[0]!;
    mockShop({
      products: [...grocery, ...baby],
      lines: [
        { product: olive, quantity: 2, priceWhenAdded: 7.5 },
        { product: babyLine, quantity: 1, priceWhenAdded: babyLine.price },
      ],
    });
    renderApp('/cart');
    const section = await screen.findByRole('region', { name: 'Recommended with your order' });
    const titles = (await within(section).findAllByRole('link', { name: /^(Grocery|Baby) \d+$/ })).map((link) => link.textContent);
    expect(titles).toHaveLength(15);
    expect(titles).not.toContain('Baby 0');
    expect(titles).toContain('Baby 1');
    expect(new Set(titles).size).toBe(15);
  });
});
