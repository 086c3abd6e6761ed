import type { Promotion, PromotionOrdersResponse } from '@dukkan/contracts/admin-promotions';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { sessionOf, type Answer } from '../test/api-server';
import { CATALOG, ORDER_ID } from '../test/back-office';
import { renderAdmin, stubApi } from '../test/harness';
import { promotion, PROMOTION_ID, promotionOrders, SECOND_ORDER_ID } from '../test/promotions';

/** `GET`, `PATCH`, `DELETE /api/admin/promotions/{id}` and the POST answer `{data: promotion}` (`PromotionResponseSchema`). */
type PromotionAnswer = { data: Promotion };

const PATH = `/api/admin/promotions/${PROMOTION_ID}`;

const handlers = [
  http.get<never, never, Answer<PromotionAnswer>>(PATH, () => HttpResponse.json({ data: promotion() })),
  http.get<never, never, Answer<PromotionOrdersResponse>>(`${PATH}/orders`, () => HttpResponse.json(promotionOrders())),
];

describe('promotion orders', () => {
  it('lists the orders that used it with their discount, links each to its page and gives the total discount', async () => {
    stubApi(...handlers);
    await renderAdmin(`/admin/promotions/${PROMOTION_ID}/orders`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Orders with “Spring sale”' })).toBeInTheDocument();
    expect(screen.getByText('Total discount given').nextElementSibling).toHaveTextContent('$4.00');
    expect(screen.getByText('SPRING10')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Orders that used the promotion' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first!).getByRole('link', { name: ORDER_ID })).toHaveAttribute('href', `/admin/orders/${ORDER_ID}`);
    expect(first).toHaveTextContent('$36.00');
    expect(first).toHaveTextContent('$4.00');
    expect(first).toHaveTextContent('Counted');
    expect(within(second!).getByRole('link', { name: SECOND_ORDER_ID })).toBeInTheDocument();
    expect(second).toHaveTextContent('$2.00');
    expect(second).toHaveTextContent('Released');
    expect(screen.getByRole('link', { name: 'Back to the promotion' })).toHaveAttribute('href', `/admin/promotions/${PROMOTION_ID}`);
  });

  it('shows catalog staff the orders without links to pages they cannot open', async () => {
    stubApi(sessionOf(CATALOG), ...handlers);
    await renderAdmin(`/admin/promotions/${PROMOTION_ID}/orders`);

    const table = await screen.findByRole('table', { name: 'Orders that used the promotion' });
    expect(within(table).getByText(ORDER_ID)).toBeInTheDocument();
    expect(within(table).queryByRole('link')).toBeNull();
  });

  it('reads right to left in Arabic', async () => {
    stubApi(...handlers);
    await renderAdmin(`/admin/promotions/${PROMOTION_ID}/orders`, 'ar');

    expect(await screen.findByRole('heading', { level: 1, name: 'الطلبات مع «تخفيضات الربيع»' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(screen.getByText('إجمالي الخصم الممنوح').nextElementSibling).toHaveTextContent('$4.00');
    expect(screen.getByText('محرَّر')).toBeInTheDocument();
  });
});
