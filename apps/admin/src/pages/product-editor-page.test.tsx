import type {
  AdminProduct,
  AdminProductResponse,
  CreateProductBody,
  ReorderPhotosBody,
  StockAdjustmentBody,
  StockLedgerResponse,
  UpdateProductBody,
} from '@dukkan/contracts/admin-products';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';

import { failure, sessionOf, type Answer } from '../test/api-server';
import { CATALOG } from '../test/back-office';
import { renderAdmin, stubApi, type Call } from '../test/harness';

const created: AdminProduct = {
  _id: 'p9',
  title: { en: 'Mango', ar: 'مانجو' },
  description: { en: 'Sweet mango', ar: 'مانجو حلوة' },
  brand: { en: 'Farm', ar: 'مزرعة' },
  category: 'Grocery',
  subcategory: 'grocery-fruit',
  price: 4.5,
  listPrice: 6,
  quantity: 10,
  status: 'draft',
  images: ['/images/p9-a.webp', '/images/p9-b.webp'],
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
};

/** `GET /api/admin/products/{id}` of `product`. */
const productAnswer = (product: AdminProduct) =>
  http.get<never, never, Answer<AdminProductResponse>>(`/api/admin/products/${product._id}`, () => HttpResponse.json({ data: product }));

/** Its stock ledger: `data`. */
const ledgerAnswer = (id: string, data: StockLedgerResponse['data'] = []) =>
  http.get<never, never, Answer<StockLedgerResponse>>(`/api/admin/products/${id}/stock-ledger`, () => HttpResponse.json({ data }));

const posts = (calls: Call[]) => calls.filter((c) => c.method === 'POST' && c.url.pathname === '/api/admin/products');

describe('product editor', () => {
  it('types Arabic right to left beside English, checks every field, shows the API field error, then creates', async () => {
    let answerWithFieldError = true;
    const calls = stubApi(
      http.post<never, CreateProductBody, Answer<AdminProductResponse>>('/api/admin/products', () => {
        if (answerWithFieldError) {
          answerWithFieldError = false;
          return failure(400, 'VALIDATION_ERROR', 'title.ar: The Arabic title must be at most 200 characters', 'title.ar');
        }
        return HttpResponse.json({ data: created }, { status: 201 });
      }),
      productAnswer(created),
      ledgerAnswer('p9'),
    );
    const user = userEvent.setup({ delay: null });
    await renderAdmin('/admin/products/new');

    expect(await screen.findByRole('heading', { level: 1, name: 'New product' })).toBeInTheDocument();
    const titleAr = screen.getByRole('textbox', { name: 'Title (Arabic)' });
    const titleEn = screen.getByRole('textbox', { name: 'Title (English)' });
    expect(titleAr).toHaveAttribute('dir', 'rtl');
    expect(titleAr).toHaveAttribute('lang', 'ar');
    expect(screen.getByRole('textbox', { name: 'Description (Arabic)' })).toHaveAttribute('dir', 'rtl');
    expect(screen.getByRole('textbox', { name: 'Brand (Arabic)' })).toHaveAttribute('dir', 'rtl');
    expect(titleEn).toHaveAttribute('dir', 'ltr');

    // Nothing filled in: every required field says so, and nothing is sent.
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    expect(await screen.findByText('Check the highlighted fields.')).toBeInTheDocument();
    expect(titleAr).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByText('Required').length).toBeGreaterThanOrEqual(7);

    await user.type(titleEn, 'Mango');
    await user.type(titleAr, 'مانجو');
    await user.type(screen.getByRole('textbox', { name: 'Description (English)' }), 'Sweet mango');
    await user.type(screen.getByRole('textbox', { name: 'Description (Arabic)' }), 'مانجو حلوة');
    await user.type(screen.getByRole('textbox', { name: 'Brand (English)' }), 'Farm');
    await user.type(screen.getByRole('textbox', { name: 'Brand (Arabic)' }), 'مزرعة');
    await user.click(screen.getByRole('combobox', { name: /Department/ }));
    await user.click(await screen.findByRole('option', { name: 'Grocery' }));
    const quantity = screen.getByRole('textbox', { name: /Quantity in stock/ });
    await user.clear(quantity);
    await user.type(quantity, '10');

    // Three decimals, and a list price not above the price, are refused before sending.
    const price = screen.getByRole('textbox', { name: /^Price/ });
    const listPrice = screen.getByRole('textbox', { name: /List price/ });
    await user.type(price, '4.505');
    await user.type(listPrice, '4');
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    expect(await screen.findByText('A price above 0 with at most 2 decimals')).toBeInTheDocument();
    expect(posts(calls)).toHaveLength(0);
    await user.clear(price);
    await user.type(price, '4.50');
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    expect(await screen.findByText('Must be above the price')).toBeInTheDocument();
    expect(posts(calls)).toHaveLength(0);
    await user.clear(listPrice);
    await user.type(listPrice, '6');

    // The API's 400 names `title.ar`: the message lands on the Arabic title.
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    expect(await screen.findByText('The Arabic title must be at most 200 characters')).toBeInTheDocument();
    expect(titleAr).toHaveAttribute('aria-invalid', 'true');
    expect(titleAr).toHaveAccessibleDescription('The Arabic title must be at most 200 characters');

    await user.click(screen.getByRole('button', { name: 'Create product' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit product' })).toBeInTheDocument();
    expect(posts(calls).map((c) => JSON.parse(c.body) as unknown)[1]).toEqual({
      title: { en: 'Mango', ar: 'مانجو' },
      description: { en: 'Sweet mango', ar: 'مانجو حلوة' },
      brand: { en: 'Farm', ar: 'مزرعة' },
      category: 'Grocery',
      price: 4.5,
      listPrice: 6,
      quantity: 10,
      status: 'draft',
    });
    // The saved product: its live page, its photos in order.
    expect(screen.getByRole('link', { name: /View the live page/ })).toHaveAttribute('href', '/details/p9');
    expect(screen.getByRole('link', { name: 'Reviews of this product' })).toHaveAttribute('href', '/admin/reviews?product=p9');
    expect(screen.getByRole('img', { name: 'Photo 1' })).toHaveAttribute('src', '/images/p9-a.webp');
    expect(screen.getByRole('button', { name: 'Move photo 1 earlier' })).toBeDisabled();
  });

  it('adjusts stock by a delta with a reason and sets a quantity with its reason in the PATCH', async () => {
    const calls = stubApi(
      productAnswer(created),
      http.patch<never, UpdateProductBody, Answer<AdminProductResponse>>('/api/admin/products/p9', () => HttpResponse.json({ data: { ...created, quantity: 7 } })),
      http.post<never, StockAdjustmentBody, Answer<AdminProductResponse>>('/api/admin/products/p9/stock', () => HttpResponse.json({ data: { ...created, quantity: 12 } })),
      ledgerAnswer('p9', [
        { kind: 'adjustment', quantityBefore: 10, quantityAfter: 12, reason: 'Found in store room', staff: { _id: 's1', name: 'Olive Owner' }, orderId: null, createdAt: '2026-11-02T10:00:00.000Z' },
      ]),
    );
    const user = userEvent.setup({ delay: null });
    await renderAdmin('/admin/products/p9', 'ar');
    expect(await screen.findByRole('heading', { level: 1, name: 'تعديل المنتج' })).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: /التغيير/ }), '2');
    await user.type(screen.getByRole('textbox', { name: /^السبب\s*\*?$/ }), 'Found in store room');
    await user.click(screen.getByRole('button', { name: 'تعديل المخزون' }));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/admin/products/p9/stock')).toBe(true));
    expect(JSON.parse(calls.find((c) => c.url.pathname === '/api/admin/products/p9/stock')!.body)).toEqual({ delta: 2, reason: 'Found in store room' });
    expect(await screen.findByText('Found in store room')).toBeInTheDocument();

    const quantity = screen.getByRole('textbox', { name: /الكمية في المخزون/ });
    await user.clear(quantity);
    await user.type(quantity, '7');
    await user.type(screen.getByRole('textbox', { name: /السبب \(اختياري\)/ }), 'Count');
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(JSON.parse(calls.find((c) => c.method === 'PATCH')!.body)).toMatchObject({ quantity: 7, reason: 'Count', price: 4.5 });
  });
});

describe('product editor for catalog staff', () => {
  it('has no link to the product’s reviews, which they do not moderate', async () => {
    stubApi(sessionOf(CATALOG), productAnswer(created), ledgerAnswer('p9'));
    await renderAdmin('/admin/products/p9');
    expect(await screen.findByRole('link', { name: /View the live page/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Reviews of this product' })).toBeNull();
  });
});

describe('photos', () => {
  it('uploads each picked file as multipart `file`, reorders and deletes', async () => {
    const product: AdminProduct = {
      _id: 'p9',
      title: { en: 'Mango', ar: 'مانجو' },
      description: { en: 'd', ar: 'د' },
      brand: { en: 'b', ar: 'ب' },
      category: 'Grocery',
      subcategory: 'grocery-fruit',
      price: 4.5,
      listPrice: null,
      quantity: 10,
      status: 'draft',
      images: ['/images/a.webp', '/images/b.webp'],
      createdAt: '2026-11-01T10:00:00.000Z',
      updatedAt: '2026-11-01T10:00:00.000Z',
    };
    // What the editor puts in each multipart body (jsdom's File does not survive into Node's Request).
    const append = vi.spyOn(FormData.prototype, 'append');
    const calls = stubApi(
      productAnswer(product),
      ledgerAnswer('p9'),
      http.post<never, never, Answer<AdminProductResponse>>('/api/admin/products/p9/images', () => HttpResponse.json({ data: product }, { status: 201 })),
      http.put<never, ReorderPhotosBody, Answer<AdminProductResponse>>('/api/admin/products/p9/images', () => HttpResponse.json({ data: product })),
      http.delete<{ image: string }, never, Answer<AdminProductResponse>>('/api/admin/products/p9/images/:image', () => HttpResponse.json({ data: product })),
    );
    const user = userEvent.setup({ delay: null });
    await renderAdmin('/admin/products/p9');

    await screen.findByRole('img', { name: 'Photo 2' });
    const picker = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(picker).not.toBeVisible();
    await user.upload(picker, [new File(['one'], 'one.png', { type: 'image/png' }), new File(['two'], 'two.jpg', { type: 'image/jpeg' })]);
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST' && c.url.pathname === '/api/admin/products/p9/images')).toHaveLength(2));
    expect(append.mock.calls.map(([field, file]) => [field, (file as File).name])).toEqual([
      ['file', 'one.png'],
      ['file', 'two.jpg'],
    ]);

    // Dropped files go the same way.
    fireEvent.drop(screen.getByText(/Drop photos here, or/).parentElement!, { dataTransfer: { files: [new File(['three'], 'three.webp', { type: 'image/webp' })] } });
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST' && c.url.pathname === '/api/admin/products/p9/images')).toHaveLength(3));
    expect(append.mock.calls.at(-1)).toEqual(['file', expect.objectContaining({ name: 'three.webp' })]);

    await user.click(screen.getByRole('button', { name: 'Move photo 2 earlier' }));
    await user.click(screen.getByRole('button', { name: 'Delete photo 1' }));
    await waitFor(() => expect(calls.filter((c) => c.url.pathname.includes('/images') && c.method !== 'POST')).toHaveLength(2));
    const [reorder, removal] = calls.filter((c) => c.url.pathname.includes('/images') && c.method !== 'POST');
    expect([reorder!.method, reorder!.url.pathname, JSON.parse(reorder!.body)]).toEqual(['PUT', '/api/admin/products/p9/images', { order: ['/images/b.webp', '/images/a.webp'] }]);
    expect([removal!.method, removal!.url.pathname]).toEqual(['DELETE', '/api/admin/products/p9/images/0']);
  });
});
