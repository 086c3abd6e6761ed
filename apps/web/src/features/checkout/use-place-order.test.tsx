import type { CheckoutSessionResponse, PlaceOrderResponse } from '@dukkan/contracts/orders';
import { act, renderHook } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { createAppStore } from '../../app/store';
import { leavePageFor } from '../../lib/leave-page';
import { API, type Answer, answerWith, failure, type RecordedRequest } from '../../test/api-server';
import { SHOPPER_ID, signInShopper } from '../../test/fixtures';
import { order, savedAddress } from '../../test/orders';

import { type ReadyDraft, usePlaceOrder } from './use-place-order';

vi.mock('../../lib/leave-page', () => ({ leavePageFor: vi.fn() }));

const draft: ReadyDraft = {
  userId: SHOPPER_ID,
  amount: 27,
  status: 'Waiting for Supplier',
  shippingAddress: savedAddress(1),
  items: [{ _id: order(1).items[0]!._id, title: 'Desk Lamp', thumbnail: '/images/products/p1/0.svg', description: 'A lamp', quantity: 2, price: 13.5 }],
};

/** The orders and payment endpoints; the session call fails while `failSession` is set, with `failCode`. */
function mockPayments(state: { failSession: boolean; failCode?: string }): RecordedRequest[] {
  return answerWith(
    http.post<never, never, Answer<PlaceOrderResponse>>(`${API}/orders`, () => HttpResponse.json({ data: order(1) }, { status: 201 })),
    http.post<never, never, Answer<CheckoutSessionResponse>>(`${API}/stripe/create-checkout-session`, () => {
      if (state.failCode === 'ORDER_CANCELLED') return failure(409, 'ORDER_CANCELLED', 'This order was cancelled. Please place it again.');
      return state.failSession ? failure(500, 'INTERNAL', 'Try again') : HttpResponse.json({ url: '/pay/sess_1' });
    }),
  );
}

function renderPlaceOrder() {
  signInShopper();
  const store = createAppStore();
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  return renderHook(() => usePlaceOrder(), { wrapper });
}

const keysOf = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.url.pathname === '/api/orders').map((r) => r.headers.get('Idempotency-Key'));

describe('usePlaceOrder', () => {
  beforeEach(() => {
    vi.mocked(leavePageFor).mockClear();
  });

  it('ignores a second call while the first runs: one order, one card page', async () => {
    const requests = mockPayments({ failSession: false });
    const { result } = renderPlaceOrder();
    await act(async () => {
      const first = result.current.placeOrder(draft);
      const second = result.current.placeOrder(draft);
      expect(await second).toBeNull();
      expect(await first).toBeNull();
    });
    expect(keysOf(requests)).toHaveLength(1);
    expect(leavePageFor).toHaveBeenCalledTimes(1);
    expect(leavePageFor).toHaveBeenCalledWith('/pay/sess_1');
    // Leaving for the card page: still busy.
    expect(result.current.placing).toBe(true);
  });

  it('keeps the key for the same cart and address, and makes a new one when they change', async () => {
    const state = { failSession: true };
    const requests = mockPayments(state);
    const { result } = renderPlaceOrder();
    const attempt = async (next: ReadyDraft) => {
      let failure;
      await act(async () => {
        failure = await result.current.placeOrder(next);
      });
      return failure;
    };

    expect(await attempt(draft)).toEqual({ step: 'payment', message: 'Try again', code: 'INTERNAL' });
    expect(result.current.placing).toBe(false);
    await attempt(draft);
    // Other texts or prices are the same attempt: the server reads only ids, quantities and the address.
    await attempt({ ...draft, amount: 1, items: draft.items.map((item) => ({ ...item, title: 'Renamed', price: 1 })) });
    await attempt({ ...draft, items: draft.items.map((item) => ({ ...item, quantity: 3 })) });
    await attempt({ ...draft, shippingAddress: savedAddress(2) });

    const [first, second, third, fourth, fifth] = keysOf(requests);
    expect(second).toBe(first);
    expect(third).toBe(first);
    expect(fourth).not.toBe(first);
    expect(fifth).not.toBe(fourth);
    expect(fifth).not.toBe(first);
  });

  it('makes a new key after the order of the old one turned out cancelled', async () => {
    const requests = mockPayments({ failSession: true, failCode: 'ORDER_CANCELLED' });
    const { result } = renderPlaceOrder();
    for (let i = 0; i < 2; i += 1) {
      await act(async () => {
        expect(await result.current.placeOrder(draft)).toMatchObject({ step: 'payment', code: 'ORDER_CANCELLED' });
      });
    }
    const [first, second] = keysOf(requests);
    expect(second).not.toBe(first);
  });

  it('is idle again when the browser shows the page from its cache after the card page', async () => {
    mockPayments({ failSession: false });
    const { result } = renderPlaceOrder();
    await act(async () => {
      await result.current.placeOrder(draft);
    });
    expect(result.current.placing).toBe(true);
    act(() => {
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    });
    expect(result.current.placing).toBe(false);
  });
});
