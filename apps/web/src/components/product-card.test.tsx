import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from 'i18next';
import { describe, expect, it, vi } from 'vitest';

import { product } from '../test/fixtures';
import { renderWithProviders } from '../test/render';

import { ProductActionsProvider } from './product-actions';
import { ProductCard } from './product-card';
import { ProductPromotionsProvider } from './product-promotion';

const olive = product(3, { title: 'Olive oil', price: 7.5 });

describe('ProductCard', () => {
  it('names the automatic promotion the product is part of, by its department or itself, and none for another (issue #35)', async () => {
    const promotions = [
      { name: 'Pantry week', kind: 'percent' as const, value: 10, departments: ['grocery'], products: [], minSubtotal: 0 },
      { name: 'Lamp deal', kind: 'amount' as const, value: 5, departments: [], products: [product(9)._id], minSubtotal: 20 },
    ];
    const { unmount } = renderWithProviders(
      <ProductPromotionsProvider value={promotions}>
        <ProductCard product={{ ...olive, category: 'Grocery' }} />
        <ProductCard product={{ ...product(9, { title: 'Desk lamp' }), category: 'Home' }} />
        <ProductCard product={{ ...product(10, { title: 'Sofa' }), category: 'Home' }} />
      </ProductPromotionsProvider>,
    );
    const [oil, lamp, sofa] = screen.getAllByRole('article');
    expect(oil).toHaveTextContent('10% off at checkout: Pantry week');
    expect(lamp).toHaveTextContent('$5.00 off at checkout: Lamp deal');
    expect(sofa).not.toHaveTextContent('at checkout');
    unmount();

    await changeLanguage('ar');
    renderWithProviders(
      <ProductPromotionsProvider value={[{ ...promotions[1]!, name: 'عرض المصباح' }]}>
        <ProductCard product={{ ...product(9, { title: 'مصباح' }), category: 'Home' }} />
      </ProductPromotionsProvider>,
    );
    expect(screen.getByRole('article')).toHaveTextContent('خصم $5.00 عند إتمام الشراء: عرض المصباح');
    expect(screen.getByText('$5.00').closest('bdi')).toHaveAttribute('dir', 'ltr');
    await changeLanguage('en');
  });

  it('shows the stars and the number of reviews of a reviewed product, and nothing of one nobody has reviewed (issue #36)', async () => {
    const { unmount } = renderWithProviders(
      <>
        <ProductCard product={{ ...olive, rating: 4.3, reviewCount: 1234 }} />
        <ProductCard product={{ ...product(4, { title: 'Honey' }), rating: 4, reviewCount: 1 }} />
        <ProductCard product={{ ...product(5, { title: 'Tea' }), rating: 0, reviewCount: 0 }} />
      </>,
    );
    const [oil, honey, tea] = screen.getAllByRole('article');
    expect(within(oil!).getByRole('img', { name: 'Rated 4.3 out of 5, 1,234 reviews' })).toBeInTheDocument();
    expect(oil).toHaveTextContent('1,234');
    expect(within(honey!).getByRole('img', { name: 'Rated 4.0 out of 5, 1 review' })).toBeInTheDocument();
    expect(within(tea!).queryByRole('img', { name: /^Rated/ })).not.toBeInTheDocument();
    expect(tea!.querySelector('.dk-stars')).toBeNull();
    unmount();

    await changeLanguage('ar');
    renderWithProviders(<ProductCard product={{ ...olive, rating: 4.5, reviewCount: 2 }} />);
    expect(screen.getByRole('img', { name: 'التقييم 4.5 من 5، تقييمان' })).toBeInTheDocument();
  });

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
