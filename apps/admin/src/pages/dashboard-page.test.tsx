import type { Stats, StatsResponse } from '@dukkan/contracts/admin-orders';
import { lastDays } from '@dukkan/contracts/format';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { failure, sessionOf, type Answer } from '../test/api-server';
import { APPLES, CATALOG, KIWIS, lastQuery, ORDER_ID, stats, SUPPORT } from '../test/back-office';
import { renderAdmin, stubApi } from '../test/harness';

import { wholeCountTick } from './dashboard-page';

/** The figures `figures` (the fixture's by default). */
const statsAnswer = (figures: Stats = stats()) => http.get<never, never, Answer<StatsResponse>>('/api/admin/stats', () => HttpResponse.json({ data: figures }));

describe('dashboard', () => {
  it('is the landing screen: today, the chart’s figures, expiring orders, low stock and best sellers; the period switch asks again', async () => {
    const calls = stubApi(statsAnswer());
    const user = userEvent.setup({ delay: null });
    await renderAdmin('/admin');

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    await waitFor(() => expect(lastQuery(calls, '/api/admin/stats')).toEqual(lastDays(30)));
    const today = await screen.findByRole('region', { name: 'Today' });
    expect(within(today).getByText('4')).toBeInTheDocument();
    expect(within(today).getByText('$1,299.50')).toBeInTheDocument();
    expect(screen.getByText('In this period: $1,420.00 from 5 paid orders; $10.00 refunded.')).toBeInTheDocument();

    const perDay = screen.getByRole('table', { name: 'Revenue and paid orders per day' });
    expect(within(perDay).getByRole('row', { name: 'Nov 27 $1,299.50 2' })).toBeInTheDocument();

    const expiring = screen.getByRole('table', { name: 'Unpaid orders about to expire' });
    expect(within(expiring).getByRole('link', { name: ORDER_ID })).toHaveAttribute('href', `/admin/orders/${ORDER_ID}`);
    expect(within(expiring).getByText('shopper@example.com')).toBeInTheDocument();
    const low = screen.getByRole('region', { name: 'Low stock (1 to 5 units left)' });
    expect(within(low).getByRole('row', { name: 'Apples 2' })).toBeInTheDocument();
    expect(within(low).getByRole('link', { name: 'Apples' })).toHaveAttribute('href', `/admin/products/${APPLES}`);
    expect(within(low).getByRole('link', { name: 'All products low on stock' })).toHaveAttribute('href', '/admin/products?status=published&stock=low');
    // Out of stock has a box of its own: 0 units is not low stock (README: low is 1 to the threshold).
    const out = screen.getByRole('region', { name: 'Out of stock' });
    expect(within(out).getByRole('link', { name: 'Kiwis' })).toHaveAttribute('href', `/admin/products/${KIWIS}`);
    expect(within(out).getByRole('link', { name: 'All products out of stock' })).toHaveAttribute('href', '/admin/products?status=published&stock=out');
    expect(within(low).queryByText('Kiwis')).not.toBeInTheDocument();
    const best = screen.getByRole('table', { name: 'Best sellers this week' });
    expect(within(best).getByRole('row', { name: 'Pears 9 $180.00' })).toBeInTheDocument();

    const period = screen.getByRole('group', { name: 'Period' });
    expect(within(period).getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(period).getByRole('button', { name: '7 days' }));
    await waitFor(() => expect(lastQuery(calls, '/api/admin/stats')).toEqual(lastDays(7)));
    expect(within(period).getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(period).getByRole('button', { name: '90 days' }));
    await waitFor(() => expect(lastQuery(calls, '/api/admin/stats')).toEqual(lastDays(90)));
  });

  it('shows the owner and support the reviews waiting, linked to the reviews screen; not catalog staff, who do not moderate them', async () => {
    stubApi(statsAnswer());
    const owner = await renderAdmin('/admin');
    const reviews = await screen.findByRole('region', { name: 'Reviews' });
    expect(within(reviews).getByRole('link', { name: '3 reviews waiting' })).toHaveAttribute('href', '/admin/reviews');
    owner.unmount();

    stubApi(sessionOf(SUPPORT), statsAnswer(stats({ pendingReviews: 0 })));
    const support = await renderAdmin('/admin', 'ar');
    const arabic = await screen.findByRole('region', { name: 'التقييمات' });
    expect(within(arabic).getByRole('link', { name: 'لا تقييمات بانتظار الموافقة' })).toHaveAttribute('href', '/admin/reviews');
    support.unmount();

    stubApi(sessionOf(CATALOG), statsAnswer());
    await renderAdmin('/admin');
    expect(await screen.findByRole('region', { name: 'Today' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Reviews' })).toBeNull();
    expect(screen.queryByText('3 reviews waiting')).toBeNull();
  });

  it('shows the API’s message when the figures cannot be loaded', async () => {
    stubApi(http.get<never, never, Answer<StatsResponse>>('/api/admin/stats', () => failure(500, 'INTERNAL', 'The database is unreachable')));
    await renderAdmin('/admin');
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong: The database is unreachable');
  });

  it('is in Arabic, right to left, with dates in Arabic and Latin digits', async () => {
    stubApi(statsAnswer());
    await renderAdmin('/admin', 'ar');
    expect(await screen.findByRole('heading', { level: 1, name: 'لوحة المعلومات' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    const perDay = await screen.findByRole('table', { name: 'الإيرادات والطلبات المدفوعة في كل يوم' });
    expect(within(perDay).getByText('27 نوفمبر')).toBeInTheDocument();
    expect(within(perDay).getByText('$1,299.50')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'تفاح' })).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'الفترة' })).getByRole('button', { name: '7 أيام' })).toBeInTheDocument();
  });

  it('is every role’s landing screen, with the navigation of each role', async () => {
    stubApi(sessionOf(SUPPORT), statsAnswer());
    await renderAdmin('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Back office' });
    expect(within(nav).getAllByRole('link').map((a) => a.textContent)).toEqual(['Dashboard', 'Orders', 'Customers', 'Reviews', 'My account']);
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  });

  it('opens for a catalog member too', async () => {
    stubApi(sessionOf(CATALOG), statsAnswer());
    await renderAdmin('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Back office' });
    expect(within(nav).getAllByRole('link').map((a) => a.textContent)).toEqual(['Dashboard', 'Products', 'Promotions', 'Import and export', 'My account']);
  });

  it('shows a catalog member the expiring orders as the API gives them, without the customer’s email, and no link to the orders it may not open', async () => {
    // The API leaves `customerEmail` out for the catalog role (it may not read customers).
    const figures = stats({ expiringUnpaid: [{ _id: ORDER_ID, payBy: '2026-11-27T12:00:00.000Z', amount: 40 }] });
    stubApi(sessionOf(CATALOG), statsAnswer(figures));
    await renderAdmin('/admin', 'ar');
    const expiring = await screen.findByRole('table', { name: 'طلبات غير مدفوعة توشك مهلتها على الانتهاء' });
    const [, row] = within(expiring).getAllByRole('row');
    expect(row).toHaveTextContent(ORDER_ID);
    expect(row).toHaveTextContent('$40.00');
    expect(within(expiring).queryByRole('link')).not.toBeInTheDocument();
    expect(within(expiring).queryByText('shopper@example.com')).not.toBeInTheDocument();
    // The products screen is the catalog's: its stock boxes link there.
    expect(within(screen.getByRole('region', { name: 'نفد من المخزون' })).getByRole('link', { name: 'كيوي' })).toHaveAttribute('href', `/admin/products/${KIWIS}`);
  });

  it('links a support member to the orders, not to the products screen it may not open', async () => {
    stubApi(sessionOf(SUPPORT), statsAnswer());
    await renderAdmin('/admin', 'ar');
    const expiring = await screen.findByRole('table', { name: 'طلبات غير مدفوعة توشك مهلتها على الانتهاء' });
    expect(within(expiring).getByRole('link', { name: ORDER_ID })).toHaveAttribute('href', `/admin/orders/${ORDER_ID}`);
    expect(within(expiring).getByText('shopper@example.com')).toBeInTheDocument();
    const low = screen.getByRole('region', { name: 'مخزون منخفض (بقي من 1 إلى 5 وحدات)' });
    expect(within(low).getByText('تفاح')).toBeInTheDocument();
    expect(within(low).queryByRole('link')).not.toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'نفد من المخزون' })).queryByRole('link')).not.toBeInTheDocument();
  });

  it('says the period’s paid orders in Arabic’s plural forms: 0, 1, 2, 3, 11, 100 and 1,200', async () => {
    const expected: [number, string][] = [
      [0, 'في هذه الفترة: لا طلبات مدفوعة؛ واسترداد $10.00.'],
      [1, 'في هذه الفترة: $1,420.00 من طلب مدفوع واحد؛ واسترداد $10.00.'],
      [2, 'في هذه الفترة: $1,420.00 من طلبين مدفوعين؛ واسترداد $10.00.'],
      [3, 'في هذه الفترة: $1,420.00 من 3 طلبات مدفوعة؛ واسترداد $10.00.'],
      [11, 'في هذه الفترة: $1,420.00 من 11 طلبًا مدفوعًا؛ واسترداد $10.00.'],
      [100, 'في هذه الفترة: $1,420.00 من 100 طلب مدفوع؛ واسترداد $10.00.'],
      [1200, 'في هذه الفترة: $1,420.00 من 1,200 طلب مدفوع؛ واسترداد $10.00.'],
    ];
    for (const [paidOrders, text] of expected) {
      const figures = stats({ totals: { revenue: paidOrders === 0 ? 0 : 1420, paidOrders, refunded: 10 } });
      stubApi(statsAnswer(figures));
      const view = await renderAdmin('/admin', 'ar');
      expect(await screen.findByText(text)).toBeInTheDocument();
      view.unmount();
    }
  });

  it('names the low-stock range in Arabic’s plural forms, whatever LOW_STOCK_THRESHOLD is', async () => {
    const expected: [number, string][] = [
      [0, 'مخزون منخفض (غير مراقَب: الحد 0)'],
      [1, 'مخزون منخفض (بقيت وحدة واحدة)'],
      [2, 'مخزون منخفض (بقيت وحدة أو وحدتان)'],
      [3, 'مخزون منخفض (بقي من 1 إلى 3 وحدات)'],
      [11, 'مخزون منخفض (بقي من 1 إلى 11 وحدة)'],
      [100, 'مخزون منخفض (بقي من 1 إلى 100 وحدة)'],
    ];
    for (const [lowStockThreshold, title] of expected) {
      const figures = stats({ lowStockThreshold });
      stubApi(statsAnswer(figures));
      const view = await renderAdmin('/admin', 'ar');
      expect(await screen.findByRole('region', { name: title })).toBeInTheDocument();
      view.unmount();
    }
  });

  it('labels the paid-orders axis with whole numbers only', () => {
    const tick = { location: 'tick' } as const;
    expect([0, 0.2, 0.5, 1, 2, 1200].map((value) => wholeCountTick(value, tick))).toEqual(['0', '', '', '1', '2', '1,200']);
    expect(wholeCountTick(3, { location: 'tooltip' })).toBe('3');
  });
});
