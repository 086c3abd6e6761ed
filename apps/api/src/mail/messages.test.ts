import { readFileSync } from 'node:fs';
import path from 'node:path';

import type { Language } from '@dukkan/contracts/common';
import { OrderSchema, type Order } from '@dukkan/contracts/orders';
import { describe, expect, it } from 'vitest';

import { LOCALES_DIR } from '../paths';
import { TEST_ADDRESS } from '../test/shop-fixtures';

import { orderConfirmationMessage, orderNoticeMessage, passwordResetMessage } from './messages';

const ORDER: Order = OrderSchema.parse({
  _id: '0a1b2c3d-0000-4000-8000-000000000001',
  userId: '0a1b2c3d-0000-4000-8000-000000000002',
  createdAt: '2026-11-24T10:00:00.000Z',
  amount: 2612.5,
  discount: 0,
  promotion: null,
  count: 3,
  status: 'Waiting for Supplier',
  paymentStatus: 'Paid',
  shippingAddress: { _id: '0a1b2c3d-0000-4000-8000-000000000003', ...TEST_ADDRESS },
  items: [
    { _id: '0a1b2c3d-0000-4000-8000-000000000004', title: 'Laptop', thumbnail: '/images/a.svg', description: '', price: 1299.5, rating: 4, quantity: 2, discount: 0, paid: 2599 },
    { _id: '0a1b2c3d-0000-4000-8000-000000000005', title: 'Mouse', thumbnail: '/images/b.svg', description: '', price: 13.5, rating: 4, quantity: 1, discount: 0, paid: 13.5 },
  ],
  payBy: null,
});

function confirmation(lng: Language) {
  return orderConfirmationMessage({ to: 'sara@example.com', name: 'Sara', order: ORDER, link: 'https://shop.example/Order/1', lng });
}

describe('the order confirmation', () => {
  it('writes amounts as the shop does, thousands grouped, in both languages', () => {
    for (const lng of ['en', 'ar'] as const) {
      const { text, html } = confirmation(lng);
      for (const part of [text, html]) {
        expect(part, lng).toContain('$2,599.00');
        expect(part, lng).toContain('$13.50');
        expect(part, lng).toContain('$2,612.50');
        expect(part, lng).not.toContain('$2599.00');
      }
      // In the HTML, each amount keeps its `$` in front in a right-to-left message too.
      expect(html, lng).toContain('<bdi dir="ltr">$2,612.50</bdi>');
      expect(html, lng).toContain('<bdi dir="ltr">$2,599.00</bdi>');
    }
  });

  it('shows a promotion’s discount with its name, and the total paid after it, in both languages', () => {
    const discounted: Order = { ...ORDER, amount: 2351.25, discount: 261.25, promotion: { code: 'SPRING', name: 'Spring sale' } };
    const en = orderConfirmationMessage({ to: 'sara@example.com', name: 'Sara', order: discounted, link: 'https://shop.example/Order/1', lng: 'en' });
    expect(en.text).toContain('Discount (Spring sale): −$261.25');
    expect(en.text).toContain('Total paid: $2,351.25');
    const ar = orderConfirmationMessage({ to: 'sara@example.com', name: 'Sara', order: { ...discounted, promotion: { code: 'SPRING', name: 'تخفيضات الربيع' } }, link: 'https://shop.example/Order/1', lng: 'ar' });
    expect(ar.html).toContain('الخصم (تخفيضات الربيع): <bdi dir="ltr">−$261.25</bdi>');
    expect(confirmation('en').text).not.toContain('Discount');
  });

  it('joins the address line with the language\'s comma: "," in English, "،" in Arabic', () => {
    for (const part of [confirmation('en').text, confirmation('en').html]) {
      expect(part).toContain('Zamalek, Cairo');
    }
    for (const part of [confirmation('ar').text, confirmation('ar').html]) {
      expect(part).toContain('Zamalek، Cairo');
      expect(part).not.toContain('Zamalek, Cairo');
    }
  });

  it("spells the shop's Arabic name as the storefront does (دكّان, with its shadda)", () => {
    const { brand } = JSON.parse(readFileSync(path.join(LOCALES_DIR, 'ar', 'common.json'), 'utf8')) as { brand: string };
    expect(brand).toBe('دكّان');
    const reset = passwordResetMessage({ to: 'sara@example.com', name: 'Sara', link: 'https://shop.example/reset-password?token=x', lng: 'ar' });
    for (const { subject, text, html } of [confirmation('ar'), reset]) {
      for (const part of [subject, text, html]) {
        expect(part).toContain(brand);
        expect(part).not.toContain('دكان');
      }
    }
  });
});

describe('the order notices', () => {
  const orderId = 'a54f3474-eb64-4199-9264-ecf5efd71dfb';
  const link = `https://shop.example/Order/${orderId}`;
  const notice = (lng: Language, n: Parameters<typeof orderNoticeMessage>[0]['notice']) => orderNoticeMessage({ to: 'sara@example.com', name: 'Sara', orderId, notice: n, link, lng });

  it('tells of each change in both languages, with the order reference and its link', () => {
    for (const lng of ['en', 'ar'] as const) {
      for (const kind of ['order-shipped', 'order-delivered'] as const) {
        const message = notice(lng, { kind });
        expect(message.subject).toContain('A54F3474');
        expect(message.text).toContain(link);
        expect(message.html).toContain(`href="${link}"`);
        expect(message.html).toContain(`lang="${lng}" dir="${lng === 'ar' ? 'rtl' : 'ltr'}"`);
      }
    }
    expect(notice('en', { kind: 'order-shipped' }).subject).toBe('Your Dukkan order A54F3474 is on its way');
    expect(notice('ar', { kind: 'order-delivered' }).subject).toBe('تم تسليم طلبك A54F3474 من دكّان');
  });

  it('gives a cancellation its reason, and a refund its amount and the total refunded, amounts isolated left-to-right', () => {
    const cancelled = notice('en', { kind: 'order-cancelled', reason: 'Out of <stock>', paid: true });
    expect(cancelled.text).toContain('Reason: Out of <stock>');
    expect(cancelled.text).toContain('whole amount you paid back');
    expect(cancelled.html).toContain('Out of &lt;stock&gt;');
    expect(notice('en', { kind: 'order-cancelled', reason: 'x', paid: false }).text).not.toContain('paid back');

    const partial = notice('ar', { kind: 'order-refunded', amount: 1250.5, refundedTotal: 1300, whole: false });
    expect(partial.text).toContain('المبلغ المسترد: $1,250.50');
    expect(partial.text).toContain('إجمالي المسترد من هذا الطلب: $1,300.00');
    expect(partial.html).toContain('<bdi dir="ltr">$1,250.50</bdi>');
    const whole = notice('en', { kind: 'order-refunded', amount: 20, refundedTotal: 20, whole: true });
    expect(whole.text).toContain('We refunded order A54F3474 in full');
    expect(whole.text).not.toContain('Refunded in all');
  });
});
