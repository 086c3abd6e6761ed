import type { PromotionListResponse } from '@dukkan/contracts/admin-promotions';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { sessionOf, type Answer } from '../test/api-server';
import { CATALOG, lastQuery, SUPPORT } from '../test/back-office';
import { renderAdmin, stubApi } from '../test/harness';
import { automaticPromotion, OTHER_PROMOTION_ID, promotion, PROMOTION_ID } from '../test/promotions';

const LIST = '/api/admin/promotions';

/** The list answers both promotions, of `total`. */
const listAnswer = (total = 2) =>
  http.get<never, never, Answer<PromotionListResponse>>(LIST, () => HttpResponse.json({ data: [promotion(), automaticPromotion()], total }));

describe('promotions list', () => {
  it('shows each promotion’s name, code, discount, status, uses and dates, and asks the API for each filter and page', async () => {
    const calls = stubApi(listAnswer(30));
    const user = userEvent.setup({ delay: null });
    await renderAdmin('/admin/promotions');

    expect(await screen.findByRole('heading', { level: 1, name: 'Promotions' })).toBeInTheDocument();
    const grid = screen.getByRole('grid', { name: 'Promotions' });
    const spring = (await within(grid).findByRole('link', { name: 'Spring sale' })).closest('[role="row"]') as HTMLElement;
    expect(within(spring).getByText('SPRING10')).toBeInTheDocument();
    expect(within(spring).getByText('10%')).toBeInTheDocument();
    expect(within(spring).getByText('Active')).toBeInTheDocument();
    expect(within(spring).getByRole('link', { name: '12 / 50' })).toHaveAttribute('href', `/admin/promotions/${PROMOTION_ID}/orders`);
    expect(within(spring).getByText(/Mar 1, 2026/)).toBeInTheDocument();
    const five = within(grid).getByRole('link', { name: 'Five off' }).closest('[role="row"]') as HTMLElement;
    expect(within(five).getByText('Automatic')).toBeInTheDocument();
    expect(within(five).getByText('$5.00')).toBeInTheDocument();
    expect(within(five).getByText('Expired')).toBeInTheDocument();
    expect(within(five).getByRole('link', { name: '3' })).toBeInTheDocument();
    expect(within(grid).getByRole('link', { name: 'Five off' })).toHaveAttribute('href', `/admin/promotions/${OTHER_PROMOTION_ID}`);
    expect(lastQuery(calls, LIST)).toEqual({ page: '1' });

    await user.type(screen.getByRole('searchbox', { name: 'Search by code or name' }), 'spring');
    await waitFor(() => expect(lastQuery(calls, LIST)).toEqual({ q: 'spring', page: '1' }));

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Used up' }));
    await waitFor(() => expect(lastQuery(calls, LIST)).toEqual({ q: 'spring', status: 'used up', page: '1' }));

    await user.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(lastQuery(calls, LIST)).toEqual({ q: 'spring', status: 'used up', page: '2' }));
  });

  it('is in the navigation of the owner and catalog staff, not of support, who cannot open it', async () => {
    stubApi(sessionOf(CATALOG), listAnswer());
    const first = await renderAdmin('/admin/promotions');
    const nav = await screen.findByRole('navigation', { name: 'Back office' });
    expect(within(nav).getByRole('link', { name: 'Promotions' })).toHaveAttribute('href', '/admin/promotions');
    expect(await screen.findByRole('link', { name: 'Spring sale' })).toBeInTheDocument();
    first.unmount();

    stubApi(sessionOf(SUPPORT));
    await renderAdmin('/admin/promotions');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your role cannot use this page.');
    expect(within(screen.getByRole('navigation', { name: 'Back office' })).queryByRole('link', { name: 'Promotions' })).toBeNull();
  });

  it('reads right to left in Arabic, with the names and statuses in Arabic', async () => {
    stubApi(listAnswer());
    await renderAdmin('/admin/promotions', 'ar');

    expect(await screen.findByRole('heading', { level: 1, name: 'العروض الترويجية' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    const grid = screen.getByRole('grid', { name: 'العروض الترويجية' });
    const spring = (await within(grid).findByRole('link', { name: 'تخفيضات الربيع' })).closest('[role="row"]') as HTMLElement;
    expect(within(spring).getByText('نشط')).toBeInTheDocument();
    const five = within(grid).getByRole('link', { name: 'خصم خمسة' }).closest('[role="row"]') as HTMLElement;
    expect(within(five).getByText('تلقائي')).toBeInTheDocument();
    expect(within(five).getByText('منتهٍ')).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'لوحة الإدارة' })).getByRole('link', { name: 'العروض الترويجية' })).toBeInTheDocument();
  });
});
