import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The provider's button script exactly as the server serves it (public/ is copied to dist/).
import buttonsSource from '../../public/payments/buttons.js?raw';

import type { DukkanPayments } from './payment-script';

/** Runs the script as the browser would once loaded (jsdom loads no scripts). */
function runScript(): DukkanPayments {
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the test plays the browser running a served file
  const run = new Function(buttonsSource) as () => void;
  run();
  const payments = window.DukkanPayments;
  if (!payments) throw new Error('the script defined no DukkanPayments');
  return payments;
}

let container: HTMLDivElement;

beforeEach(() => {
  container = document.createElement('div');
  document.body.appendChild(container);
});

afterEach(() => {
  container.remove();
  delete window.DukkanPayments;
});

describe('public/payments/buttons.js', () => {
  it('defines DukkanPayments with the default options when loaded without a query', () => {
    const payments = runScript();
    expect(payments.version).toBe('1');
    expect(payments.config).toEqual({ clientId: 'test', currency: 'USD', intent: 'capture' });
  });

  it('reads the options from its own address', () => {
    // While a script runs, document.currentScript is its element.
    Object.defineProperty(document, 'currentScript', {
      configurable: true,
      value: { src: `${window.location.origin}/payments/buttons.js?client-id=dukkan&currency=USD&intent=capture` },
    });
    try {
      expect(runScript().config).toEqual({ clientId: 'dukkan', currency: 'USD', intent: 'capture' });
    } finally {
      delete (document as { currentScript?: unknown }).currentScript;
    }
  });

  it('renders a real button named by the page, which opens the checkout and hands over its URL', async () => {
    const user = userEvent.setup();
    const createCheckout = vi.fn(() => Promise.resolve('/pay/sess_1'));
    const onApprove = vi.fn();
    await runScript()
      .Buttons({ createCheckout, onApprove, label: 'Pay now', ariaLabel: 'Pay now, order of $27.75', busyLabel: 'Opening…' })
      .render(container);

    const button = screen.getByRole('button', { name: 'Pay now, order of $27.75' });
    expect(button.tagName).toBe('BUTTON');
    expect(button).toHaveAttribute('type', 'button');
    expect(button).toHaveTextContent('Pay now');
    await user.click(button);
    await waitFor(() => expect(onApprove).toHaveBeenCalledWith('/pay/sess_1'));
    expect(createCheckout).toHaveBeenCalledTimes(1);
    // On the way out it stays busy, and a second press opens nothing.
    expect(button).toHaveTextContent('Opening…');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await user.click(button);
    expect(createCheckout).toHaveBeenCalledTimes(1);
  });

  it('is usable again after a failed checkout, and tells the page', async () => {
    const user = userEvent.setup();
    const failure = new Error('This order was cancelled');
    const createCheckout = vi.fn(() => Promise.reject(failure));
    const onError = vi.fn();
    const onApprove = vi.fn();
    await runScript().Buttons({ createCheckout, onApprove, onError, label: 'Pay now', ariaLabel: 'Pay now, order of $5.00' }).render(container);
    await user.click(screen.getByRole('button', { name: 'Pay now, order of $5.00' }));
    await waitFor(() => expect(onError).toHaveBeenCalledWith(failure));
    expect(onApprove).not.toHaveBeenCalled();
    const button = screen.getByRole('button', { name: 'Pay now, order of $5.00' });
    expect(button).not.toHaveAttribute('aria-disabled');
    expect(button).toHaveTextContent('Pay now');
  });

  it('takes its button away on close', async () => {
    const buttons = runScript().Buttons({ createCheckout: () => Promise.resolve('/pay/x'), onApprove: () => undefined });
    await buttons.render(container);
    expect(screen.getByRole('button', { name: 'Pay now' })).toBeInTheDocument();
    buttons.close();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('refuses to make a button that could not pay', () => {
    const payments = runScript();
    expect(() => payments.Buttons({} as Parameters<DukkanPayments['Buttons']>[0])).toThrow(/createCheckout and onApprove/);
  });
});
