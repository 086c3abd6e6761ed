import os from 'node:os';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { loadConfig } from './env';

describe('loadConfig', () => {
  it('gives every setting its documented default', () => {
    const config = loadConfig({ INIT_CWD: '/srv/shop' });
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: path.resolve('/srv/shop', 'data'),
      databaseUrl: undefined,
      paymentProvider: 'sandbox',
      paymentTimeoutMinutes: 30,
      publicUrl: 'http://127.0.0.1:3000',
      logLevel: 'info',
    });
    expect(config.ssrWorkers).toBe(Math.min(4, os.availableParallelism()));
  });

  it('treats empty values as unset and resolves DATA_DIR from where npm was run', () => {
    const config = loadConfig({ DATABASE_URL: '', DATA_DIR: 'var/db', INIT_CWD: '/srv/shop', PORT: '8080' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toBe('/srv/shop/var/db');
    expect(config.port).toBe(8080);
    expect(loadConfig({ DATA_DIR: '/abs/data' }).dataDir).toBe('/abs/data');
  });

  it('refuses invalid values with a message naming each variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', PAYMENT_PROVIDER: 'cash', DATABASE_URL: 'not a url' })).toThrow(
      /PORT[\s\S]*DATABASE_URL[\s\S]*PAYMENT_PROVIDER|PORT[\s\S]*PAYMENT_PROVIDER[\s\S]*DATABASE_URL/,
    );
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET must be at least 32 characters/);
    expect(() => loadConfig({ PAYMENT_TIMEOUT_MINUTES: '0' })).toThrow(/PAYMENT_TIMEOUT_MINUTES must be a whole number of minutes from 1/);
    expect(loadConfig({ PAYMENT_TIMEOUT_MINUTES: '5' }).paymentTimeoutMinutes).toBe(5);
    expect(() => loadConfig({ SSR_WORKERS: 'two' })).toThrow(/SSR_WORKERS must be a whole number from 0 to 16/);
    expect(() => loadConfig({ SSR_WORKERS: '17' })).toThrow(/SSR_WORKERS must be a whole number from 0 to 16/);
    expect(loadConfig({ SSR_WORKERS: '0' }).ssrWorkers).toBe(0);
  });

  it('reads REFUND_APPROVAL_LIMIT in dollars (default 500, 0: no limit) as cents', () => {
    expect(loadConfig({}).refundApprovalLimitCents).toBe(50_000);
    expect(loadConfig({ REFUND_APPROVAL_LIMIT: '0' }).refundApprovalLimitCents).toBe(0);
    expect(loadConfig({ REFUND_APPROVAL_LIMIT: '99.99' }).refundApprovalLimitCents).toBe(9999);
    expect(() => loadConfig({ REFUND_APPROVAL_LIMIT: '-1' })).toThrow(/REFUND_APPROVAL_LIMIT must be a number of dollars from 0/);
    expect(() => loadConfig({ REFUND_APPROVAL_LIMIT: 'lots' })).toThrow(/REFUND_APPROVAL_LIMIT must be a number of dollars from 0/);
  });

  it('refuses PAYMENT_PROVIDER=stripe without both Stripe keys', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(
      /STRIPE_WEBHOOK_SECRET is required when PAYMENT_PROVIDER=stripe/,
    );
    const config = loadConfig({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' });
    expect(config).toMatchObject({ paymentProvider: 'stripe', stripeSecretKey: 'sk_test_x', stripeWebhookSecret: 'whsec_x' });
  });
});
