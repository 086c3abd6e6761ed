import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { holdAnswers } from '../../test/api-server';
import { signInShopper } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { cartProduct, mockShop, wishProduct } from '../../test/shop-server';

const olive = cartProduct(1, { title: 'Olive oil', price: 7.5 });
const dates = cartProduct(2, { title: 'Dates', price: 4.25 });
const saved = (n: number, title: string) => ({ product: wishProduct(n, { title }), addedAt: '2026-11-20T10:00:00.000Z' });

describe('/wishlist', () => {
  it('asks a guest to sign in, with a link that comes back, and requests nothing', async () => {
    const { requests } = mockShop();
    const { router } = renderApp('/wishlist');
    expect(await screen.findByText('Sign in to see and keep your wish list.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'My Wish List' })).toBeInTheDocument();
    expect(requests.some((r) => r.url.pathname === '/api/wish')).toBe(false);
    await userEvent.setup().click(within(screen.getByRole('main')).getByRole('link', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ from: '/wishlist' });
  });

  it("says 'Your Wish list is empty!' for a shopper with nothing saved", async () => {
    signInShopper();
    mockShop();
    renderApp('/wishlist');
    expect(await screen.findByText('Your Wish list is empty!')).toBeInTheDocument();
  });

  it('shows thumbnail, title and description with Move To Cart and Remove named after the product', async () => {
    signInShopper();
    mockShop({ products: [olive], wish: [saved(1, 'Olive oil')] });
    renderApp('/wishlist');
    const item = (await screen.findByRole('heading', { level: 2, name: 'Olive oil' })).closest('li')!;
    expect(item).toHaveTextContent('Description of product 1');
    expect(within(item).getByRole('presentation')).toHaveAttribute('src', olive.thumbnail);
    expect(within(item).getByRole('button', { name: 'Move To Cart, Olive oil' })).toBeInTheDocument();
    expect(within(item).getByRole('button', { name: 'Remove, Olive oil' })).toBeInTheDocument();
  });

  it('Move To Cart adds the product to the cart, then takes it off the list', async () => {
    const user = userEvent.setup();
    signInShopper();
    const { state, requests } = mockShop({ products: [olive, dates], wish: [saved(1, 'Olive oil'), saved(2, 'Dates')] });
    renderApp('/wishlist');
    await user.click(await screen.findByRole('button', { name: 'Move To Cart, Olive oil' }));
    expect(await screen.findByText('Product added to the cart successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Olive oil' })).not.toBeInTheDocument());
    expect(state.lines.map((line) => line.product.title)).toEqual(['Olive oil']);
    const add = requests.findIndex((r) => r.method === 'POST' && r.url.pathname === `/api/cart/${olive._id}`);
    const remove = requests.findIndex((r) => r.method === 'PATCH' && r.url.pathname === `/api/wish/${olive._id}`);
    expect(add).toBeGreaterThanOrEqual(0);
    expect(remove).toBeGreaterThan(add);
    expect(await screen.findByRole('link', { name: 'Cart, 1 item' })).toBeInTheDocument();
  });

  it('keeps the item when adding it to the cart fails, and says why', async () => {
    const user = userEvent.setup();
    signInShopper();
    const { state, requests } = mockShop({ products: [olive], wish: [saved(1, 'Olive oil')] });
    state.refuseAdd = { status: 400, message: 'This product is out of stock', code: 'OUT_OF_STOCK' };
    renderApp('/wishlist');
    await user.click(await screen.findByRole('button', { name: 'Move To Cart, Olive oil' }));
    expect(await screen.findByText('This product is out of stock')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Olive oil' })).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false);
  });

  it('Remove takes the item off; the last one leaves the empty text', async () => {
    const user = userEvent.setup();
    signInShopper();
    mockShop({ products: [olive], wish: [saved(1, 'Olive oil')] });
    renderApp('/wishlist');
    await user.click(await screen.findByRole('button', { name: 'Remove, Olive oil' }));
    expect(await screen.findByText('Your Wish list is empty!')).toBeInTheDocument();
  });

  it('Remove keeps the focus while it runs, then hands it to the next item, and the last one’s to the heading', async () => {
    const user = userEvent.setup();
    signInShopper();
    mockShop({ products: [olive, dates], wish: [saved(1, 'Olive oil'), saved(2, 'Dates')] });
    const held = holdAnswers((request) => request.method === 'PATCH');
    renderApp('/wishlist');
    const remove = await screen.findByRole('button', { name: 'Remove, Olive oil' });
    remove.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(remove).toHaveAttribute('aria-busy', 'true'));
    expect(remove).toBeEnabled();
    expect(remove).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Move To Cart, Olive oil' })).toHaveAttribute('aria-disabled', 'true');

    held.release();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Dates' })).toHaveFocus());
    expect(screen.queryByRole('heading', { name: 'Olive oil' })).not.toBeInTheDocument();

    screen.getByRole('button', { name: 'Remove, Dates' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Your Wish list is empty!')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'My Wish List' })).toHaveFocus());
  });

  it('Move To Cart hands the focus to the item before when it was the last; a refused add leaves it on the button', async () => {
    const user = userEvent.setup();
    signInShopper();
    const { state } = mockShop({ products: [olive, dates], wish: [saved(1, 'Olive oil'), saved(2, 'Dates')] });
    renderApp('/wishlist');
    const move = await screen.findByRole('button', { name: 'Move To Cart, Dates' });
    move.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Olive oil' })).toHaveFocus());
    expect(state.lines.map((line) => line.product.title)).toEqual(['Dates']);

    state.refuseAdd = { status: 400, message: 'This product is out of stock', code: 'OUT_OF_STOCK' };
    const held = holdAnswers((request) => request.method === 'POST');
    const moveOlive = screen.getByRole('button', { name: 'Move To Cart, Olive oil' });
    moveOlive.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(moveOlive).toHaveAttribute('aria-busy', 'true'));
    expect(moveOlive).toBeEnabled();
    expect(moveOlive).toHaveFocus();
    held.release();
    expect(await screen.findByText('This product is out of stock')).toBeInTheDocument();
    await waitFor(() => expect(moveOlive).not.toHaveAttribute('aria-busy'));
    expect(moveOlive).toHaveFocus();
  });
});
