import type { CheckoutSessionResponse, PlaceOrderResponse } from '@dukkan/contracts/orders';
import type { Address, AddressInput, UserResponse } from '@dukkan/contracts/users';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from 'i18next';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { leavePageFor } from '../../lib/leave-page';
import { API, type Answer, failure, type RecordedRequest, server } from '../../test/api-server';
import { SHOPPER_ID, shopper, signInShopper } from '../../test/fixtures';
import { order, savedAddress } from '../../test/orders';
import { renderApp } from '../../test/render';
import { cartProduct, mockShop, type FixtureLine } from '../../test/shop-server';

vi.mock('../../lib/leave-page', () => ({ leavePageFor: vi.fn() }));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

// Olive oil was added at $8.00 and costs $7.50 now; Dates are reduced from $5.00.
const olive = cartProduct(1, { title: 'Olive oil', price: 7.5, quantity: 3 });
const dates = cartProduct(2, { title: 'Dates', price: 4.25, listPrice: 5, quantity: 10 });
const LINES: FixtureLine[] = [
  { product: olive, quantity: 2, priceWhenAdded: 8 },
  { product: dates, quantity: 3, priceWhenAdded: 4.25 },
];
const home = savedAddress(1, { street: '26th of July St.' });
const work = savedAddress(2, { fullName: 'Mona at work', street: 'Pyramids Rd.', city: 'Giza' });
const PLACED = order(1, { amount: 27.75 });

interface CheckoutServer {
  book?: Address[];
  lines?: FixtureLine[];
  /** Answers to successive POST /api/orders (the last one repeats). */
  placeAnswers?: (() => HttpResponse<Answer<PlaceOrderResponse>>)[];
  /** Answers to successive POST /api/stripe/create-checkout-session (the last one repeats). */
  sessionAnswers?: (() => HttpResponse<Answer<CheckoutSessionResponse>>)[];
}

/** The cart (mockShop), the shopper's address book and the orders and payment endpoints, in memory. */
function mockCheckout({ book = [], lines = LINES, placeAnswers, sessionAnswers }: CheckoutServer = {}) {
  let addresses = book;
  let placed = 0;
  let sessions = 0;
  const next = <T,>(answers: (() => T)[], index: number) => answers[Math.min(index, answers.length - 1)]!();
  const accounts = [
    http.get<never, never, Answer<UserResponse>>(`${API}/users/${SHOPPER_ID}`, () => HttpResponse.json({ data: shopper({ addressBook: addresses }) })),
    http.put<never, AddressInput[], Answer<UserResponse>>(`${API}/users/address/${SHOPPER_ID}`, async ({ request }) => {
      const sent = (await request.json()) as Address[];
      addresses = sent.map((address, index) => ({ ...address, _id: address._id ?? `00000000-0000-4000-8000-00000000060${index}` }));
      return HttpResponse.json({ data: shopper({ addressBook: addresses }) });
    }),
  ];
  const orders = [
    http.post<never, never, Answer<PlaceOrderResponse>>(`${API}/orders`, () =>
      next(placeAnswers ?? [() => HttpResponse.json({ data: PLACED }, { status: 201 })], placed++),
    ),
    http.post<never, never, Answer<CheckoutSessionResponse>>(`${API}/stripe/create-checkout-session`, () =>
      next(sessionAnswers ?? [() => HttpResponse.json({ url: '/pay/sess_1' })], sessions++),
    ),
  ];
  return mockShop({ lines, also: [...accounts, ...orders] });
}

const orderPosts = (requests: RecordedRequest[]) => requests.filter((r) => r.method === 'POST' && r.url.pathname === '/api/orders');
const sessionPosts = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.method === 'POST' && r.url.pathname === '/api/stripe/create-checkout-session');

async function placeOrderButton() {
  return screen.findByRole('button', { name: 'Place Order' });
}

describe('/checkout', () => {
  beforeEach(() => {
    vi.mocked(leavePageFor).mockClear();
  });

  it("tells a guest 'Please login first!' and shows no checkout, only a way to sign in", async () => {
    const { requests } = mockCheckout({ book: [home] });
    renderApp('/checkout');
    expect(await screen.findByText('Please login first!')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Checkout' })).toBeInTheDocument();
    expect(screen.getByText('Please sign in to check out.')).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: 'Place Order' })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(requests.some((r) => r.url.pathname.startsWith('/api/users') || r.url.pathname.startsWith('/api/orders'))).toBe(false);
  });

  it('opens with the shipping section: arrival dates, the saved addresses with radios, the lines and the summary', async () => {
    signInShopper();
    mockCheckout({ book: [home, work] });
    renderApp('/checkout');

    const section = await screen.findByRole('button', { name: /^1\. Free shipping, arrives between \w{3}, \w{3} \d{1,2}—\w{3}, \w{3} \d{1,2}$/ });
    expect(section).toHaveAttribute('aria-expanded', 'true');
    const radios = await screen.findAllByRole('radio');
    expect(radios).toHaveLength(2);
    expect(screen.getByRole('radiogroup', { name: 'Shipping address' })).toBeRequired();
    expect(screen.getByRole('radio', { name: /^Mona Adel 26th of July St\., Zamalek, Cairo, Egypt/ })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: /^Mona at work Pyramids Rd\./ })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'add New' })).toBeInTheDocument();

    const lines = screen.getByRole('list', { name: 'Items in your order' });
    expect(within(lines).getAllByRole('listitem')).toHaveLength(2);
    // The order is placed at today's price, and the shopper is told it changed.
    expect(within(lines).getAllByRole('listitem')[0]).toHaveTextContent('Price changed from $8.00');
    expect(within(lines).getAllByRole('listitem')[0]).toHaveTextContent('$15.00');

    const summary = screen.getByRole('region', { name: 'Order summary' });
    expect(summary).toHaveTextContent('Subtotal (5 items)$27.75');
    expect(summary).toHaveTextContent('Savings−$2.25');
    expect(summary).toHaveTextContent('Total$27.75');
    // The savings are already in the subtotal: the note under the total says so.
    const note = within(summary).getByText(/^You save/);
    expect(note).toHaveTextContent(/^You save \$2\.25 \(included in the subtotal\)$/);
    expect(note.tagName).toBe('DD');
    // The amount is isolated left-to-right, so an Arabic sentence keeps its $ in front.
    expect(within(note).getByText('$2.25').tagName).toBe('BDI');
    expect(note.parentElement).toHaveTextContent(/^Total\$27\.75You save/);
    expect(summary).toHaveTextContent('ShippingFree');
    expect(summary).toHaveTextContent('TaxesPending');
    expect(summary).toHaveTextContent('Estimated total$27.75');
    // A button, not a link to '/'.
    const place = within(summary).getByRole('button', { name: 'Place Order' });
    expect(place.closest('a')).toBeNull();
  });

  it('shows −$0.00 savings when nothing is reduced', async () => {
    signInShopper();
    mockCheckout({ book: [home], lines: [LINES[0]!] });
    renderApp('/checkout');
    const summary = await screen.findByRole('region', { name: 'Order summary' });
    expect(summary).toHaveTextContent('Savings−$0.00');
    expect(summary).not.toHaveTextContent('You save');
  });

  it('refuses to place an order before an address is chosen, says why, and moves focus to the addresses', async () => {
    const user = userEvent.setup();
    signInShopper();
    const { requests } = mockCheckout({ book: [home, work] });
    renderApp('/checkout');
    await screen.findAllByRole('radio');
    await user.click(await placeOrderButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Please choose a shipping address');
    expect(screen.getByRole('radiogroup', { name: 'Shipping address' })).toHaveAccessibleDescription('Please choose a shipping address');
    expect(screen.getByRole('radio', { name: /^Mona Adel/ })).toHaveFocus();
    expect(orderPosts(requests)).toHaveLength(0);

    await user.click(screen.getByRole('radio', { name: /^Mona at work/ }));
    expect(screen.queryByText('Please choose a shipping address', { selector: '[role="alert"]' })).not.toBeInTheDocument();
  });

  it('places the draft with an Idempotency-Key, then opens the card page of the session', async () => {
    const user = userEvent.setup();
    signInShopper();
    const { requests } = mockCheckout({ book: [home, work] });
    const { store } = renderApp('/checkout');
    await user.click(await screen.findByRole('radio', { name: /^Mona at work/ }));
    expect(store.getState().checkOut.shippingAddress).toEqual(work);
    await user.click(await placeOrderButton());

    await waitFor(() => expect(leavePageFor).toHaveBeenCalledWith('/pay/sess_1'));
    const [post] = orderPosts(requests);
    expect(post!.headers.get('Idempotency-Key')).toMatch(UUID);
    expect(JSON.parse(post!.body)).toEqual({
      userId: SHOPPER_ID,
      amount: 27.75,
      status: 'Waiting for Supplier',
      shippingAddress: work,
      items: [
        { _id: olive._id, title: 'Olive oil', thumbnail: olive.thumbnail, description: olive.description, quantity: 2, price: 7.5 },
        { _id: dates._id, title: 'Dates', thumbnail: dates.thumbnail, description: dates.description, quantity: 3, price: 4.25 },
      ],
    });
    const [session] = sessionPosts(requests);
    expect(JSON.parse(session!.body)).toEqual({ order: PLACED, userId: SHOPPER_ID });
    expect(requests.indexOf(session!)).toBeGreaterThan(requests.indexOf(post!));
    // On its way out the button stays busy, so nothing is placed twice.
    expect(screen.getByRole('button', { name: 'Placing your order…' })).toBeDisabled();
  });

  it("shows the server's reason when the stock is short, leaves the cart alone and stays", async () => {
    const user = userEvent.setup();
    signInShopper();
    const { requests, state } = mockCheckout({
      book: [home],
      placeAnswers: [() => failure(409, 'NOT_ENOUGH_STOCK', 'Only 2 left of Olive oil')],
    });
    renderApp('/checkout');
    await user.click(await screen.findByRole('radio', { name: /^Mona Adel/ }));
    await user.click(await placeOrderButton());

    expect(await screen.findByText('Only 2 left of Olive oil')).toBeInTheDocument();
    expect(leavePageFor).not.toHaveBeenCalled();
    expect(sessionPosts(requests)).toHaveLength(0);
    expect(requests.some((r) => r.url.pathname.startsWith('/api/cart') && r.method !== 'GET')).toBe(false);
    expect(state.lines).toHaveLength(2);
    expect(await placeOrderButton()).toBeEnabled();
  });

  it('places one order for a double click, busy until the card page opens', async () => {
    const user = userEvent.setup();
    signInShopper();
    const { requests } = mockCheckout({ book: [home] });
    // Hold the order's answer, so the second click lands while the first is in flight.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.post(`${API}/orders`, async () => {
        await held;
        // Then answered by the handlers after this one.
        return undefined;
      }),
    );
    renderApp('/checkout');
    await user.click(await screen.findByRole('radio', { name: /^Mona Adel/ }));
    const place = await placeOrderButton();
    fireEvent.click(place);
    fireEvent.click(place);
    expect(screen.getByRole('button', { name: 'Placing your order…' })).toBeDisabled();
    release();
    await waitFor(() => expect(leavePageFor).toHaveBeenCalledTimes(1));
    expect(orderPosts(requests)).toHaveLength(1);
    expect(sessionPosts(requests)).toHaveLength(1);
  });

  it('retries with the same Idempotency-Key after the card page could not be opened', async () => {
    const user = userEvent.setup();
    signInShopper();
    const { requests } = mockCheckout({
      book: [home],
      sessionAnswers: [() => failure(503, 'INTERNAL', 'The payment provider is not answering'), () => HttpResponse.json({ url: '/pay/sess_2' })],
    });
    renderApp('/checkout');
    await user.click(await screen.findByRole('radio', { name: /^Mona Adel/ }));
    await user.click(await placeOrderButton());
    expect(await screen.findByText('The payment provider is not answering')).toBeInTheDocument();
    expect(leavePageFor).not.toHaveBeenCalled();

    await user.click(await placeOrderButton());
    await waitFor(() => expect(leavePageFor).toHaveBeenCalledWith('/pay/sess_2'));
    const [first, second] = orderPosts(requests);
    expect(second!.headers.get('Idempotency-Key')).toBe(first!.headers.get('Idempotency-Key'));
  });

  it("adds the first address in the dialog, selects it and places the order with it", async () => {
    const user = userEvent.setup();
    signInShopper();
    const { requests } = mockCheckout({ book: [] });
    renderApp('/checkout');
    expect(await screen.findByText('You have no saved address yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add an address now' }));

    const dialog = await screen.findByRole('dialog', { name: 'Add a new address' });
    expect(within(dialog).getByRole('checkbox', { name: 'Use this address for payment details' })).toBeChecked();
    const values: [RegExp, string][] = [
      [/^Full name/, 'Mona Adel'],
      [/^Phone number/, '01001234567'],
      [/^Country/, 'Egypt'],
      [/^City/, 'Giza'],
      [/^Street/, 'Pyramids Rd.'],
      [/^Floor/, '2'],
      [/^Apartment/, '5'],
      [/^Zip code/, '12511'],
    ];
    for (const [label, value] of values) await user.type(within(dialog).getByLabelText(label), value);
    await user.click(within(dialog).getByRole('button', { name: 'Save address' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const put = requests.find((r) => r.method === 'PUT')!;
    expect(JSON.parse(put.body)).toEqual([expect.objectContaining({ city: 'Giza', street: 'Pyramids Rd.', zipCode: '12511' })]);
    const radio = await screen.findByRole('radio', { name: /^Mona Adel Pyramids Rd\./ });
    expect(radio).toBeChecked();
    await waitFor(() => expect(radio).toHaveFocus());

    await user.click(await placeOrderButton());
    await waitFor(() => expect(leavePageFor).toHaveBeenCalled());
    const body = JSON.parse(orderPosts(requests)[0]!.body) as { shippingAddress: Address };
    expect(body.shippingAddress).toMatchObject({ _id: '00000000-0000-4000-8000-000000000600', city: 'Giza' });
  });

  it("offers 'add New' beside 'Add an address now' when no address is saved; it opens the same dialog", async () => {
    const user = userEvent.setup();
    signInShopper();
    const { requests } = mockCheckout({ book: [] });
    renderApp('/checkout');
    expect(await screen.findByText('You have no saved address yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add an address now' })).toBeEnabled();
    const addNew = screen.getByRole('button', { name: 'add New' });
    await waitFor(() => expect(addNew).toBeEnabled());
    await user.click(addNew);

    const dialog = await screen.findByRole('dialog', { name: 'Add a new address' });
    for (const [label, value] of [
      [/^Full name/, 'Sara Adel'],
      [/^Phone number/, '01001234568'],
      [/^Country/, 'Egypt'],
      [/^City/, 'Alexandria'],
      [/^Street/, 'Corniche'],
      [/^Floor/, '1'],
      [/^Apartment/, '2'],
      [/^Zip code/, '21500'],
    ] as const) {
      await user.type(within(dialog).getByLabelText(label), value);
    }
    await user.click(within(dialog).getByRole('button', { name: 'Save address' }));
    const added = await screen.findByRole('radio', { name: /^Sara Adel Corniche/ });
    await waitFor(() => expect(added).toBeChecked());
    await waitFor(() => expect(added).toHaveFocus());
    const put = requests.find((r) => r.method === 'PUT')!;
    expect(JSON.parse(put.body)).toEqual([expect.objectContaining({ city: 'Alexandria', street: 'Corniche' })]);
    // With an address saved, 'add New' stays and the prompt goes.
    expect(screen.getByRole('button', { name: 'add New' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Add an address now' })).not.toBeInTheDocument();
  });

  it("keeps 'add New' unusable while the address book cannot be read, so a new address never replaces the saved ones", async () => {
    signInShopper();
    const unreadable = http.get(`${API}/users/${SHOPPER_ID}`, () => failure(500, 'INTERNAL', 'Down'));
    mockShop({ lines: LINES, also: [unreadable] });
    renderApp('/checkout');
    expect(await screen.findByText("We couldn't load your addresses.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'add New' })).toBeDisabled();
  });

  it("adds another address with 'add New' and selects it instead of the chosen one", async () => {
    const user = userEvent.setup();
    signInShopper();
    mockCheckout({ book: [home] });
    renderApp('/checkout');
    await user.click(await screen.findByRole('radio', { name: /^Mona Adel 26th/ }));
    await user.click(screen.getByRole('button', { name: 'add New' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a new address' });
    for (const [label, value] of [
      [/^Full name/, 'Sara Adel'],
      [/^Phone number/, '01001234568'],
      [/^Country/, 'Egypt'],
      [/^City/, 'Alexandria'],
      [/^Street/, 'Corniche'],
      [/^Floor/, '1'],
      [/^Apartment/, '2'],
      [/^Zip code/, '21500'],
    ] as const) {
      await user.type(within(dialog).getByLabelText(label), value);
    }
    await user.click(within(dialog).getByRole('button', { name: 'Save address' }));
    const added = await screen.findByRole('radio', { name: /^Sara Adel Corniche/ });
    await waitFor(() => expect(added).toBeChecked());
    expect(screen.getByRole('radio', { name: /^Mona Adel 26th/ })).not.toBeChecked();
  });

  it('closes the dialog with Cancel, sends nothing and gives focus back to the button that opened it', async () => {
    const user = userEvent.setup();
    signInShopper();
    const { requests } = mockCheckout({ book: [home] });
    renderApp('/checkout');
    const addNew = await screen.findByRole('button', { name: 'add New' });
    await user.click(addNew);
    const dialog = await screen.findByRole('dialog', { name: 'Add a new address' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(addNew).toHaveFocus());
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);
  });

  it('says the cart is empty, links to the shop and offers no Place Order', async () => {
    signInShopper();
    mockCheckout({ book: [home], lines: [] });
    renderApp('/checkout');
    expect(await screen.findByText('Your cart is empty!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Place Order' })).not.toBeInTheDocument();
  });

  it('is in Arabic, right to left, with the amounts still written $27.75', async () => {
    signInShopper();
    await changeLanguage('ar');
    mockCheckout({ book: [home] });
    renderApp('/checkout');
    expect(await screen.findByRole('heading', { level: 1, name: 'إتمام الشراء' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(await screen.findByRole('button', { name: /^1\. شحن مجاني، يصل بين / })).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByRole('radiogroup', { name: 'عنوان الشحن' })).toBeInTheDocument();
    // The address line's parts are joined with the Arabic comma.
    expect(screen.getByRole('radio', { name: /^Mona Adel 26th of July St\.، Zamalek، Cairo، Egypt/ })).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: 'ملخص الطلب' });
    expect(summary).toHaveTextContent('الإجمالي التقديري$27.75');
    expect(summary).toHaveTextContent('توفّر $2.25 (مخصوم مسبقاً من المجموع الفرعي)');
    expect(within(within(summary).getByText(/^توفّر/)).getByText('$2.25').tagName).toBe('BDI');
    expect(within(summary).getByRole('button', { name: 'تأكيد الطلب' })).toBeInTheDocument();
  });
});
