import { REFUND_STATUSES, TIMELINE_KINDS } from '@dukkan/contracts/admin-orders';
import { OrderStatusSchema, PaymentStatusSchema } from '@dukkan/contracts/orders';
import type { i18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';

import { createI18n } from './i18n';
import { MAIL_STATES, ORDER_MAIL_KINDS, PAYMENT_SESSION_STATES } from './order-texts';

/** A language's own text of a key, as written (its placeholders unfilled). */
function textOf(instance: i18n, language: 'en' | 'ar', key: string): string {
  const text: unknown = instance.getResource(language, 'translation', key);
  return typeof text === 'string' ? text : '';
}

/** Every value of an order the back office shows, and the text it is shown by. */
const VALUES: [string, readonly string[], string][] = [
  ['order statuses', OrderStatusSchema.options, 'orderStatus'],
  ['payment statuses', PaymentStatusSchema.options, 'paymentStatus'],
  ['timeline events', TIMELINE_KINDS, 'order.kinds'],
  ['refund states', REFUND_STATUSES, 'order.refundStatus'],
  ['payment session states', PAYMENT_SESSION_STATES, 'order.paymentStates'],
  ['mails of the timeline', ORDER_MAIL_KINDS, 'order.mails'],
  ['mail states', MAIL_STATES, 'order.mailStates'],
];

describe('the words of an order (issue #32: no raw key on screen)', () => {
  const instances: Record<'en' | 'ar', i18n | undefined> = { en: undefined, ar: undefined };
  beforeAll(async () => {
    instances.en = await createI18n('en');
    instances.ar = await createI18n('ar');
  });

  for (const [what, values, prefix] of VALUES) {
    it(`has every one of the ${what} in English and in Arabic`, () => {
      for (const value of values) {
        const key = `${prefix}.${value}`;
        // Each language has its own text: no falling back to English, no key for a text.
        expect(instances.en!.exists(key, { lng: 'en', fallbackLng: false }), `${key} in English`).toBe(true);
        expect(instances.ar!.exists(key, { lng: 'ar', fallbackLng: false }), `${key} in Arabic`).toBe(true);
        const en = textOf(instances.en!, 'en', key);
        const ar = textOf(instances.ar!, 'ar', key);
        expect(en.trim(), key).not.toBe('');
        expect(ar.trim(), key).not.toBe('');
        // The Arabic text has no Latin letter (but in its {{placeholders}}): not the value as it came, nor an English word.
        expect(ar.replace(/\{\{[^}]*\}\}/g, ''), `${key} in Arabic`).not.toMatch(/[A-Za-z]/);
      }
    });
  }
});
