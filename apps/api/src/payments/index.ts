import type { Config } from '../config/env';

import type { PaymentProvider } from './provider';
import { SandboxPaymentProvider } from './sandbox';
import { StripePaymentProvider } from './stripe';

/**
 * The configured payment provider (`PAYMENT_PROVIDER`). `secret` is the shop's JWT secret: the
 * sandbox derives the key it signs its events with from it, so every API process of one shop
 * signs and verifies alike. Stripe uses the shop's two Stripe keys.
 */
export function createPaymentProvider(
  config: Pick<Config, 'paymentProvider' | 'stripeSecretKey' | 'stripeWebhookSecret'>,
  secret: Uint8Array,
): PaymentProvider {
  switch (config.paymentProvider) {
    case 'sandbox':
      return new SandboxPaymentProvider(secret);
    case 'stripe': {
      const { stripeSecretKey: secretKey, stripeWebhookSecret: webhookSecret } = config;
      // loadConfig refuses this already; a Config built another way must not start a shop it cannot be paid through.
      if (!secretKey || !webhookSecret) {
        throw new Error('PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
      }
      return new StripePaymentProvider({ secretKey, webhookSecret });
    }
  }
}
