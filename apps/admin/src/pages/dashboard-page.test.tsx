import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { lastDays } from '../app/format';
import { APPLES, CATALOG, lastQuery, ORDER_ID, sessionOf, stats, SUPPORT } from '../test/back-office';
import { json, renderAdmin, stubApi, type Call } from '../test/harness';

import { wholeCountTick } from './dashboard-page';

const statsAnswer = (call: Call) => (call.url.pathname === '/api/admin/stats' ? json(200, { data: stats() }) : undefined);

describe('dashboard', () => {
  it('is the landing screen: today, the chart’s figures, expiring orders, low stock and best sellers; the period switch asks again', async () => {
    const calls = stubApi(statsAnswer);
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
    const low = screen.getByRole('table', { name: 'Low stock (at most 5 left)' });
    expect(within(low).getByRole('link', { name: 'Apples' })).toHaveAttribute('href', `/admin/products/${APPLES}`);
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

  it('shows the API’s message when the figures cannot be loaded', async () => {
    stubApi((call) => (call.url.pathname === '/api/admin/stats' ? json(500, { message: 'The database is unreachable', code: 'INTERNAL' }) : undefined));
    await renderAdmin('/admin');
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong: The database is unreachable');
  });

  it('is in Arabic, right to left, with dates in Arabic and Latin digits', async () => {
    stubApi(statsAnswer);
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
    stubApi((call) => sessionOf(SUPPORT)(call) ?? statsAnswer(call));
    await renderAdmin('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Back office' });
    expect(within(nav).getAllByRole('link').map((a) => a.textContent)).toEqual(['Dashboard', 'Orders', 'Customers', 'My account']);
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  });

  it('opens for a catalog member too', async () => {
    stubApi((call) => sessionOf(CATALOG)(call) ?? statsAnswer(call));
    await renderAdmin('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Back office' });
    expect(within(nav).getAllByRole('link').map((a) => a.textContent)).toEqual(['Dashboard', 'Products', 'Import and export', 'My account']);
  });

  it('labels the paid-orders axis with whole numbers only', () => {
    const tick = { location: 'tick' } as const;
    expect([0, 0.2, 0.5, 1, 2, 1200].map((value) => wholeCountTick(value, tick))).toEqual(['0', '', '', '1', '2', '1,200']);
    expect(wholeCountTick(3, { location: 'tooltip' })).toBe('3');
  });
});
