import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';

import { API, failure, productAnswer, server } from '../../test/api-server';
import { product, signInShopper } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { cartProduct, mockShop, storeGuestCart } from '../../test/shop-server';

// The product page: its side card (Buy Now, Add to card, Add to list) and, below, cards of the
// same department (hearts and Add), all wired by the main layout to the cart and wish list.
const shown = product(1, { title: 'Olive oil', price: 7.5, quantity: 3 });
const other = cartProduct(2, { title: 'Dates' });
const shownInCart = cartProduct(1, { title: 'Olive oil', price: 7.5, quantity: 3 });

function mockProductPage(lines = [] as Parameters<typeof mockShop>[0] extends infer T ? (T extends { lines?: infer L } ? L : never) : never) {
  return mockShop({ products: [shownInCart, other], lines, also: [productAnswer(shown)] });
}

/** Opens the product page and waits for it: its chunk loads lazily, slowly on a busy machine. */
async function openProductPage() {
  const view = renderApp(`/details/${shown._id}`);
  await screen.findByRole('heading', { level: 1, name: 'Olive oil' }, { timeout: 15_000 });
  return view;
}

describe('product buttons', () => {
  it("a guest's first add creates the guest cart, keeps its signed identity as token2 and counts it in the header", async () => {
    const user = userEvent.setup();
    const { requests } = mockProductPage();
    await openProductPage();
    await user.click(await screen.findByRole('button', { name: 'Add to card' }));
    expect(await screen.findByText('Product added to the cart successfully')).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem('token2') ?? 'null')).toEqual({
      userId: '00000000-0000-4000-8000-000000007002',
      cartId: '00000000-0000-4000-8000-000000007001',
      signature: 'sig-1',
    });
    expect(await screen.findByRole('link', { name: 'Cart, 1 item' })).toHaveTextContent('1');

    await user.click(await screen.findByRole('button', { name: 'Add, Dates' }));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Cart, 2 items' })).toBeInTheDocument());
    const secondAdd = requests.filter((r) => r.method === 'POST').at(-1)!;
    expect(secondAdd.headers.get('token2')).toBe(window.localStorage.getItem('token2'));
  });

  it('says why an add was refused, e.g. not enough stock', async () => {
    const user = userEvent.setup();
    storeGuestCart();
    mockProductPage([{ product: shownInCart, quantity: 3, priceWhenAdded: 7.5 }]);
    await openProductPage();
    await user.click(await screen.findByRole('button', { name: 'Add to card' }));
    expect(await screen.findByText('Only 3 left in stock')).toBeInTheDocument();
  });

  it('Buy Now adds the product, waits for the answer, then opens the cart', async () => {
    const user = userEvent.setup();
    const { state } = mockProductPage();
    const { router } = await openProductPage();
    await user.click(await screen.findByRole('button', { name: 'Buy Now' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
    expect(state.lines.map((line) => line.product._id)).toEqual([shown._id]);
    expect(await screen.findByRole('link', { name: 'Olive oil' })).toHaveAttribute('href', `/details/${shown._id}`);
  });

  it('Buy Now stays on the page when the add is refused', async () => {
    const user = userEvent.setup();
    const { state } = mockProductPage();
    state.refuseAdd = { status: 400, message: 'This product is out of stock', code: 'OUT_OF_STOCK' };
    const { router } = await openProductPage();
    await user.click(await screen.findByRole('button', { name: 'Buy Now' }));
    expect(await screen.findByText('This product is out of stock')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/details/${shown._id}`);
  });

  it('tells a guest who clicks a heart to sign in, with a link to /login that comes back', async () => {
    const user = userEvent.setup();
    const { requests } = mockProductPage();
    const { router } = await openProductPage();
    await user.click(await screen.findByRole('button', { name: 'Add to wish list, Dates' }));
    const toast = await waitFor(() => {
      const found = screen.getAllByRole('status').find((status) => status.textContent?.includes('Please sign in to use your wish list'));
      if (!found) throw new Error('no sign-in toast yet');
      return found;
    });
    await user.click(within(toast).getByRole('link', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ from: `/details/${shown._id}` });
    expect(requests.some((r) => r.url.pathname.startsWith('/api/wish'))).toBe(false);
  });

  it("a shopper's heart says 'Added to wishlist' at once, fills, and removes on the next click", async () => {
    const user = userEvent.setup();
    signInShopper();
    const { state } = mockProductPage();
    await openProductPage();
    await user.click(await screen.findByRole('button', { name: 'Add to wish list, Dates' }));
    expect(await screen.findByText('Added to wishlist')).toBeInTheDocument();
    const filled = await screen.findByRole('button', { name: 'Remove from wish list, Dates' });
    expect(filled).toHaveAttribute('aria-pressed', 'true');
    expect(state.wish.map((item) => item.product.title)).toEqual(['Dates']);

    await user.click(filled);
    expect(await screen.findByRole('button', { name: 'Add to wish list, Dates' })).toHaveAttribute('aria-pressed', 'false');
    expect(state.wish).toEqual([]);
  });

  it("the product page's 'Add to list' adds to the wish list", async () => {
    const user = userEvent.setup();
    signInShopper();
    const { state } = mockProductPage();
    await openProductPage();
    await user.click(await screen.findByRole('button', { name: 'Add to list' }));
    expect(await screen.findByText('Added to wishlist')).toBeInTheDocument();
    await waitFor(() => expect(state.wish.map((item) => item.product._id)).toEqual([shown._id]));
  });

  it('drops a token2 the server refuses and starts a fresh guest cart with the same add', async () => {
    const user = userEvent.setup();
    const { requests } = mockProductPage();
    // The fake refuses any request that carries the made-up token2, as the API does.
    server.use(
      http.all(`${API}/*`, ({ request }) => {
        if (!request.headers.get('token2')?.includes('made-up')) return undefined;
        requests.push({ url: new URL(request.url), method: request.method, headers: request.headers, body: '' });
        return failure(401, 'INVALID_GUEST_CART', 'Your guest cart has expired.');
      }),
    );
    await openProductPage();
    // Stored after the page loaded its cart, so the add is the first request to carry it.
    window.localStorage.setItem('token2', '{"userId":"made-up","cartId":"made-up","signature":"x"}');
    await user.click(await screen.findByRole('button', { name: 'Add to card' }));
    expect(await screen.findByText('Product added to the cart successfully')).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem('token2') ?? 'null')).toMatchObject({ signature: 'sig-1' });
    expect(await screen.findByRole('link', { name: 'Cart, 1 item' })).toBeInTheDocument();
    expect(requests.some((r) => r.headers.get('token2')?.includes('made-up') && r.method === 'POST')).toBe(true);
  });
});
