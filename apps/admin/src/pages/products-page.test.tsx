import type { AdminProduct, AdminProductListResponse, AdminProductResponse, UpdateProductBody } from '@dukkan/contracts/admin-products';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import type { Answer } from '../test/api-server';
import { renderAdmin, stubApi, type Call } from '../test/harness';

import { sortModelOf, sortParam } from './products-page';

function product(id: string, title: string, status: 'draft' | 'published' = 'draft'): AdminProduct {
  return {
    _id: id,
    title: { en: title, ar: `عربي ${title}` },
    description: { en: 'd', ar: 'د' },
    brand: { en: 'b', ar: 'ب' },
    category: 'Grocery',
    subcategory: 'grocery-fruit',
    price: 12.5,
    listPrice: null,
    quantity: 3,
    status,
    images: [],
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-02T10:00:00.000Z',
  };
}

/** The list answers `products` (of `total`); a PATCH of one answers it published, after `onPatch` has seen it. */
function productHandlers(products: AdminProduct[], total: number, onPatch: (id: string, body: UpdateProductBody) => void = () => undefined) {
  return [
    http.get<never, never, Answer<AdminProductListResponse>>('/api/admin/products', () => HttpResponse.json({ data: products, total })),
    http.patch<{ id: string }, UpdateProductBody, Answer<AdminProductResponse>>('/api/admin/products/:id', async ({ params, request }) => {
      onPatch(params.id, await request.json());
      return HttpResponse.json({ data: { ...product(params.id, 'x'), status: 'published' } });
    }),
  ];
}

const listCalls = (calls: Call[]) => calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/admin/products');
const lastQuery = (calls: Call[]) => Object.fromEntries(listCalls(calls).at(-1)!.url.searchParams);

describe('products grid', () => {
  it('asks the API for each page, search and filter, and publishes the selected rows', async () => {
    const patches: { id: string; body: unknown }[] = [];
    const calls = stubApi(...productHandlers([product('p1', 'Apples'), product('p2', 'Pears')], 60, (id, body) => patches.push({ id, body })));
    const user = userEvent.setup({ delay: null });
    await renderAdmin('/admin/products');

    expect(await screen.findByRole('heading', { level: 1, name: 'Products' })).toBeInTheDocument();
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(0));
    expect(lastQuery(calls)).toEqual({ page: '1', pageSize: '25', sort: '-updatedAt' });

    await user.type(screen.getByRole('searchbox', { name: 'Search by title or id' }), 'apple');
    await waitFor(() => expect(lastQuery(calls)).toEqual({ q: 'apple', page: '1', pageSize: '25', sort: '-updatedAt' }));

    await user.click(screen.getByRole('combobox', { name: 'Department' }));
    await user.click(await screen.findByRole('option', { name: 'Grocery' }));
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ q: 'apple', category: 'Grocery' }));

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Draft' }));
    await user.click(screen.getByRole('combobox', { name: 'Stock' }));
    await user.click(await screen.findByRole('option', { name: 'Low' }));
    await waitFor(() => expect(lastQuery(calls)).toEqual({ q: 'apple', category: 'Grocery', status: 'draft', stock: 'low', page: '1', pageSize: '25', sort: '-updatedAt' }));

    // Paging goes to the API: page 2 of 60.
    await user.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ page: '2', pageSize: '25', category: 'Grocery' }));

    // Bulk publish: one PATCH {status} per selected row.
    const grid = screen.getByRole('grid', { name: 'Products' });
    await within(grid).findByText('Apples');
    await user.click(within(grid).getAllByRole('checkbox', { name: /select row/i })[0]!);
    await user.click(within(grid).getAllByRole('checkbox', { name: /select row/i })[1]!);
    await user.click(screen.getByRole('button', { name: 'Publish selected' }));
    await waitFor(() => expect(patches).toHaveLength(2));
    expect(patches).toEqual(
      expect.arrayContaining([
        { id: 'p1', body: { status: 'published' } },
        { id: 'p2', body: { status: 'published' } },
      ]),
    );
  });

  it('keeps the search, filters and page in the address: the list opens as it was left', async () => {
    const calls = stubApi(...productHandlers([product('p1', 'Apples')], 60));
    await renderAdmin('/admin/products?q=app&category=Grocery&stock=out&sort=price&page=3&pageSize=50');
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(0));
    expect(lastQuery(calls)).toEqual({ q: 'app', category: 'Grocery', stock: 'out', sort: 'price', page: '3', pageSize: '50' });
    expect(await screen.findByRole('searchbox', { name: 'Search by title or id' })).toHaveValue('app');
  });

  it('says how many products are selected and were updated in Arabic’s plural forms, once (not again in the grid’s footer)', async () => {
    stubApi(...productHandlers([product('p1', 'Apples'), product('p2', 'Pears'), product('p3', 'Kiwis')], 3));
    const user = userEvent.setup({ delay: null });
    await renderAdmin('/admin/products', 'ar');
    const grid = await screen.findByRole('grid', { name: 'المنتجات' });
    await within(grid).findByText('عربي Kiwis');
    const rows = within(grid).getAllByRole('checkbox', { name: 'تحديد صف' });
    await user.click(rows[0]!);
    expect(await screen.findByText('تم تحديد منتج واحد')).toBeInTheDocument();
    await user.click(rows[1]!);
    expect(await screen.findByText('تم تحديد منتجين')).toBeInTheDocument();
    await user.click(rows[2]!);
    expect(await screen.findByText('تم تحديد 3 منتجات')).toBeInTheDocument();
    // MUI X's Arabic footer would say it again, skirting the plural ("تم تحديد 3 من الصفوف").
    expect(screen.queryByText(/من الصفوف/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'نشر المحدد' }));
    expect(await screen.findByText('تم تحديث 3 منتجات')).toBeInTheDocument();
  });

  it('maps the grid sort model to the API sort and back', () => {
    expect(sortModelOf('-price')).toEqual([{ field: 'price', sort: 'desc' }]);
    expect(sortModelOf('nonsense')).toEqual([{ field: 'updatedAt', sort: 'desc' }]);
    expect(sortParam([{ field: 'price', sort: 'asc' }])).toBe('price');
    expect(sortParam([{ field: 'quantity', sort: 'desc' }])).toBe('-quantity');
    expect(sortParam([{ field: 'status', sort: 'asc' }])).toBe('-updatedAt');
    expect(sortParam([])).toBe('-updatedAt');
  });
});
