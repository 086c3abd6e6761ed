import type { CheckoutSessionResponse, Order } from '@dukkan/contracts/orders';
import type { SignInResponse } from '@dukkan/contracts/users';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from 'i18next';
import { http, HttpResponse, type RequestHandler } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import buttonsSource from '../../../public/payments/buttons.js?raw';
import { leavePageFor } from '../../lib/leave-page';
import { API, type Answer, failure, ordersAnswer, type RecordedRequest } from '../../test/api-server';
import { SHOPPER_ID, shopper, signInShopper, tokenFor } from '../../test/fixtures';
import { order, shopperOrder } from '../../test/orders';
import { renderApp } from '../../test/render';
import { mockShop } from '../../test/shop-server';

vi.mock('../../lib/leave-page', () => ({ leavePageFor: vi.fn() }));

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

const TO_PAY = order(1, { amount: 27.75, count: 3, payBy: inMinutes(20) });
const PAID = order(2, { amount: 99, paymentStatus: 'Paid', payBy: null });
const TIME_UP = order(3, { amount: 12, payBy: inMinutes(-1) });
const EXPIRED = order(4, { amount: 15, status: 'Cancelled', paymentStatus: 'Expired', payBy: null });

/** The shop (cart, categories), the shopper's upcoming orders and the checkout-session endpoint. */
function mockPayment({
  coming = [TO_PAY, PAID, TIME_UP, EXPIRED],
  session = () => HttpResponse.json({ url: '/pay/sess_1' }),
  also = [],
}: { coming?: Order[]; session?: () => HttpResponse<Answer<CheckoutSessionResponse>>; also?: RequestHandler[] } = {}) {
  const orders = [
    ordersAnswer('coming', SHOPPER_ID, coming.map((placed) => shopperOrder(placed))),
    http.post<never, never, Answer<CheckoutSessionResponse>>(`${API}/stripe/create-checkout-session`, session),
  ];
  return mockShop({ also: [...orders, ...also] });
}

function paymentScript(): HTMLScriptElement | null {
  return document.querySelector<HTMLScriptElement>('script[data-dukkan-payments]');
}

/** jsdom loads no scripts: run the served file and fire the element's `load`, as a browser would. */
async function scriptLoads() {
  await waitFor(() => expect(paymentScript()).not.toBeNull());
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the test plays the browser running a served file
  const run = new Function(buttonsSource) as () => void;
  run();
  paymentScript()!.dispatchEvent(new Event('load'));
}

async function scriptFails() {
  await waitFor(() => expect(paymentScript()).not.toBeNull());
  paymentScript()!.dispatchEvent(new Event('error'));
}

const sessionPosts = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.method === 'POST' && r.url.pathname === '/api/stripe/create-checkout-session');

describe('/payment', () => {
  beforeEach(() => {
    vi.mocked(leavePageFor).mockClear();
  });

  afterEach(() => {
    paymentScript()?.remove();
    delete window.DukkanPayments;
  });

  it('asks a guest to sign in, with a link that comes back, and loads nothing', async () => {
    const { requests } = mockPayment();
    renderApp('/payment');
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders waiting for payment' })).toBeInTheDocument();
    expect(screen.getByText('Sign in to see and pay your orders waiting for payment.')).toBeInTheDocument();
    const signIn = within(screen.getByRole('main')).getByRole('link', { name: 'Sign in' });
    expect(signIn).toHaveAttribute('href', '/login');
    expect(requests.some((r) => r.url.pathname.startsWith('/api/orders'))).toBe(false);
    expect(paymentScript()).toBeNull();
  });

  it('brings the guest back to /payment after signing in', async () => {
    const user = userEvent.setup();
    const token = tokenFor({ id: SHOPPER_ID, name: 'Mona Adel' });
    mockPayment({ also: [http.post<never, never, Answer<SignInResponse>>(`${API}/users/signin`, () => HttpResponse.json({ token, data: shopper() }))] });
    renderApp('/payment');
    await user.click(within(await screen.findByRole('main')).getByRole('link', { name: 'Sign in' }));
    await user.type(await screen.findByLabelText(/^Email/), 'mona@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'a-password');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders waiting for payment' })).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Orders waiting for payment' })).toBeInTheDocument();
  });

  it("lists only the orders waiting for payment, with the provider's Pay now, which opens the payment page", async () => {
    const user = userEvent.setup();
    signInShopper();
    const { requests } = mockPayment();
    renderApp('/payment');

    const list = await screen.findByRole('list', { name: 'Orders waiting for payment' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(1);
    const card = cards[0]!;
    expect(within(card).getByRole('heading', { level: 2, name: 'Order placed Nov 23, 2026' })).toBeInTheDocument();
    expect(card).toHaveTextContent('$27.75');
    expect(card).toHaveTextContent('3 items');
    expect(card).toHaveTextContent(/Pay by \d{1,2}:\d{2}\s[AP]M/);
    // While the provider's script loads, a progress indicator holds the button's place.
    expect(within(card).getByRole('progressbar', { name: 'Loading the payment button' })).toBeInTheDocument();
    const script = paymentScript() ?? (await waitFor(() => paymentScript()!));
    expect(new URL(script.src).pathname).toBe('/payments/buttons.js');
    expect(Object.fromEntries(new URL(script.src).searchParams)).toEqual({ 'client-id': 'dukkan', currency: 'USD', intent: 'capture' });

    await scriptLoads();
    const pay = await within(card).findByRole('button', { name: 'Pay now, order of $27.75' });
    expect(pay).toHaveTextContent(/^Pay now$/);
    expect(pay).toHaveClass('dukkan-pay-button');
    expect(within(card).queryByRole('progressbar')).not.toBeInTheDocument();

    await user.click(pay);
    await waitFor(() => expect(leavePageFor).toHaveBeenCalledWith('/pay/sess_1'));
    const [post] = sessionPosts(requests);
    expect(JSON.parse(post!.body)).toMatchObject({ order: { _id: TO_PAY._id }, userId: SHOPPER_ID });
    expect(sessionPosts(requests)).toHaveLength(1);
  });

  it("falls back to a plain Pay now when the provider's script cannot load, and says why", async () => {
    const user = userEvent.setup();
    signInShopper();
    const { requests } = mockPayment();
    renderApp('/payment');
    await screen.findByRole('list', { name: 'Orders waiting for payment' });
    await scriptFails();

    expect(await screen.findByRole('status')).toHaveTextContent("Failed to load the payment provider's script.");
    const pay = await screen.findByRole('button', { name: 'Pay now, order of $27.75' });
    expect(pay).not.toHaveClass('dukkan-pay-button');
    expect(pay).toHaveTextContent(/^Pay now$/);
    await user.click(pay);
    await waitFor(() => expect(leavePageFor).toHaveBeenCalledWith('/pay/sess_1'));
    expect(sessionPosts(requests)).toHaveLength(1);
  });

  it("shows the server's refusal, keeps the button usable and reads the list again", async () => {
    const user = userEvent.setup();
    signInShopper();
    const { requests } = mockPayment({ session: () => failure(409, 'ORDER_ALREADY_PAID', 'This order is already paid') });
    renderApp('/payment');
    await screen.findByRole('list', { name: 'Orders waiting for payment' });
    await scriptLoads();
    const listReads = () => requests.filter((r) => r.url.pathname === `/api/orders/coming/${SHOPPER_ID}`).length;
    const readsBefore = listReads();

    await user.click(await screen.findByRole('button', { name: 'Pay now, order of $27.75' }));
    expect(await screen.findByText('This order is already paid')).toBeInTheDocument();
    expect(leavePageFor).not.toHaveBeenCalled();
    await waitFor(() => expect(listReads()).toBeGreaterThan(readsBefore));
    expect(await screen.findByRole('button', { name: 'Pay now, order of $27.75' })).not.toHaveAttribute('aria-disabled');
  });

  it("says 'You have no orders waiting for payment.' when nothing is left to pay", async () => {
    signInShopper();
    mockPayment({ coming: [PAID, TIME_UP, EXPIRED] });
    renderApp('/payment');
    expect(await screen.findByText('You have no orders waiting for payment.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay now/ })).not.toBeInTheDocument();
  });

  it('is in Arabic, right to left, with the same accessible shape', async () => {
    await changeLanguage('ar');
    signInShopper();
    mockPayment();
    renderApp('/payment');
    expect(await screen.findByRole('heading', { level: 1, name: 'طلبات بانتظار الدفع' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    await screen.findByRole('list', { name: 'طلبات بانتظار الدفع' });
    await scriptLoads();
    const pay = await screen.findByRole('button', { name: 'ادفع الآن، طلب بقيمة $27.75' });
    expect(pay).toHaveTextContent(/^ادفع الآن$/);
  });
});
