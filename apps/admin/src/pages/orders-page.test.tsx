import type { AdminOrderListResponse, AdminOrderResponse, AdminOrderSummary } from '@dukkan/contracts/admin-orders';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { failure, sessionOf, type Answer } from '../test/api-server';
import { CATALOG, lastQuery, order, ORDER_ID, summary, SUPPORT } from '../test/back-office';
import { renderAdmin, stubApi } from '../test/harness';

import { exportHref, orderSortParam, ORDERS_POLL_MS } from './orders-page';

const LIST = '/api/admin/orders';

/** The list answers `rows` (of `total`). */
const listAnswer = (rows: AdminOrderSummary[], total = rows.length) =>
  http.get<never, never, Answer<AdminOrderListResponse>>(LIST, () => HttpResponse.json({ data: rows, total }));

afterEach(() => {
  vi.useRealTimers();
});

describe('orders list', () => {
  it('asks the API for the search, each filter, the days and the page; the CSV link follows the days', async () => {
    const calls = stubApi(listAnswer([summary()], 60));
    const user = userEvent.setup({ delay: null });
    await renderAdmin('/admin/orders');

    expect(await screen.findByRole('heading', { level: 1, name: 'Orders' })).toBeInTheDocument();
    await waitFor(() => expect(lastQuery(calls, LIST)).toEqual({ page: '1', pageSize: '25', sort: '-createdAt' }));
    const grid = screen.getByRole('grid', { name: 'Orders' });
    expect(await within(grid).findByRole('link', { name: ORDER_ID })).toHaveAttribute('href', `/admin/orders/${ORDER_ID}`);
    expect(within(grid).getByText('shopper@example.com')).toBeInTheDocument();
    expect(within(grid).getByText('$40.00')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search by order id, email or name' }), 'shopper@example.com');
    await waitFor(() => expect(lastQuery(calls, LIST)).toMatchObject({ q: 'shopper@example.com', page: '1' }));

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Processing' }));
    await user.click(screen.getByRole('combobox', { name: 'Payment status' }));
    await user.click(await screen.findByRole('option', { name: 'Partially refunded' }));
    fireEvent.change(screen.getByLabelText('Placed from'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('Placed until'), { target: { value: '2026-11-27' } });
    await waitFor(() =>
      expect(lastQuery(calls, LIST)).toEqual({
        q: 'shopper@example.com',
        status: 'Processing',
        paymentStatus: 'Partially refunded',
        from: '2026-11-01',
        to: '2026-11-27',
        sort: '-createdAt',
        page: '1',
        pageSize: '25',
      }),
    );
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', '/api/admin/orders/export.csv?from=2026-11-01&to=2026-11-27');

    await user.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(lastQuery(calls, LIST)).toMatchObject({ page: '2', status: 'Processing' }));

    await user.click(within(grid).getByRole('columnheader', { name: 'Amount' }));
    await waitFor(() => expect(lastQuery(calls, LIST)).toMatchObject({ sort: '-amount', page: '1' }));
  });

  it('opens the order page from its row', async () => {
    stubApi(
      listAnswer([summary()]),
      http.get<never, never, Answer<AdminOrderResponse>>(`${LIST}/${ORDER_ID}`, () => failure(404, 'ORDER_NOT_FOUND', 'Order not found')),
    );
    const user = userEvent.setup({ delay: null });
    await renderAdmin('/admin/orders?status=Processing');
    const grid = await screen.findByRole('grid', { name: 'Orders' });
    await user.click(await within(grid).findByText('Sara Shopper'));
    expect(await screen.findByText('This order does not exist.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to orders' })).toHaveAttribute('href', '/admin/orders?status=Processing');
  });

  it('shows new orders without a reload: the list asks again every 15 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answers = 0;
    const calls = stubApi(
      http.get<never, never, Answer<AdminOrderListResponse>>(LIST, () => {
        answers += 1;
        const rows = answers === 1 ? [summary()] : [summary({ _id: 'f0e1d2c3-b4a5-4697-8877-665544332211', customer: { _id: 'c2', email: 'new@example.com', name: 'New Buyer' } }), summary()];
        return HttpResponse.json({ data: rows, total: rows.length });
      }),
    );
    await renderAdmin('/admin/orders');
    const grid = await screen.findByRole('grid', { name: 'Orders' });
    await within(grid).findByText('Sara Shopper');
    expect(within(grid).queryByText('New Buyer')).not.toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(ORDERS_POLL_MS + 100);
    });
    expect(await within(grid).findByText('New Buyer')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.pathname === LIST).length).toBeGreaterThanOrEqual(2);
  });

  it('is open to support, and refused to a catalog member, whose navigation has no orders', async () => {
    stubApi(sessionOf(CATALOG));
    await renderAdmin('/admin/orders');
    expect(await screen.findByText('Your role cannot use this page.')).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Back office' })).queryByRole('link', { name: 'Orders' })).not.toBeInTheDocument();
  });

  it('is in Arabic with the statuses translated', async () => {
    stubApi(sessionOf(SUPPORT), listAnswer([summary({ paymentStatus: 'Partially refunded', refunded: 5 })]));
    await renderAdmin('/admin/orders', 'ar');
    const grid = await screen.findByRole('grid', { name: 'الطلبات' });
    expect(await within(grid).findByText('مسترد جزئيًا')).toBeInTheDocument();
    expect(within(grid).getByText('قيد التجهيز')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'تنزيل ملف CSV' })).toHaveAttribute('href', '/api/admin/orders/export.csv');
  });

  it('opens an order with Enter and puts the focus on its heading, and back to the list on the list’s (in Arabic)', async () => {
    stubApi(
      listAnswer([summary()]),
      http.get<never, never, Answer<AdminOrderResponse>>(`${LIST}/${ORDER_ID}`, () => HttpResponse.json({ data: order() })),
    );
    const user = userEvent.setup({ delay: null });
    await renderAdmin('/admin/orders?status=Processing', 'ar');
    const grid = await screen.findByRole('grid', { name: 'الطلبات' });
    const link = await within(grid).findByRole('link', { name: ORDER_ID });
    // Nothing moves on the first screen: the focus is where the browser put it.
    expect(document.body).toHaveFocus();
    act(() => link.focus());
    await user.keyboard('{Enter}');
    const heading = await screen.findByRole('heading', { level: 1, name: `الطلب ${ORDER_ID}` });
    await waitFor(() => expect(heading).toHaveFocus());
    // Focusable from script only: no stop on Tab's way.
    expect(heading).toHaveAttribute('tabindex', '-1');

    act(() => screen.getByRole('link', { name: 'العودة إلى الطلبات' }).focus());
    await user.keyboard('{Enter}');
    const list = await screen.findByRole('heading', { level: 1, name: 'الطلبات' });
    await waitFor(() => expect(list).toHaveFocus());
  });

  it('keeps the focus in the search box while the list’s address changes (the same screen)', async () => {
    const calls = stubApi(listAnswer([summary()]));
    const user = userEvent.setup({ delay: null });
    await renderAdmin('/admin/orders', 'ar');
    const search = await screen.findByRole('searchbox', { name: 'ابحث برقم الطلب أو البريد الإلكتروني أو الاسم' });
    await user.type(search, 'sara');
    await waitFor(() => expect(lastQuery(calls, LIST)).toMatchObject({ q: 'sara' }));
    await within(screen.getByRole('grid', { name: 'الطلبات' })).findByText('Sara Shopper');
    expect(search).toHaveFocus();
  });

  it('maps the sort and the export address', () => {
    expect(orderSortParam([{ field: 'amount', sort: 'asc' }])).toBe('amount');
    expect(orderSortParam([{ field: 'customer', sort: 'asc' }])).toBe('-createdAt');
    expect(exportHref('2026-11-01', '')).toBe('/api/admin/orders/export.csv?from=2026-11-01');
  });
});
