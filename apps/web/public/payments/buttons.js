/*
 * Dukkan's payment buttons: the "provider's button script" of the storefront spec (sections 7
 * and 9), served by the shop's own server so a page that pays needs nothing from the internet
 * and the Content-Security-Policy can stay at script-src 'self'. It makes no request itself:
 * the page says how to open a checkout (createCheckout, a promise of the hosted payment page's
 * URL) and what to do with it (onApprove). Loaded by src/lib/payment-script.ts as
 * /payments/buttons.js?client-id=…&currency=USD&intent=capture.
 *
 * Plain ES5 on purpose: it is served as is, without the build.
 */
/* global window, document */
(function () {
  'use strict';

  var VERSION = '1';

  /** The options the script was loaded with, from its own address. */
  function readConfig() {
    var config = { clientId: 'test', currency: 'USD', intent: 'capture' };
    var script = document.currentScript;
    var query = script && script.src ? script.src.split('?')[1] : '';
    if (!query) return config;
    var pairs = query.split('#')[0].split('&');
    for (var i = 0; i < pairs.length; i += 1) {
      var parts = pairs[i].split('=');
      var key = decodeURIComponent(parts[0] || '');
      var value = decodeURIComponent((parts[1] || '').replace(/\+/g, ' '));
      if (!value) continue;
      if (key === 'client-id') config.clientId = value;
      else if (key === 'currency') config.currency = value;
      else if (key === 'intent') config.intent = value;
    }
    return config;
  }

  var config = readConfig();

  function containerOf(container) {
    var element = typeof container === 'string' ? document.querySelector(container) : container;
    if (!element || typeof element.appendChild !== 'function') {
      throw new Error('DukkanPayments: the container to render the button in was not found.');
    }
    return element;
  }

  /**
   * One "Pay now" button. Pressing it calls options.createCheckout(); once that answers a URL,
   * options.onApprove(url). While it runs the button says so (options.busyLabel), is marked
   * aria-disabled and ignores further presses; it keeps the focus. A failure makes it usable
   * again and is handed to options.onError.
   */
  function Buttons(options) {
    if (!options || typeof options.createCheckout !== 'function' || typeof options.onApprove !== 'function') {
      throw new Error('DukkanPayments.Buttons needs createCheckout and onApprove functions.');
    }
    var label = options.label || 'Pay now';
    var button = null;
    var busy = false;

    function show(isBusy) {
      busy = isBusy;
      if (!button) return;
      button.textContent = isBusy && options.busyLabel ? options.busyLabel : label;
      if (isBusy) {
        button.setAttribute('aria-disabled', 'true');
        // The busy text is the whole name: the order's name would no longer start with it.
        button.removeAttribute('aria-label');
      } else {
        button.removeAttribute('aria-disabled');
        if (options.ariaLabel) button.setAttribute('aria-label', options.ariaLabel);
      }
    }

    function fail(error) {
      show(false);
      if (typeof options.onError === 'function') options.onError(error);
    }

    function onClick(event) {
      event.preventDefault();
      if (busy) return;
      show(true);
      var checkout;
      try {
        checkout = Promise.resolve(options.createCheckout());
      } catch (error) {
        fail(error);
        return;
      }
      checkout
        .then(function (url) {
          if (typeof url !== 'string' || url === '') throw new Error('DukkanPayments: no payment page to open.');
          // The page leaves for the payment page: the button stays busy meanwhile.
          options.onApprove(url);
        })
        .then(null, fail);
    }

    return {
      render: function (container) {
        var element = containerOf(container);
        if (button && button.parentNode) button.parentNode.removeChild(button);
        button = document.createElement('button');
        button.type = 'button';
        button.className = 'dukkan-pay-button' + (options.className ? ' ' + options.className : '');
        button.setAttribute('data-currency', config.currency);
        button.addEventListener('click', onClick);
        show(false);
        element.appendChild(button);
        return Promise.resolve();
      },
      close: function () {
        if (button) {
          button.removeEventListener('click', onClick);
          if (button.parentNode) button.parentNode.removeChild(button);
        }
        button = null;
      },
    };
  }

  window.DukkanPayments = { version: VERSION, config: config, Buttons: Buttons };
})();
