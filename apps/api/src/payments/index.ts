import type { Config } from '../config/env';

import type { PaymentProvider } from './provider';
import { SandboxPaymentProvider } from './sandbox';

/**
 * The configured payment provider (`PAYMENT_PROVIDER`). `secret` is the shop's JWT secret: the
 * sandbox derives the key it signs its events with from it, so every API process of one shop
 * signs and verifies alike.
 */
export function createPaymentProvider(config: Pick<Config, 'paymentProvider'>, secret: Uint8Array): PaymentProvider {
  switch (config.paymentProvider) {
    case 'sandbox':
      return new SandboxPaymentProvider(secret);
    case 'stripe':
      // The Stripe provider plugs in here (issue #9); until then a shop set to Stripe must not start.
      throw new Error('PAYMENT_PROVIDER=stripe is not available yet: use sandbox (the default)');
  }
}
