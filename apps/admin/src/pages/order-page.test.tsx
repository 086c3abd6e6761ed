import { REFUND_STATUSES, TIMELINE_KINDS, type AdminOrder, type AdminOrderResponse } from '@dukkan/contracts/admin-orders';
import type { ErrorResponse } from '@dukkan/contracts/common';
import type { ErrorCode } from '@dukkan/contracts/errors';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { MAIL_STATES, ORDER_MAIL_KINDS, PAYMENT_SESSION_STATES } from '../app/order-texts';
import { failure, server, sessionOf, type Answer } from '../test/api-server';
import { APPLES, CUSTOMER_ID, order, ORDER_ID, PEARS, SUPPORT, writes } from '../test/back-office';
import { renderAdmin, stubApi } from '../test/harness';
import { PROMOTION_ID } from '../test/promotions';

import { refundBodyOf } from './order/refund-dialog';

/** An order whose timeline has every kind of moment and every mail in every state, a payment session in every state and a refund in every state; all the shop's doing. */
function everyWordOrder(): AdminOrder {
  const moment = { at: '2026-11-20T09:30:00.000Z', by: null, from: null, to: null, note: null, amount: null, mailStatus: null };
  return order({
    timeline: [
      ...TIMELINE_KINDS.filter((kind) => kind !== 'mail').map((kind) => ({
        ...moment,
        kind,
        ...(kind === 'status' ? { from: 'Processing', to: 'Shipped' } : {}),
        ...(kind === 'refund' || kind === 'refund-failed' ? { amount: 10 } : {}),
      })),
      ...ORDER_MAIL_KINDS.flatMap((note) => MAIL_STATES.map((mailStatus) => ({ ...moment, kind: 'mail' as const, note, mailStatus }))),
    ],
    payments: PAYMENT_SESSION_STATES.map((status, index) => ({ _id: `pay${index}`, provider: 'sandbox', providerSessionId: `sbx_${index}`, status, amount: 40, createdAt: '2026-11-20T09:31:00.000Z' })),
    refunds: REFUND_STATUSES.map((status, index) => ({
      _id: `r${index}`,
      amount: 10,
      reason: 'سبب',
      restock: false,
      items: [],
      status,
      providerRefundId: null,
      failureMessage: null,
      by: null,
      createdAt: '2026-11-21T08:00:00.000Z',
    })),
  });
}

const PATH = `/api/admin/orders/${ORDER_ID}`;

type OrderAction = 'status' | 'cancel' | 'refunds';

/** The order at GET, and what each action answers: the order after it (which GET answers from then on), or the API's error. */
function orderApi(initial: AdminOrder, actions: Partial<Record<OrderAction, () => AdminOrder | HttpResponse<ErrorResponse>>> = {}) {
  let current = initial;
  const action = (name: OrderAction) =>
    http.post<never, never, Answer<AdminOrderResponse>>(`${PATH}/${name}`, () => {
      const outcome = actions[name]?.() ?? failure(500, 'INTERNAL', 'not stubbed');
      if (outcome instanceof Response) return outcome;
      current = outcome;
      // A refund is a new row: 201; a move or a cancellation 200.
      return HttpResponse.json({ data: current }, { status: name === 'refunds' ? 201 : 200 });
    });
  return stubApi(
    http.get<never, never, Answer<AdminOrderResponse>>(PATH, () => HttpResponse.json({ data: current })),
    action('status'),
    action('cancel'),
    action('refunds'),
  );
}

describe('order page', () => {
  it('shows the customer, address, lines, payments, refunds and the timeline with who and when', async () => {
    orderApi(
      order({
        refunded: 10,
        refundable: 30,
        paymentStatus: 'Partially refunded',
        refunds: [
          {
            _id: 'r1',
            amount: 10,
            reason: 'Bruised apple',
            restock: true,
            items: [{ productId: APPLES, quantity: 1 }],
            status: 'succeeded',
            providerRefundId: null,
            failureMessage: null,
            by: { _id: 's3', email: 'help@dukkan.test', role: 'support' },
            createdAt: '2026-11-21T08:00:00.000Z',
          },
        ],
        timeline: [
          ...order().timeline,
          { at: '2026-11-21T08:00:00.000Z', kind: 'refund', by: { _id: 's3', email: 'help@dukkan.test', role: 'support' }, from: null, to: null, note: 'Bruised apple', amount: 10, mailStatus: null },
          { at: '2026-11-21T08:00:05.000Z', kind: 'mail', by: null, from: null, to: null, note: 'order-refunded', amount: null, mailStatus: 'sent' },
        ],
      }),
    );
    await renderAdmin(`/admin/orders/${ORDER_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: `Order ${ORDER_ID}` })).toBeInTheDocument();
    expect(screen.getByText('Partially refunded')).toBeInTheDocument();
    const customer = screen.getByRole('region', { name: 'Customer' });
    expect(within(customer).getByRole('link', { name: 'shopper@example.com' })).toHaveAttribute('href', `/admin/customers/${CUSTOMER_ID}`);
    expect(within(screen.getByRole('region', { name: 'Shipping address' })).getByText('Zamalek, Cairo, 11211')).toBeInTheDocument();
    const lines = screen.getByRole('table', { name: 'Lines' });
    expect(within(lines).getByRole('row', { name: 'Apples $10.00 2 $20.00 0' })).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Payments' })).getByText('sbx_123')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Refunds' })).getByRole('row', { name: /\$10\.00 Bruised apple Yes Made help@dukkan\.test/ })).toBeInTheDocument();
    const timeline = within(screen.getByRole('region', { name: 'Timeline' })).getAllByRole('listitem').map((item) => item.textContent);
    expect(timeline).toHaveLength(5);
    expect(timeline[0]).toMatch(/Order placed — The shopper$/);
    expect(timeline[1]).toMatch(/Payment received — The shop$/);
    expect(timeline[2]).toMatch(/Status changed from “Waiting for Supplier” to “Processing” — help@dukkan\.test \(Support\)$/);
    expect(timeline[3]).toMatch(/\$10\.00 refunded — help@dukkan\.test \(Support\)Reason: Bruised apple$/);
    expect(timeline[4]).toMatch(/Mail to the shopper: order refunded \(sent\) — The shop$/);
    expect(timeline[2]).toContain('Nov 20, 2026');
  });

  it('shows the promotion’s discount in the summary, linked to the promotion, and each line’s discount and paid amount', async () => {
    const discounted = order({
      amount: 36,
      discount: 4,
      promotion: { _id: PROMOTION_ID, code: 'SPRING10', name: { en: 'Spring sale', ar: 'تخفيضات الربيع' } },
      lines: [
        { ...order().lines[0]!, discount: 2, paid: 18 },
        { ...order().lines[1]!, discount: 2, paid: 18 },
      ],
    });
    orderApi(discounted);
    const view = await renderAdmin(`/admin/orders/${ORDER_ID}`);
    const summary = await screen.findByRole('region', { name: 'Summary' });
    expect(within(summary).getByText('Discount').nextElementSibling).toHaveTextContent('$4.00 — Spring sale (SPRING10)');
    expect(within(summary).getByRole('link', { name: 'Spring sale' })).toHaveAttribute('href', `/admin/promotions/${PROMOTION_ID}`);
    const lines = screen.getByRole('table', { name: 'Lines' });
    expect(within(lines).getByRole('row', { name: 'Product Unit price Quantity Subtotal Discount Paid Returned to stock' })).toBeInTheDocument();
    expect(within(lines).getByRole('row', { name: 'Apples $10.00 2 $20.00 $2.00 $18.00 0' })).toBeInTheDocument();
    view.unmount();

    // Support staff see the promotion's name, with no link to a screen they cannot open; in Arabic.
    orderApi(discounted);
    server.use(sessionOf(SUPPORT));
    await renderAdmin(`/admin/orders/${ORDER_ID}`, 'ar');
    const arabic = await screen.findByRole('region', { name: 'ملخّص' });
    expect(within(arabic).getByText('الخصم').nextElementSibling).toHaveTextContent('$4.00 — تخفيضات الربيع (SPRING10)');
    expect(within(arabic).queryByRole('link')).toBeNull();
  });

  it('shows no discount row or columns for an order without a promotion', async () => {
    orderApi(order());
    await renderAdmin(`/admin/orders/${ORDER_ID}`);
    const summary = await screen.findByRole('region', { name: 'Summary' });
    expect(within(summary).queryByText('Discount')).toBeNull();
    expect(within(screen.getByRole('table', { name: 'Lines' })).queryByRole('columnheader', { name: 'Discount' })).toBeNull();
  });

  it('moves the order one step after confirmation, says so, and keeps focus on the action button', async () => {
    const calls = orderApi(order(), { status: () => order({ status: 'Shipped', nextStatus: 'Delivered' }) });
    const user = userEvent.setup({ delay: null });
    await renderAdmin(`/admin/orders/${ORDER_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Mark as Shipped' }));
    const dialog = await screen.findByRole('dialog', { name: `Mark order ${ORDER_ID} as Shipped?` });
    expect(dialog).toHaveTextContent('The order moves from “Processing” to “Shipped”.');
    await user.click(within(dialog).getByRole('button', { name: 'Mark as Shipped' }));
    expect(await screen.findByText('Order marked as Shipped')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes(calls)).toEqual([{ method: 'POST', path: `${PATH}/status`, body: { status: 'Shipped' } }]);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Mark as Delivered' })).toHaveFocus());
  });

  it('shows an illegal move’s 409 message inside the dialog', async () => {
    orderApi(order(), { status: () => failure(409, 'ILLEGAL_STATUS_MOVE', 'An unpaid order cannot move on') });
    const user = userEvent.setup({ delay: null });
    await renderAdmin(`/admin/orders/${ORDER_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Mark as Shipped' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Mark as Shipped' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('An unpaid order cannot move on');
  });

  it('cancels with a reason asked in a dialog; focus goes to the actions once the button is gone', async () => {
    const calls = orderApi(order({ paymentStatus: 'Pending', paidAt: null, refundable: 0, nextStatus: null, payments: [] }), {
      cancel: () => order({ status: 'Cancelled', paymentStatus: 'Cancelled', nextStatus: null, cancellable: false, refundable: 0 }),
    });
    const user = userEvent.setup({ delay: null });
    await renderAdmin(`/admin/orders/${ORDER_ID}`);
    expect(await screen.findByText('Pay by')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog', { name: `Cancel order ${ORDER_ID}?` });
    expect(dialog).toHaveTextContent('The order is cancelled and its units go back to stock.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the order' }));
    expect(await within(dialog).findByText('Required')).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);
    await user.type(within(dialog).getByRole('textbox', { name: /Reason for cancelling/ }), ' Out of stock at the supplier ');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the order' }));
    expect(await screen.findByText('Order cancelled')).toBeInTheDocument();
    expect(writes(calls)).toEqual([{ method: 'POST', path: `${PATH}/cancel`, body: { reason: 'Out of stock at the supplier' } }]);
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Actions' })).toHaveFocus());
    expect(screen.getByText('Nothing more can be done with this order.')).toBeInTheDocument();
  });

  it('refunds part of a line with restock: the amount is prefilled with what is left, the units go per line', async () => {
    const calls = orderApi(order(), {
      refunds: () => order({ refunded: 10, refundable: 30, paymentStatus: 'Partially refunded' }),
    });
    const user = userEvent.setup({ delay: null });
    await renderAdmin(`/admin/orders/${ORDER_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: `Refund order ${ORDER_ID}` });
    const amount = within(dialog).getByRole('textbox', { name: /Amount/ });
    expect(amount).toHaveValue('40.00');
    expect(within(dialog).getByText('At most $40.00, what is left to refund.')).toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: 'Return units to stock' })).toBeChecked();

    await user.clear(amount);
    await user.type(amount, '50');
    await user.type(within(dialog).getByRole('textbox', { name: /Reason for the refund/ }), 'Bruised apple');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByText('An amount above 0, at most $40.00, with at most 2 decimals')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '10');
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Units of Apples to return' }), '1');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));

    expect(await screen.findByText('$10.00 refunded')).toBeInTheDocument();
    expect(writes(calls)).toEqual([
      { method: 'POST', path: `${PATH}/refunds`, body: { amount: 10, reason: 'Bruised apple', restock: true, items: [{ productId: APPLES, quantity: 1 }] } },
    ]);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Refund' })).toHaveFocus());
  });

  it.each<[number, ErrorCode, string, string]>([
    [403, 'REFUND_NEEDS_OWNER', 'Refunds above $500.00 need the owner', 'Refunds above $500.00 need the owner'],
    [409, 'REFUND_TOO_LARGE', 'At most $40.00 can be refunded', 'At most $40.00 can be refunded'],
    [502, 'REFUND_REFUSED', 'The payment provider refused the refund: card_declined', 'The payment provider refused the refund: card_declined'],
    [502, 'REFUND_PENDING', 'The payment provider did not answer; the refund is pending', 'The payment provider did not answer; the refund is pending'],
  ])('shows a refund’s %i (%s) inline in the dialog', async (status, code, message, shown) => {
    orderApi(order(), { refunds: () => failure(status, code, message) });
    const user = userEvent.setup({ delay: null });
    await renderAdmin(`/admin/orders/${ORDER_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: /Reason for the refund/ }), 'Broken');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Return units to stock' }));
    expect(within(dialog).queryByRole('spinbutton')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(shown);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('is in Arabic: the step, the statuses and the product titles', async () => {
    orderApi(order({ paymentStatus: 'Partially refunded' }));
    await renderAdmin(`/admin/orders/${ORDER_ID}`, 'ar');
    expect(await screen.findByRole('button', { name: 'تحويل إلى «تم الشحن»' })).toBeInTheDocument();
    expect(screen.getByText('مسترد جزئيًا')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'المنتجات' })).getByRole('link', { name: 'تفاح' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
  });

  it('says every event, mail, payment state and refund state in Arabic, none as the API writes it', async () => {
    orderApi(everyWordOrder());
    await renderAdmin(`/admin/orders/${ORDER_ID}`, 'ar');
    const timeline = await screen.findByRole('region', { name: 'السجل الزمني' });
    const items = within(timeline).getAllByRole('listitem');
    expect(items).toHaveLength(TIMELINE_KINDS.length - 1 + ORDER_MAIL_KINDS.length * MAIL_STATES.length);
    // Each moment is the shop's (no staff email), so nothing in it may be in Latin letters: no `order-confirmation`, no `sent`.
    for (const item of items) expect(item.textContent).not.toMatch(/[A-Za-z]/);
    expect(items.map((item) => item.textContent)).toContainEqual(expect.stringContaining('بريد إلى المتسوّق: تأكيد الطلب (أُرسل)'));

    const payments = within(screen.getByRole('table', { name: 'المدفوعات' })).getAllByRole('row').slice(1);
    expect(payments.map((row) => within(row).getAllByRole('cell')[3]?.textContent)).toEqual(['مفتوحة (لم تُدفع بعد)', 'مكتملة (مدفوعة)', 'منتهية الصلاحية', 'ملغاة']);
    const refunds = within(screen.getByRole('table', { name: 'المبالغ المستردة' })).getAllByRole('row').slice(1);
    expect(refunds.map((row) => within(row).getAllByRole('cell')[4]?.textContent)).toEqual(['بانتظار رد مزوّد الدفع', 'تم', 'مرفوض: ']);
  });

  it('says the order-confirmation mail and a completed payment session in words in English too', async () => {
    orderApi(everyWordOrder());
    await renderAdmin(`/admin/orders/${ORDER_ID}`);
    const timeline = await screen.findByRole('region', { name: 'Timeline' });
    const texts = within(timeline).getAllByRole('listitem').map((item) => item.textContent);
    expect(texts).toContainEqual(expect.stringContaining('Mail to the shopper: order confirmation (sent)'));
    expect(texts.join('\n')).not.toContain('order-confirmation');
    const payments = within(screen.getByRole('table', { name: 'Payments' })).getAllByRole('row').slice(1);
    expect(payments.map((row) => within(row).getAllByRole('cell')[3]?.textContent)).toEqual(['Open (not paid yet)', 'Completed (paid)', 'Expired', 'Cancelled']);
  });

  it('builds the refund body: the lines with units only when restocking', () => {
    expect(refundBodyOf({ amount: '12.50', reason: ' r ', restock: true, units: { [APPLES]: '2', [PEARS]: '' } })).toEqual({ amount: 12.5, reason: 'r', restock: true, items: [{ productId: APPLES, quantity: 2 }] });
    expect(refundBodyOf({ amount: '5', reason: 'r', restock: true, units: { [APPLES]: '0' } })).toEqual({ amount: 5, reason: 'r', restock: true });
    expect(refundBodyOf({ amount: '5', reason: 'r', restock: false, units: { [APPLES]: '2' } })).toEqual({ amount: 5, reason: 'r', restock: false });
  });
});
