import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from 'i18next';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';

import { type ProductActions, ProductActionsProvider } from '../../components/product-actions';
import { arrivalDate, formatDeliveryDate } from '../../lib/delivery-date';
import { API, answerWith, categoriesAnswer, categoryProductsAnswer, failure, productAnswer } from '../../test/api-server';
import { product, productPage } from '../../test/fixtures';
import { renderApp, renderWithProviders } from '../../test/render';

import { ProductDetailsPage } from './product-details-page';
import { thumbnailAfterKey, ZOOM_SETTINGS } from './product-gallery';

const phone = {
  ...product(7, {
    title: 'Apple iPhone 15',
    description: 'Dynamic Island and USB-C.',
    price: 799.99,
    listPrice: 919.99,
    category: 'electronics',
    categoryLabel: 'Electronics',
    brand: 'Apple',
    quantity: 131,
    rating: 3.3,
    reviewCount: 5176,
    images: [0, 1, 2, 3].map((n) => `/images/products/iphone/${n}.svg`),
  }),
  bestSeller: true,
};

function mockProduct(shown = phone) {
  return answerWith(
    productAnswer(shown),
    categoryProductsAnswer('electronics', () =>
      productPage(1, 24, 4, (n) => (n === 7 ? phone : product(n, { title: `Phone ${n}`, category: 'electronics' }))),
    ),
  );
}

/** The product page with the given product actions (the main layout's, in the app). */
function renderProductWith(actions: ProductActions) {
  mockProduct();
  return renderWithProviders(
    <ProductActionsProvider value={actions}>
      <ProductDetailsPage />
    </ProductActionsProvider>,
    { path: `/details/${phone._id}`, route: '/details/:id' },
  );
}

function renderProduct() {
  return renderWithProviders(<ProductDetailsPage />, { path: `/details/${phone._id}`, route: '/details/:id' });
}

describe('thumbnailAfterKey', () => {
  it('moves with the arrows (mirrored in Arabic), Home and End, wrapping around', () => {
    expect(thumbnailAfterKey('ArrowRight', 0, 4, 'ltr')).toBe(1);
    expect(thumbnailAfterKey('ArrowLeft', 0, 4, 'ltr')).toBe(3);
    expect(thumbnailAfterKey('ArrowLeft', 0, 4, 'rtl')).toBe(1);
    expect(thumbnailAfterKey('ArrowDown', 3, 4, 'ltr')).toBe(0);
    expect(thumbnailAfterKey('ArrowUp', 1, 4, 'rtl')).toBe(0);
    expect(thumbnailAfterKey('End', 0, 4, 'ltr')).toBe(3);
    expect(thumbnailAfterKey('Home', 2, 4, 'ltr')).toBe(0);
    expect(thumbnailAfterKey('Enter', 2, 4, 'ltr')).toBeNull();
  });

  it("zooms with the spec's settings", () => {
    expect(ZOOM_SETTINGS).toEqual({ zoomScale: 1, fadeDuration: 150, mobileBreakpoint: 640 });
  });
});

describe('ProductDetailsPage', () => {
  it('shows the breadcrumb Home / category, linked to the department', async () => {
    mockProduct();
    renderProduct();
    const breadcrumb = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(breadcrumb).getByRole('link', { name: 'Electronics' })).toHaveAttribute('href', '/electronics');
  });

  it("shows the side card: badges, title, description, the product's rating, price, buttons, delivery and Add to list", async () => {
    mockProduct();
    renderProduct();
    const card = (await screen.findByRole('heading', { level: 1, name: 'Apple iPhone 15' })).closest('section')!;
    const inCard = within(card);
    expect(inCard.getByText('Best seller')).toBeInTheDocument();
    expect(inCard.getByText('Reduced price')).toBeInTheDocument();
    expect(inCard.getByText('Dynamic Island and USB-C.')).toBeInTheDocument();
    // The approved reviews' figures, a link to the page's Reviews (issue #36).
    expect(inCard.getByRole('link', { name: '(3.3) 5176 reviews' })).toHaveAttribute('href', '#reviews');
    expect(inCard.getByRole('img', { name: 'Rated 3.3 out of 5' })).toBeInTheDocument();
    expect(card).toHaveTextContent('Now $799.99 Was $919.99');
    // "Was" is text a screen reader reads; the list price is struck through beside it.
    const struck = inCard.getByText('$919.99').closest('s')!;
    expect(struck.parentElement).toHaveTextContent(/^Was \$919\.99$/);
    expect(inCard.getByText('Price when purchased online')).toBeInTheDocument();
    expect(inCard.getByRole('button', { name: 'Buy Now' })).toBeInTheDocument();
    expect(inCard.getByRole('button', { name: 'Add to card' })).toBeInTheDocument();
    const delivery = inCard.getByRole('region', { name: "How you'll get this item:" });
    const [shipping, pickup, homeDelivery] = within(delivery).getAllByRole('listitem');
    expect(shipping).toHaveTextContent(`Shipping` + `arrives ${formatDeliveryDate(arrivalDate(new Date()), 'en')}` + 'Free');
    expect(pickup).toHaveTextContent('PickupNot available');
    expect(homeDelivery).toHaveTextContent('DeliveryNot available');
    expect(inCard.getByText('Delivery to Cairo, 11511')).toBeInTheDocument();
    expect(inCard.getByRole('button', { name: 'Add to list' })).toBeInTheDocument();
  });

  it("shows neither 'Reduced price' nor a Was price for a product without a list price, nor 'Best seller' for one that is not", async () => {
    mockProduct({ ...phone, listPrice: null, bestSeller: false });
    renderProduct();
    const card = (await screen.findByRole('heading', { level: 1, name: 'Apple iPhone 15' })).closest('section')!;
    expect(within(card).queryByText('Best seller')).not.toBeInTheDocument();
    expect(within(card).queryByText('Reduced price')).not.toBeInTheDocument();
    expect(card).toHaveTextContent('Now $799.99');
    expect(card).not.toHaveTextContent('Was');
    expect(card.querySelector('s')).toBeNull();
  });

  it("says 'No reviews yet', with no stars, for a product nobody has reviewed (issue #36)", async () => {
    mockProduct({ ...phone, rating: 0, reviewCount: 0 });
    renderProduct();
    const card = (await screen.findByRole('heading', { level: 1, name: 'Apple iPhone 15' })).closest('section')!;
    expect(within(card).getByText('No reviews yet')).toBeInTheDocument();
    expect(within(card).queryByRole('img', { name: /^Rated/ })).not.toBeInTheDocument();
    expect(card).not.toHaveTextContent(/\(\d\.\d\)/);
  });

  it.each([
    [4, 1, '(4.0) 1 review', 'Rated 4.0 out of 5'],
    [4.3, 12, '(4.3) 12 reviews', 'Rated 4.3 out of 5'],
  ])('writes a rating of %d from %d reviews as "%s"', async (rating, reviewCount, text, label) => {
    mockProduct({ ...phone, rating, reviewCount });
    renderProduct();
    const card = (await screen.findByRole('heading', { level: 1, name: 'Apple iPhone 15' })).closest('section')!;
    expect(within(card).getByRole('link', { name: text })).toHaveAttribute('href', '#reviews');
    expect(within(card).getByRole('img', { name: label })).toBeInTheDocument();
  });

  it.each([
    [0, 0, 'لا توجد مراجعات بعد'],
    [4, 1, '(4.0) تقييم واحد'],
    [4.5, 2, '(4.5) تقييمان'],
    [4.3, 12, '(4.3) 12 تقييماً'],
  ])('says a rating of %d from %d reviews in Arabic: "%s"', async (rating, reviewCount, text) => {
    await changeLanguage('ar');
    mockProduct({ ...phone, rating, reviewCount });
    renderProduct();
    const card = (await screen.findByRole('heading', { level: 1, name: 'Apple iPhone 15' })).closest('section')!;
    expect(within(card).getByText(text)).toBeInTheDocument();
  });

  it('has the accordions: Product details (title, price, category, quantity in pieces), About the brand, Specifications', async () => {
    const user = userEvent.setup();
    mockProduct();
    renderProduct();
    const details = await screen.findByRole('button', { name: 'Product details' });
    expect(details).toHaveAttribute('aria-expanded', 'true');
    const terms = screen.getAllByRole('term').map((term) => term.textContent);
    const values = screen.getAllByRole('definition').map((value) => value.textContent);
    expect(terms).toEqual(['Title', 'Price', 'Category', 'Quantity']);
    expect(values).toEqual(['Apple iPhone 15', '$799.99', 'Electronics', '131 pieces']);

    for (const name of ['About the brand', 'Specifications']) {
      const summary = screen.getByRole('button', { name });
      expect(summary).toHaveAttribute('aria-expanded', 'false');
      await user.click(summary);
      expect(summary).toHaveAttribute('aria-expanded', 'true');
      const panel = document.getElementById(summary.getAttribute('aria-controls')!)!;
      expect(panel).toHaveTextContent('Dynamic Island and USB-C.');
    }
  });

  it('shows the clicked thumbnail in the main image, and moves between thumbnails with the arrow keys', async () => {
    const user = userEvent.setup();
    mockProduct();
    renderProduct();
    const gallery = await screen.findByRole('group', { name: 'Product images' });
    const thumbnails = within(gallery).getAllByRole('button');
    expect(thumbnails).toHaveLength(4);
    expect(screen.getByRole('img', { name: 'Apple iPhone 15, image 1 of 4' })).toHaveAttribute('src', phone.images[0]);
    expect(thumbnails[0]).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(gallery).getByRole('button', { name: 'Show image 3 of 4' }));
    expect(screen.getByRole('img', { name: 'Apple iPhone 15, image 3 of 4' })).toHaveAttribute('src', phone.images[2]);
    expect(thumbnails[2]).toHaveAttribute('aria-pressed', 'true');
    expect(thumbnails[0]).toHaveAttribute('aria-pressed', 'false');

    await user.keyboard('{ArrowRight}');
    expect(thumbnails[3]).toHaveFocus();
    expect(screen.getByRole('img', { name: 'Apple iPhone 15, image 4 of 4' })).toHaveAttribute('src', phone.images[3]);
  });

  it('shows "Customers also viewed" with other products of the same department', async () => {
    mockProduct();
    renderProduct();
    const region = await screen.findByRole('region', { name: 'Customers also viewed' });
    const titles = (await within(region).findAllByRole('article')).map((card) => within(card).getByRole('link').textContent);
    expect(titles).toEqual(['Phone 1', 'Phone 2', 'Phone 3', 'Phone 4']);
    expect(within(region).getByRole('link', { name: 'View all Customers also viewed' })).toHaveAttribute('href', '/electronics');
  });

  it('Add to card adds one, Add to list toggles the wish list, Buy Now adds then opens the cart', async () => {
    const user = userEvent.setup();
    const actions = { isInWishlist: () => false, toggleWishlist: vi.fn(), addToCart: vi.fn(() => Promise.resolve(true)) };
    renderProductWith(actions);
    await user.click(await screen.findByRole('button', { name: 'Add to card' }));
    expect(actions.addToCart).toHaveBeenLastCalledWith(expect.objectContaining({ _id: phone._id }), 1);
    await user.click(screen.getByRole('button', { name: 'Add to list' }));
    expect(actions.toggleWishlist).toHaveBeenCalledWith(expect.objectContaining({ _id: phone._id }));
    await user.click(screen.getByRole('button', { name: 'Buy Now' }));
    expect(actions.addToCart).toHaveBeenCalledTimes(2);
    expect(await screen.findByTestId('location')).toHaveTextContent('/cart');
  });

  it('Add to list leaves a product that is already in the wish list there, and says so', async () => {
    const user = userEvent.setup();
    const actions = { isInWishlist: () => true, toggleWishlist: vi.fn(), addToCart: vi.fn(() => Promise.resolve(true)) };
    renderProductWith(actions);
    await user.click(await screen.findByRole('button', { name: 'Add to list' }));
    expect(await screen.findByText('Already in your wish list')).toBeInTheDocument();
    expect(actions.toggleWishlist).not.toHaveBeenCalled();
  });

  it('Buy Now stays on the product when the add fails', async () => {
    const user = userEvent.setup();
    const actions = { isInWishlist: () => false, toggleWishlist: vi.fn(), addToCart: vi.fn(() => Promise.resolve(false)) };
    renderProductWith(actions);
    await user.click(await screen.findByRole('button', { name: 'Buy Now' }));
    expect(actions.addToCart).toHaveBeenCalledOnce();
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Apple iPhone 15' })).toBeInTheDocument();
  });

  it.each([
    [404, 'PRODUCT_NOT_FOUND', 'Product not found'],
    [400, 'BAD_REQUEST', 'Invalid id'],
  ] as const)('shows the not-found page when the API answers %i', async (status, code, message) => {
    answerWith(http.get(`${API}/product/not-a-product`, () => failure(status, code, message)));
    renderWithProviders(<ProductDetailsPage />, { path: '/details/not-a-product', route: '/details/:id' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Uh-oh... This page could not be found.' })).toBeInTheDocument();
  });

  it('a malformed id in the app shows the not-found page, inside the layout', async () => {
    answerWith(categoriesAnswer([]), http.get(`${API}/product/abc`, () => failure(400, 'BAD_REQUEST', 'Invalid id')));
    renderApp('/details/abc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Uh-oh... This page could not be found.' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });

  it('speaks Arabic: reviews, pieces and the delivery date', async () => {
    await changeLanguage('ar');
    mockProduct();
    renderProduct();
    // 5176 takes the Arabic plural form of 11-99 ("many").
    expect(await screen.findByText('(3.3) 5176 تقييماً')).toBeInTheDocument();
    expect(screen.getByText('131 قطعة')).toBeInTheDocument();
    expect(screen.getByText(`يصل ${formatDeliveryDate(arrivalDate(new Date()), 'ar')}`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'اشترِ الآن' })).toBeInTheDocument();
    // Prices keep $ first and Latin digits in Arabic.
    const listPrice = screen.getByText('$919.99');
    expect(listPrice.closest('bdi')).toHaveAttribute('dir', 'ltr');
    expect(listPrice.closest('s')!.parentElement).toHaveTextContent(/^كان \$919\.99$/);
    expect(screen.getByText('سعر مخفّض')).toBeInTheDocument();
  });
});
