import type { ErrorCode } from '@dukkan/contracts/errors';
import type { CheckoutSessionResponse, Order, OrderResponse, PaymentStatus } from '@dukkan/contracts/orders';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { changeLanguage } from 'i18next';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { leavePageFor } from '../../lib/leave-page';
import { API, type Answer, failure } from '../../test/api-server';
import { SHOPPER_ID, signInShopper } from '../../test/fixtures';
import { order, shopperOrder } from '../../test/orders';
import { renderApp } from '../../test/render';
import { cartProduct, mockShop } from '../../test/shop-server';

import { PAYMENT_POLL_LIMIT_MS } from './checkout-success-page';

vi.mock('../../lib/leave-page', () => ({ leavePageFor: vi.fn() }));

const PLACED = order(1, { amount: 27.75 });
const olive = cartProduct(1, { title: 'Olive oil', price: 7.5 });
const SUCCESS = 'Your checkout was successful!';

/** An answer the API refuses with. */
type Refusal = { status: number; code: ErrorCode; message: string };

const refuse = ({ status, code, message }: Refusal) => failure(status, code, message);

/**
 * The order answers `answers` to successive reads (the last one repeats): a payment status, or
 * a refusal. When it answers Paid, the cart has been emptied, as the API's webhook does.
 * `sessionAnswer` answers 'Pay now' (POST /api/stripe/create-checkout-session).
 */
function mockOrder(answers: (PaymentStatus | Partial<Order> | Refusal)[], sessionAnswer: CheckoutSessionResponse | Refusal = { url: '/pay/sess_1' }) {
  let reads = 0;
  const session = http.post<never, never, Answer<CheckoutSessionResponse>>(`${API}/stripe/create-checkout-session`, () =>
    'code' in sessionAnswer ? refuse(sessionAnswer) : HttpResponse.json(sessionAnswer),
  );
  const orders = http.get<never, never, Answer<OrderResponse>>(`${API}/orders/${PLACED._id}`, () => {
    const next = answers[Math.min(reads, answers.length - 1)]!;
    reads += 1;
    if (typeof next === 'object' && 'code' in next) return refuse(next);
    const changes: Partial<Order> = typeof next === 'string' ? { paymentStatus: next } : next;
    if (changes.paymentStatus === 'Paid') shop.state.lines = [];
    const answer: Order = { ...PLACED, ...changes };
    return HttpResponse.json({ order: [shopperOrder({ ...answer, payBy: answer.paymentStatus === 'Pending' ? PLACED.payBy : null })] });
  });
  const shop = mockShop({ lines: [{ product: olive, quantity: 2, priceWhenAdded: 7.5 }], also: [session, orders] });
  return shop;
}

const orderReads = (requests: { url: URL }[]) => requests.filter((r) => r.url.pathname === `/api/orders/${PLACED._id}`).length;

const heading = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name });

describe('/checkoutSuccess', () => {
  beforeEach(() => {
    vi.mocked(leavePageFor).mockClear();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('says there is no order to show, and claims no success, without an order to follow', async () => {
    signInShopper();
    const { requests } = mockShop();
    renderApp('/checkoutSuccess');
    expect(await heading('There is no order to show here')).toBeInTheDocument();
    expect(screen.queryByText(SUCCESS)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See your orders' })).toHaveAttribute('href', '/userprofile/upcomingOrders');
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(requests.some((r) => r.url.pathname.startsWith('/api/orders'))).toBe(false);
  });

  it('shows the order as being confirmed until the payment arrives, then as successful with its total, and the cart badge at 0', async () => {
    signInShopper();
    const { requests } = mockOrder(['Pending', 'Pending', 'Paid']);
    renderApp(`/checkoutSuccess?order=${PLACED._id}`);
    expect(await screen.findByRole('link', { name: 'Cart, 2 items' })).toBeInTheDocument();

    expect(await heading("We're confirming your payment…")).toBeInTheDocument();
    const status = screen.getByRole('status');
    expect(status).not.toHaveTextContent(SUCCESS);
    expect(screen.getByRole('link', { name: 'View your order' })).toHaveAttribute('href', `/Order/${PLACED._id}`);

    // Polled every second: Pending, Pending, then Paid; the same live region says so.
    await waitFor(() => expect(status).toHaveTextContent('Payment received'), { timeout: 6000 });
    expect(screen.getByRole('heading', { level: 1, name: SUCCESS })).toBeInTheDocument();
    expect(document.title).toContain(SUCCESS);
    expect(status).toHaveTextContent('Order total: $27.75');
    expect(status).not.toHaveTextContent('confirming');
    expect(screen.getByRole('link', { name: 'View your order' })).toHaveAttribute('href', `/Order/${PLACED._id}`);
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(orderReads(requests)).toBe(3);
    // The payment emptied the cart: it is read again and the header says so.
    expect(await screen.findByRole('link', { name: 'Cart, 0 items' })).toBeInTheDocument();

    // Paid is final: the polling has stopped.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(orderReads(requests)).toBe(3);
  });

  it("says an order still unpaid after the wait is not paid, and 'Pay now' reopens the card page", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signInShopper();
    const { requests } = mockOrder(['Pending']);
    renderApp(`/checkoutSuccess?order=${PLACED._id}`);
    expect(await heading("We're confirming your payment…")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay now' })).not.toBeInTheDocument();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(PAYMENT_POLL_LIMIT_MS);
    });
    expect(await heading("Your order isn't paid yet")).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(/If not, pay for it by \d{1,2}:\d{2}\s?[AP]M/);
    expect(screen.queryByText(SUCCESS)).not.toBeInTheDocument();
    // No more asking once the wait is over.
    const reads = orderReads(requests);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3000);
    });
    expect(orderReads(requests)).toBe(reads);

    const pay = screen.getByRole('button', { name: 'Pay now' });
    fireEvent.click(pay);
    await waitFor(() => expect(leavePageFor).toHaveBeenCalledWith('/pay/sess_1'));
    const session = requests.find((r) => r.url.pathname === '/api/stripe/create-checkout-session')!;
    expect(JSON.parse(session.body)).toMatchObject({ order: { _id: PLACED._id }, userId: SHOPPER_ID });
    // Busy on the way out, and still focusable.
    expect(screen.getByRole('button', { name: 'Opening the payment page…' })).toHaveAttribute('aria-disabled', 'true');
  });

  it("says so when 'Pay now' is refused, reads the order again and moves the focus to what the page now says", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signInShopper();
    // Pending until the wait is over; paid by the time 'Pay now' is pressed.
    const answers: PaymentStatus[] = ['Pending'];
    mockOrder(answers, { status: 409, code: 'ORDER_ALREADY_PAID', message: 'This order is already paid.' });
    renderApp(`/checkoutSuccess?order=${PLACED._id}`);
    expect(await heading("We're confirming your payment…")).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(PAYMENT_POLL_LIMIT_MS);
    });
    const pay = await screen.findByRole('button', { name: 'Pay now' });
    answers.push('Paid');
    pay.focus();
    fireEvent.click(pay);
    expect(await screen.findByText('This order is already paid.')).toBeInTheDocument();
    const title = await heading(SUCCESS);
    await waitFor(() => expect(title).toHaveFocus());
    expect(leavePageFor).not.toHaveBeenCalled();
  });

  it('says an expired or cancelled order was not paid, offers the cart, and stops asking', async () => {
    signInShopper();
    const { requests } = mockOrder([{ paymentStatus: 'Cancelled', status: 'Cancelled' }]);
    renderApp(`/checkoutSuccess?order=${PLACED._id}`);
    expect(await heading('This order was not paid')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('It was cancelled, so nothing was charged. You can place it again from your cart.');
    expect(screen.getByRole('link', { name: 'Go to your cart' })).toHaveAttribute('href', '/cart');
    expect(screen.getByRole('link', { name: 'View your order' })).toHaveAttribute('href', `/Order/${PLACED._id}`);
    expect(screen.queryByRole('button', { name: 'Pay now' })).not.toBeInTheDocument();
    expect(screen.queryByText(SUCCESS)).not.toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 1300));
    expect(orderReads(requests)).toBe(1);
  });

  it('says a paid order that was then cancelled is refunded, not successful', async () => {
    signInShopper();
    mockOrder([{ paymentStatus: 'Paid', status: 'Cancelled' }]);
    renderApp(`/checkoutSuccess?order=${PLACED._id}`);
    expect(await heading('This order was cancelled')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('the payment will be refunded');
    expect(screen.queryByText(SUCCESS)).not.toBeInTheDocument();
  });

  it("says when the order cannot be found (also another account's: the API answers 404), with the way to the cart", async () => {
    signInShopper();
    mockOrder([{ status: 404, code: 'ORDER_NOT_FOUND', message: 'Order not found' }]);
    const first = renderApp(`/checkoutSuccess?order=${PLACED._id}`);
    expect(await heading("We couldn't find this order")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your cart' })).toHaveAttribute('href', '/cart');
    expect(screen.queryByText(SUCCESS)).not.toBeInTheDocument();
    first.unmount();
  });

  it('offers to try again when the order could not be read', async () => {
    signInShopper();
    mockOrder([{ status: 500, code: 'INTERNAL', message: 'Internal error' }, 'Paid']);
    renderApp(`/checkoutSuccess?order=${PLACED._id}`);
    expect(await heading("We couldn't check your payment")).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await heading(SUCCESS)).toBeInTheDocument();
  });

  it('asks a guest to sign in, with a link that comes back, and asks nothing about the order', async () => {
    const { requests } = mockOrder(['Paid']);
    renderApp(`/checkoutSuccess?order=${PLACED._id}`);
    expect(await heading('Sign in to see your order')).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    await waitFor(() => expect(requests.some((r) => r.url.pathname === '/api/categories/')).toBe(true));
    expect(orderReads(requests)).toBe(0);
    expect(screen.queryByText(SUCCESS)).not.toBeInTheDocument();
  });

  it('is in Arabic, the success only for a paid order', async () => {
    signInShopper();
    await changeLanguage('ar');
    mockOrder(['Paid']);
    renderApp(`/checkoutSuccess?order=${PLACED._id}`);
    expect(await heading('تمت عملية الشراء بنجاح!')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('إجمالي الطلب: $27.75');
  });
});
