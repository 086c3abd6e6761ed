import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from 'i18next';
import { describe, expect, it, vi } from 'vitest';

import { product } from '../test/fixtures';
import { renderWithProviders } from '../test/render';

import { ProductActionsProvider } from './product-actions';
import { ProductCard } from './product-card';

const olive = product(3, { title: 'Olive oil', price: 7.5 });

describe('ProductCard', () => {
  it('links photo and title to the product, shows Now $price with two decimals, a heart and Add', () => {
    renderWithProviders(<ProductCard product={olive} />);
    expect(screen.getByRole('link', { name: 'Olive oil' })).toHaveAttribute('href', `/details/${olive._id}`);
    expect(screen.getByRole('article')).toHaveTextContent('Now $7.50');
    expect(screen.getByRole('img', { name: 'Olive oil' })).toHaveAttribute('loading', 'lazy');
    expect(screen.getByRole('button', { name: 'Add to wish list, Olive oil' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add, Olive oil' })).toHaveTextContent('Add');
    expect(screen.getByRole('article')).not.toHaveTextContent('Was');
    expect(screen.getByRole('article').querySelector('s')).toBeNull();
  });

  it('shows "Was $list-price" beside "Now $price" on a reduced product: struck through, and read as "Was"', () => {
    renderWithProviders(<ProductCard product={{ ...olive, listPrice: 1249.99 }} />);
    const card = screen.getByRole('article');
    expect(card).toHaveTextContent('Now $7.50 Was $1,249.99');
    const struck = screen.getByText('$1,249.99').closest('s');
    expect(struck).not.toBeNull();
    // A screen reader says nothing of the line-through: the word "Was" carries the meaning.
    expect(struck!.parentElement).toHaveTextContent(/^Was \$1,249\.99$/);
  });

  it('keeps $ before the amount in Arabic, isolated left-to-right', async () => {
    await changeLanguage('ar');
    renderWithProviders(<ProductCard product={{ ...olive, listPrice: 9.99 }} />);
    expect(screen.getByRole('article')).toHaveTextContent('الآن $7.50 كان $9.99');
    for (const amount of ['$7.50', '$9.99']) expect(screen.getByText(amount).closest('bdi')).toHaveAttribute('dir', 'ltr');
  });

  it('shows a filled heart that removes, for a product in the wish list, and calls the provided actions', async () => {
    const user = userEvent.setup();
    const actions = { isInWishlist: () => true, toggleWishlist: vi.fn(), addToCart: vi.fn(() => Promise.resolve(true)) };
    renderWithProviders(
      <ProductActionsProvider value={actions}>
        <ProductCard product={olive} />
      </ProductActionsProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Remove from wish list, Olive oil' }));
    expect(actions.toggleWishlist).toHaveBeenCalledWith(olive);
    await user.click(screen.getByRole('button', { name: 'Add, Olive oil' }));
    expect(actions.addToCart).toHaveBeenCalledWith(olive, 1);
  });
});
