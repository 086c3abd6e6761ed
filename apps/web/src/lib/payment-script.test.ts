import { afterEach, describe, expect, it, vi } from 'vitest';

import { type DukkanPayments, loadPaymentScript, PAYMENT_SCRIPT_ERRORS, type PaymentScriptOptions } from './payment-script';

/** A stand-in for what the real script defines (it is tested in payment-buttons-script.test.ts). */
const fakePayments: DukkanPayments = {
  version: '1',
  config: { clientId: 'test', currency: 'USD', intent: 'capture' },
  Buttons: () => ({ render: () => Promise.resolve(), close: () => undefined }),
};

function scripts(): HTMLScriptElement[] {
  return [...document.querySelectorAll<HTMLScriptElement>('script[data-dukkan-payments]')];
}

/** jsdom does not load scripts: play the browser's part for the one the loader added. */
function finishLoading({ defines = true } = {}) {
  const [script] = scripts();
  if (!script) throw new Error('no payment script in the document');
  if (defines) window.DukkanPayments = fakePayments;
  script.dispatchEvent(new Event('load'));
}

function failLoading() {
  const [script] = scripts();
  if (!script) throw new Error('no payment script in the document');
  script.dispatchEvent(new Event('error'));
}

afterEach(() => {
  for (const script of scripts()) script.remove();
  delete window.DukkanPayments;
  vi.useRealTimers();
});

describe('loadPaymentScript', () => {
  it("adds our own server's script with the default options and answers its buttons once it has loaded", async () => {
    const loading = loadPaymentScript();
    const [script] = scripts();
    const url = new URL(script!.src);
    expect(url.origin).toBe(window.location.origin);
    expect(url.pathname).toBe('/payments/buttons.js');
    expect(Object.fromEntries(url.searchParams)).toEqual({ 'client-id': 'test', currency: 'USD', intent: 'capture' });
    expect(script!.async).toBe(true);
    // An external file only: nothing inline for the Content-Security-Policy to refuse.
    expect(script!.textContent).toBe('');
    expect(script!.parentElement).toBe(document.head);

    finishLoading();
    await expect(loading).resolves.toBe(fakePayments);
    expect(script!.getAttribute('data-dukkan-payments')).toBe('loaded');
  });

  it('puts the options in the query', async () => {
    const loading = loadPaymentScript({ clientId: 'dukkan', currency: 'USD', intent: 'capture' });
    expect(new URL(scripts()[0]!.src).searchParams.get('client-id')).toBe('dukkan');
    finishLoading();
    await loading;
  });

  it('adds the script once, however many ask for it, and answers at once when it is there', async () => {
    const first = loadPaymentScript();
    const second = loadPaymentScript();
    expect(scripts()).toHaveLength(1);
    finishLoading();
    await expect(Promise.all([first, second])).resolves.toEqual([fakePayments, fakePayments]);
    await expect(loadPaymentScript()).resolves.toBe(fakePayments);
    expect(scripts()).toHaveLength(1);
  });

  it('replaces a script loaded with other options', async () => {
    const first = loadPaymentScript({ clientId: 'one' });
    finishLoading();
    await first;
    const second = loadPaymentScript({ clientId: 'two' });
    expect(scripts()).toHaveLength(1);
    expect(new URL(scripts()[0]!.src).searchParams.get('client-id')).toBe('two');
    expect(window.DukkanPayments).toBeUndefined();
    finishLoading();
    await expect(second).resolves.toBe(fakePayments);
  });

  it.each([['USD'], [null], [['USD']], [42]])("refuses options that are not an object (%j): 'Expected an options object.'", async (options) => {
    await expect(loadPaymentScript(options as unknown as PaymentScriptOptions)).rejects.toThrow(PAYMENT_SCRIPT_ERRORS.notAnObject);
    expect(PAYMENT_SCRIPT_ERRORS.notAnObject).toBe('Expected an options object.');
    expect(scripts()).toHaveLength(0);
  });

  it.each(['', '   ', 'https://js.payments.example/buttons.js', '//cdn.example/buttons.js', 'javascript:alert(1)', 'http://[bad'])(
    "refuses a script address not on this site (%j): 'Invalid url.'",
    async (scriptUrl) => {
      await expect(loadPaymentScript({ scriptUrl })).rejects.toThrow(PAYMENT_SCRIPT_ERRORS.invalidUrl);
      expect(PAYMENT_SCRIPT_ERRORS.invalidUrl).toBe('Invalid url.');
      expect(scripts()).toHaveLength(0);
    },
  );

  it("fails with 'Failed to load the payment provider's script.' when the script cannot load, and tries afresh next time", async () => {
    const loading = loadPaymentScript();
    failLoading();
    await expect(loading).rejects.toThrow("Failed to load the payment provider's script.");
    expect(scripts()).toHaveLength(0);

    const again = loadPaymentScript();
    expect(scripts()).toHaveLength(1);
    finishLoading();
    await expect(again).resolves.toBe(fakePayments);
  });

  it('fails the same way when the script loads but defines no buttons', async () => {
    const loading = loadPaymentScript();
    finishLoading({ defines: false });
    await expect(loading).rejects.toThrow(PAYMENT_SCRIPT_ERRORS.failed);
  });

  it('gives up on a script that never answers', async () => {
    vi.useFakeTimers();
    const loading = loadPaymentScript({ timeoutMs: 1000 });
    const settled = expect(loading).rejects.toThrow(PAYMENT_SCRIPT_ERRORS.failed);
    await vi.advanceTimersByTimeAsync(1000);
    await settled;
    expect(scripts()).toHaveLength(0);
  });
});
