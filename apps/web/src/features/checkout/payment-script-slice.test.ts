import { configureStore } from '@reduxjs/toolkit';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import type { DukkanPayments, PaymentScriptOptions } from '../../lib/payment-script';

import { loadPaymentButtons, paymentScriptSlice, selectPaymentScript } from './payment-script-slice';

function createStore() {
  return configureStore({ reducer: { paymentScript: paymentScriptSlice.reducer } });
}

const fakePayments: DukkanPayments = {
  version: '1',
  config: { clientId: 'test', currency: 'USD', intent: 'capture' },
  Buttons: () => ({ render: () => Promise.resolve(), close: () => undefined }),
};

/** The script element the loader added (the thunk loads the loader first). */
async function addedScript(): Promise<HTMLScriptElement> {
  let script: HTMLScriptElement | null = null;
  await waitFor(() => {
    script = document.querySelector<HTMLScriptElement>('script[data-dukkan-payments]');
    expect(script).not.toBeNull();
  });
  return script!;
}

afterEach(() => {
  for (const script of document.querySelectorAll('script[data-dukkan-payments]')) script.remove();
  delete window.DukkanPayments;
});

describe('payment-script loading (spec section 4)', () => {
  it('starts initial, is pending while the script loads, then resolved', async () => {
    const store = createStore();
    expect(selectPaymentScript(store.getState())).toEqual({ status: 'initial', message: null });

    const loading = store.dispatch(loadPaymentButtons({ clientId: 'dukkan', currency: 'USD', intent: 'capture' }));
    expect(selectPaymentScript(store.getState())).toEqual({ status: 'pending', message: null });
    const script = await addedScript();
    expect(new URL(script.src).searchParams.get('client-id')).toBe('dukkan');

    window.DukkanPayments = fakePayments;
    script.dispatchEvent(new Event('load'));
    await loading;
    expect(selectPaymentScript(store.getState())).toEqual({ status: 'resolved', message: null });
  });

  it('does nothing while loading or once loaded', async () => {
    const store = createStore();
    const first = store.dispatch(loadPaymentButtons());
    const second = await store.dispatch(loadPaymentButtons());
    expect(second.meta).toMatchObject({ condition: true });
    const script = await addedScript();
    window.DukkanPayments = fakePayments;
    script.dispatchEvent(new Event('load'));
    await first;
    const third = await store.dispatch(loadPaymentButtons());
    expect(third.meta).toMatchObject({ condition: true });
    expect(document.querySelectorAll('script[data-dukkan-payments]')).toHaveLength(1);
  });

  it("is rejected with 'Failed to load the payment provider's script.' when the script cannot load, and tries again next time", async () => {
    const store = createStore();
    const loading = store.dispatch(loadPaymentButtons());
    (await addedScript()).dispatchEvent(new Event('error'));
    await loading;
    expect(selectPaymentScript(store.getState())).toEqual({ status: 'rejected', message: "Failed to load the payment provider's script." });

    const again = store.dispatch(loadPaymentButtons());
    expect(selectPaymentScript(store.getState()).status).toBe('pending');
    const script = await addedScript();
    window.DukkanPayments = fakePayments;
    script.dispatchEvent(new Event('load'));
    await again;
    expect(selectPaymentScript(store.getState()).status).toBe('resolved');
  });

  it("is rejected with 'Invalid url.' for a script address not on this site", async () => {
    const store = createStore();
    await store.dispatch(loadPaymentButtons({ scriptUrl: 'https://js.payments.example/buttons.js' }));
    expect(selectPaymentScript(store.getState())).toEqual({ status: 'rejected', message: 'Invalid url.' });
  });

  it("is rejected with 'Expected an options object.' for options that are not an object", async () => {
    const store = createStore();
    await store.dispatch(loadPaymentButtons('client-id=test' as unknown as PaymentScriptOptions));
    expect(selectPaymentScript(store.getState())).toEqual({ status: 'rejected', message: 'Expected an options object.' });
  });
});
