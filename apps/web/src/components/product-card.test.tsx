import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getFixedT } from 'i18next';
import { describe, expect, it, vi } from 'vitest';

import { product } from '../test/fixtures';
import { renderWithProviders } from '../test/render';

import { interimProductActions, ProductActionsProvider } from './product-actions';
import { ProductCard } from './product-card';

const olive = product(3, { title: 'Olive oil', price: 7.5 });

describe('ProductCard', () => {
  it('links photo and title to the product, shows Now $price with two decimals, a heart and Add', () => {
    renderWithProviders(<ProductCard product={olive} />);
    expect(screen.getByRole('link', { name: 'Olive oil' })).toHaveAttribute('href', `/details/${olive._id}`);
    expect(screen.getByRole('article')).toHaveTextContent('Now $7.50');
    expect(screen.getByRole('img', { name: 'Olive oil' })).toHaveAttribute('loading', 'lazy');
    expect(screen.getByRole('button', { name: 'Add Olive oil to your wish list' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Olive oil to cart' })).toHaveTextContent('Add');
  });

  it('tells a guest who clicks the heart to sign in, and says the cart is coming on Add', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ProductCard product={olive} />);
    await user.click(screen.getByRole('button', { name: 'Add Olive oil to your wish list' }));
    expect(await screen.findByText('Please sign in to use your wish list')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Olive oil to cart' }));
    expect(await screen.findByText('Adding to the cart is coming soon.')).toBeInTheDocument();
  });

  it('tells a signed-in shopper the wish list is coming', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <ProductActionsProvider value={interimProductActions(getFixedT(null, 'catalog'), true)}>
        <ProductCard product={olive} />
      </ProductActionsProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Add Olive oil to your wish list' }));
    expect(await screen.findByText('Saving to your wish list is coming soon.')).toBeInTheDocument();
  });

  it('shows a filled heart that removes, for a product in the wish list, and calls the provided actions', async () => {
    const user = userEvent.setup();
    const actions = { isInWishlist: () => true, toggleWishlist: vi.fn(), addToCart: vi.fn() };
    renderWithProviders(
      <ProductActionsProvider value={actions}>
        <ProductCard product={olive} />
      </ProductActionsProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Remove Olive oil from your wish list' }));
    expect(actions.toggleWishlist).toHaveBeenCalledWith(olive);
    await user.click(screen.getByRole('button', { name: 'Add Olive oil to cart' }));
    expect(actions.addToCart).toHaveBeenCalledWith(olive, 1);
  });
});
