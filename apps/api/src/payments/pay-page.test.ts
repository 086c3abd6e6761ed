import { describe, expect, it } from 'vitest';

import { renderPayPage, type PayPageView } from './pay-page';

/**
 * The card page keeps what is written left to right so in Arabic too (issue #32): in a
 * right-to-left page the bidi algorithm lays out the groups of a bare '4000 0000 0000 0002' from
 * the right, '0002 0000 0000 4000'. Each such text must sit in a `<bdi dir="ltr">`, or be an
 * input of its own with `dir="ltr"`.
 */

const FORM: PayPageView = {
  kind: 'form',
  sessionId: '6f1c2a3b-0000-4000-8000-000000000001',
  amountCents: 129950,
  lines: [{ title: 'حاسوب محمول', quantity: 1, unitAmountCents: 129950 }],
  values: { name: 'ليلى حسن', number: '4000 0000 0000 0002', expiry: '12/34' },
  failure: 'declined',
};

const ISOLATE = /<bdi dir="ltr">([^<]*)<\/bdi>/g;

/** The texts the page isolates left-to-right, in page order. */
const isolated = (page: string) => [...page.matchAll(ISOLATE)].map((match) => match[1]);

/** The page's text outside its isolates, its inputs and its markup. */
function bareText(page: string): string {
  return page
    .replace(/<style>[\s\S]*?<\/style>/, '')
    .replace(ISOLATE, '')
    .replace(/<input[^>]*>/g, '')
    .replace(/<[^>]+>/g, ' ');
}

describe('the card page', () => {
  it('isolates the test card numbers, the expiry format and the amounts left-to-right in Arabic', () => {
    const page = renderPayPage(FORM, 'ar');
    expect(page).toContain('<html lang="ar" dir="rtl">');
    const note = /<p class="note">(.*?)<\/p>/.exec(page)?.[1];
    expect(note).toBe(
      'بيئة تجريبية: لا تُخصم أي مبالغ حقيقية. استخدم <bdi dir="ltr">4242 4242 4242 4242</bdi> للدفع، أو <bdi dir="ltr">4000 0000 0000 0002</bdi> لتجربة رفض البطاقة.',
    );
    expect(isolated(page)).toEqual(['4242 4242 4242 4242', '4000 0000 0000 0002', '$1,299.50', '$1,299.50', 'MM/YY']);
    expect(page).toContain('<span class="hint" id="expiry-hint">شهر/سنة (<bdi dir="ltr">MM/YY</bdi>)</span>');
    // Nothing written left to right is left bare: no digit but a line's quantity and the CVC hint's '3 أو 4',
    // single numbers, which read the same either way.
    expect(bareText(page).match(/[\d$]|MM|YY/g)).toEqual(['1', '3', '4']);
  });

  it('writes every card field left-to-right, keeping what the shopper typed', () => {
    const page = renderPayPage(FORM, 'ar');
    for (const [name, value] of [
      ['number', '4000 0000 0000 0002'],
      ['expiry', '12/34'],
      ['cvc', ''],
    ] as const) {
      const input = new RegExp(`<input id="${name}"[^>]*>`).exec(page)?.[0];
      expect(input, name).toContain(' dir="ltr"');
      expect(input, name).toContain(`value="${value}"`);
    }
  });

  it('reads the same in English', () => {
    const page = renderPayPage(FORM, 'en');
    expect(/<p class="note">(.*?)<\/p>/.exec(page)?.[1]).toBe(
      'Sandbox: no real card is charged. Use <bdi dir="ltr">4242 4242 4242 4242</bdi> to pay, or <bdi dir="ltr">4000 0000 0000 0002</bdi> to see a decline.',
    );
    expect(page).toContain('<span class="hint" id="expiry-hint"><bdi dir="ltr">MM/YY</bdi></span>');
  });
});
