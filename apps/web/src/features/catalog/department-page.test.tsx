import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next, { changeLanguage } from 'i18next';
import { describe, expect, it } from 'vitest';

import { mockFetch, on } from '../../test/fetch-mock';
import { product, productPage } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';

import { nextPageOf } from './catalog-api';
import { DepartmentPage } from './department-page';
import { DEPARTMENTS } from './departments';

const electronics = DEPARTMENTS.find((department) => department.slug === 'electronics')!;
const patio = DEPARTMENTS.find((department) => department.slug === 'Patio&Garden')!;

function pagedProducts(total: number) {
  return (url: URL) =>
    productPage(Number(url.searchParams.get('page') ?? 1), Number(url.searchParams.get('pageSize') ?? 24), total, (n) =>
      product(n, { title: `${i18next.language === 'ar' ? 'منتج' : 'Item'} ${n}`, price: n + 0.5 }),
    );
}

describe('nextPageOf', () => {
  it('is the next page while items remain, none after the last', () => {
    expect(nextPageOf({ page: 1, pageSize: 24, total: 30 })).toBe(2);
    expect(nextPageOf({ page: 2, pageSize: 24, total: 48 })).toBeUndefined();
    expect(nextPageOf({ page: 1, pageSize: 24, total: 0 })).toBeUndefined();
  });
});

describe('DepartmentPage', () => {
  it("shows the department's name, banner text and products from its category", async () => {
    const requests = mockFetch(on('/api/product/category/electronics', pagedProducts(3)));
    renderWithProviders(<DepartmentPage department={electronics} />);

    expect(screen.getByRole('heading', { level: 1, name: 'Electronics' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Apple on save' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading products' })).toBeInTheDocument();

    const list = await screen.findByRole('list');
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(3);

    const first = within(cards[0]!);
    expect(first.getByRole('link', { name: 'Item 1' })).toHaveAttribute('href', `/details/${product(1)._id}`);
    expect(cards[0]).toHaveTextContent('Now $1.50');
    const image = first.getByRole('img', { name: 'Item 1' });
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('width', '600');
    expect(image).toHaveAttribute('height', '600');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();

    expect(requests[0]!.url.searchParams.get('page')).toBe('1');
    expect(requests[0]!.headers.get('lng')).toBe('en');
  });

  it('encodes the slug in the API path', async () => {
    const requests = mockFetch(on('/api/product/category/Patio&Garden', pagedProducts(1)));
    renderWithProviders(<DepartmentPage department={patio} />);
    await screen.findByRole('link', { name: 'Item 1' });
    expect(requests[0]!.url.pathname).toBe('/api/product/category/Patio%26Garden');
  });

  it('loads the next page with "Load more" until every product is shown', async () => {
    const user = userEvent.setup();
    const requests = mockFetch(on('/api/product/category/electronics', pagedProducts(30)));
    renderWithProviders(<DepartmentPage department={electronics} />);

    expect(await screen.findAllByRole('article')).toHaveLength(24);
    expect(screen.getByText('Showing 24 of 30 products')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));

    expect(await screen.findByRole('link', { name: 'Item 30' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(30);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(requests.map((request) => request.url.searchParams.get('page'))).toEqual(['1', '2']);
  });

  it('offers to try again when the products cannot be loaded', async () => {
    mockFetch(on('/api/product/category/electronics', { message: 'boom', code: 'INTERNAL' }, 500));
    renderWithProviders(<DepartmentPage department={electronics} />);
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't load the products.");
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('fetches the products again, in Arabic, when the language changes', async () => {
    const requests = mockFetch(on('/api/product/category/electronics', pagedProducts(2)));
    renderWithProviders(<DepartmentPage department={electronics} />);
    await screen.findByRole('link', { name: 'Item 1' });

    await changeLanguage('ar');

    expect(await screen.findByRole('link', { name: 'منتج 1' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'الإلكترونيات' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Item 1' })).not.toBeInTheDocument();
    expect(requests.map((request) => request.headers.get('lng'))).toEqual(['en', 'ar']);
  });
});
