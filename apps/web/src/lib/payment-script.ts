/**
 * The payment provider's button script, loaded on demand (spec sections 4, 7, 8 and 9). It is
 * served by our own server (`public/payments/buttons.js`), never from the internet: the shop's
 * Content-Security-Policy allows scripts from 'self' only, and a page that pays must not depend
 * on a third party being reachable. The script is a plain `<script src>` added to the document
 * (no inline code, no eval), so it needs nothing beyond `script-src 'self'`.
 *
 * Only call these from effects, event handlers or thunks: they use `window` and `document`.
 */

/** Where our server serves the button script. */
export const PAYMENT_SCRIPT_PATH = '/payments/buttons.js';
/** The client id the script is loaded with when the options name none (spec section 9). */
export const DEFAULT_PAYMENT_CLIENT_ID = 'test';
/** How long the script may take before the loader gives up on it. */
export const PAYMENT_SCRIPT_TIMEOUT_MS = 15_000;

/** The loader's refusals and failures, word for word as spec section 8 gives them. */
export const PAYMENT_SCRIPT_ERRORS = {
  invalidUrl: 'Invalid url.',
  notAnObject: 'Expected an options object.',
  failed: "Failed to load the payment provider's script.",
} as const;

/** How the page configures the provider (spec section 9): USD, capture, a client id. */
export interface PaymentScriptOptions {
  /** Default 'test'. */
  clientId?: string;
  currency?: 'USD';
  intent?: 'capture';
  /** Where the script is; default `/payments/buttons.js`. It must be on this site. */
  scriptUrl?: string;
  /** Give up after this many ms; default 15 s. */
  timeoutMs?: number;
}

/** What `DukkanPayments.Buttons` takes: how to pay, and what the button says. */
export interface PaymentButtonsOptions {
  /** Opens a checkout for the order and answers the hosted payment page's URL. */
  createCheckout: () => Promise<string>;
  /** Called with the URL once the checkout exists: the page leaves for it. */
  onApprove: (url: string) => void;
  /** Called when `createCheckout` or `onApprove` failed; the button is usable again. */
  onError?: (error: unknown) => void;
  /** The button's text (default 'Pay now'). */
  label?: string;
  /** Its accessible name; it should start with `label`. */
  ariaLabel?: string;
  /** What the button says while the checkout is being opened. */
  busyLabel?: string;
  /** Extra class names of the `<button>`. */
  className?: string;
}

export interface PaymentButtons {
  /** Adds the button to `container` (an element or a selector). */
  render: (container: HTMLElement | string) => Promise<void>;
  /** Removes the button again. */
  close: () => void;
}

/** What the script defines as `window.DukkanPayments`. */
export interface DukkanPayments {
  version: string;
  config: { clientId: string; currency: string; intent: string };
  Buttons: (options: PaymentButtonsOptions) => PaymentButtons;
}

declare global {
  interface Window {
    DukkanPayments?: DukkanPayments;
  }
}

/** The attribute that marks the script element, with its state: `pending` or `loaded`. */
const MARK = 'data-dukkan-payments';

/**
 * The script's address with the provider's options as its query
 * (`/payments/buttons.js?client-id=test&currency=USD&intent=capture`), or 'Invalid url.' when
 * `scriptUrl` is not an address on this site.
 */
export function paymentScriptUrl(options: PaymentScriptOptions = {}): string {
  const { scriptUrl = PAYMENT_SCRIPT_PATH, clientId = DEFAULT_PAYMENT_CLIENT_ID, currency = 'USD', intent = 'capture' } = options;
  if (typeof scriptUrl !== 'string' || scriptUrl.trim() === '') throw new Error(PAYMENT_SCRIPT_ERRORS.invalidUrl);
  let url: URL;
  try {
    url = new URL(scriptUrl, window.location.href);
  } catch {
    throw new Error(PAYMENT_SCRIPT_ERRORS.invalidUrl);
  }
  // Another origin (or `javascript:`, `data:`) would break the CSP and the promise of a shop
  // that needs no third party to take payments.
  if (url.origin !== window.location.origin) throw new Error(PAYMENT_SCRIPT_ERRORS.invalidUrl);
  url.searchParams.set('client-id', clientId);
  url.searchParams.set('currency', currency);
  url.searchParams.set('intent', intent);
  return url.href;
}

/** The script's global once it has run, or `null`. */
export function loadedPaymentButtons(): DukkanPayments | null {
  return window.DukkanPayments ?? null;
}

/** Waits for the script element's `load` or `error` event (or the timeout). */
function settle(script: HTMLScriptElement, timeoutMs: number): Promise<DukkanPayments> {
  return new Promise((resolve, reject) => {
    const done = () => {
      window.clearTimeout(timer);
      script.removeEventListener('load', onLoad);
      script.removeEventListener('error', onError);
    };
    const fail = () => {
      done();
      // Gone, so the next attempt adds a fresh element instead of waiting on a dead one.
      script.remove();
      reject(new Error(PAYMENT_SCRIPT_ERRORS.failed));
    };
    const onLoad = () => {
      const payments = loadedPaymentButtons();
      if (!payments) {
        fail();
        return;
      }
      done();
      script.setAttribute(MARK, 'loaded');
      resolve(payments);
    };
    const onError = () => fail();
    const timer = window.setTimeout(fail, timeoutMs);
    script.addEventListener('load', onLoad);
    script.addEventListener('error', onError);
  });
}

/**
 * Loads the provider's button script and answers its `DukkanPayments`. The options default to
 * client id 'test', USD and capture. Refuses options that are not an object ('Expected an
 * options object.') and a script address not on this site ('Invalid url.'); a script that
 * cannot be loaded, or loads without defining the buttons, fails with 'Failed to load the
 * payment provider's script.'. A script already loaded (or loading) with the same options is
 * not added twice.
 */
export async function loadPaymentScript(options: PaymentScriptOptions = {}): Promise<DukkanPayments> {
  // Callers in plain JavaScript (or from JSON) may pass anything.
  const given: unknown = options;
  if (typeof given !== 'object' || given === null || Array.isArray(given)) throw new Error(PAYMENT_SCRIPT_ERRORS.notAnObject);
  const src = paymentScriptUrl(options);
  const timeoutMs = options.timeoutMs ?? PAYMENT_SCRIPT_TIMEOUT_MS;

  const existing = document.querySelector<HTMLScriptElement>(`script[${MARK}]`);
  if (existing && existing.src === src) {
    const payments = loadedPaymentButtons();
    if (existing.getAttribute(MARK) === 'loaded' && payments) return payments;
    return settle(existing, timeoutMs);
  }
  if (existing) {
    // Loaded with other options: replace it, as the provider's own loaders do.
    existing.remove();
    delete window.DukkanPayments;
  }

  const script = document.createElement('script');
  script.src = src;
  script.async = true;
  script.setAttribute(MARK, 'pending');
  const settled = settle(script, timeoutMs);
  document.head.appendChild(script);
  return settled;
}
