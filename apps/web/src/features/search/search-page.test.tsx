import type { ProductSearchResponse, SearchSuggestResponse } from '@dukkan/contracts/search';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from 'i18next';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { arrivalDate, formatDeliveryDate } from '../../lib/delivery-date';
import { API, type Answer, answerWith, categoriesAnswer, categoryProductsAnswer, failure, productAnswer } from '../../test/api-server';
import { product, productPage } from '../../test/fixtures';
import { renderApp, renderWithProviders } from '../../test/render';

import { SearchPage } from './search-page';

/** `GET /api/product/search`: `total` matches, named after the text, 24 a page. */
function searchAnswer(total: number) {
  return http.get<never, never, Answer<ProductSearchResponse>>(`${API}/product/search`, ({ request }) => {
    const url = new URL(request.url);
    return HttpResponse.json(
      productPage(Number(url.searchParams.get('page') ?? 1), 24, total, (n) =>
        // Product 2 is reduced.
        product(n, { title: `${url.searchParams.get('q')} ${n}`, price: n + 0.25, listPrice: n === 2 ? 2.99 : null }),
      ),
    );
  });
}

describe('SearchPage', () => {
  it('shows Results for "{q}" and each match with thumbnail, price, title, free shipping and Add to cart', async () => {
    const requests = answerWith(searchAnswer(2));
    renderWithProviders(<SearchPage />, { path: '/search?q=%20milk%20' });

    expect(screen.getByRole('heading', { level: 1, name: 'Results for "milk"' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Searching…' })).toBeInTheDocument();
    const results = await screen.findAllByRole('article');
    expect(results).toHaveLength(2);
    expect(screen.getByRole('status')).toHaveTextContent('2 results');

    const first = within(results[0]!);
    expect(first.getByRole('link', { name: 'milk 1' })).toHaveAttribute('href', `/details/${product(1)._id}`);
    expect(results[0]).toHaveTextContent('Now $1.25');
    expect(results[0]).not.toHaveTextContent('Was');
    expect(results[1]).toHaveTextContent('Now $2.25 Was $2.99');
    expect(within(results[1]!).getByText('$2.99').closest('s')).not.toBeNull();
    expect(results[0]).toHaveTextContent(`Free shipping, arrives ${formatDeliveryDate(arrivalDate(new Date()), 'en')}`);
    expect(first.getByRole('button', { name: 'Add to cart, milk 1' })).toHaveTextContent('Add to cart');
    expect(results[0]!.querySelector('img')).toHaveAttribute('loading', 'lazy');

    expect(requests[0]!.url.searchParams.get('q')).toBe('milk');
    expect(requests[0]!.url.searchParams.get('page')).toBe('1');
    expect(requests[0]!.headers.get('lng')).toBe('en');
  });

  it('says No products found for "{q}" when nothing matches', async () => {
    answerWith(searchAnswer(0));
    renderWithProviders(<SearchPage />, { path: '/search?q=zzz' });
    expect(await screen.findByText('No products found for "zzz"')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('pages its results with numbered pages, 24 a page, in the address', async () => {
    const user = userEvent.setup();
    const requests = answerWith(searchAnswer(30));
    renderWithProviders(<SearchPage />, { path: '/search?q=tea' });
    expect(await screen.findAllByRole('article')).toHaveLength(24);
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByRole('link', { name: '1' })).toHaveAttribute('aria-current', 'page');
    expect(within(pages).queryByRole('link', { name: 'Previous' })).not.toBeInTheDocument();
    await user.click(within(pages).getByRole('link', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'tea 30' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(6);
    expect(within(screen.getByRole('navigation', { name: 'Pages' })).getByRole('link', { name: '2' })).toHaveAttribute('aria-current', 'page');
    expect(requests.map((request) => request.url.searchParams.get('page'))).toEqual(['1', '2']);
  });

  it('asks nothing for blank text and says where to type', () => {
    const requests = answerWith();
    renderWithProviders(<SearchPage />, { path: '/search?q=%20%20' });
    expect(screen.getByText("Type what you're looking for in the search box above.")).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('explains a search the API refuses as too long', async () => {
    answerWith(http.get(`${API}/product/search`, () => failure(400, 'BAD_REQUEST', 'q must be at most 200 characters')));
    renderWithProviders(<SearchPage />, { path: `/search?q=${'a'.repeat(201)}` });
    expect(await screen.findByRole('alert')).toHaveTextContent('That search is too long: use at most 200 characters.');
  });

  it('offers to try again when searching fails', async () => {
    answerWith(http.get(`${API}/product/search`, () => failure(500, 'INTERNAL', 'boom')));
    renderWithProviders(<SearchPage />, { path: '/search?q=milk' });
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't search just now.");
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('speaks Arabic', async () => {
    await changeLanguage('ar');
    const requests = answerWith(searchAnswer(0));
    renderWithProviders(<SearchPage />, { path: '/search?q=%D8%B4%D8%A7%D9%8A' });
    expect(await screen.findByRole('heading', { level: 1, name: 'نتائج البحث عن "شاي"' })).toBeInTheDocument();
    expect(await screen.findByText('لم يتم العثور على منتجات لـ "شاي"')).toBeInTheDocument();
    expect(requests[0]!.headers.get('lng')).toBe('ar');
  });
});

describe('header search suggestions', () => {
  it('asks GET /product/suggest as the shopper types and opens the chosen product', async () => {
    const user = userEvent.setup();
    const target = product(5, { title: 'Olive oil' });
    const requests = answerWith(
      categoriesAnswer([]),
      http.get<never, never, Answer<SearchSuggestResponse>>(`${API}/product/suggest`, () =>
        HttpResponse.json({ data: [{ _id: target._id, title: 'Olive oil', category: 'Grocery' }] }),
      ),
      productAnswer(target),
      categoryProductsAnswer(':name', productPage(1, 24, 0)),
    );
    renderApp('/cart');
    const field = within(await screen.findByRole('search')).getByRole('combobox', { name: 'Search' });
    await user.type(field, 'oli');
    await user.click(await screen.findByRole('option', { name: 'Olive oil' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Olive oil' })).toBeInTheDocument();
    const suggest = requests.filter((request) => request.url.pathname === '/api/product/suggest');
    expect(suggest.map((request) => request.url.searchParams.get('q'))).toEqual(['oli']);
  });
});
