import { describe, expect, it } from 'vitest';

import type { PricedLine } from './amounts';
import { bestAutomatic, refusalOf, type PromotionCandidate } from './apply';

const NOW = new Date('2026-12-03T12:00:00Z');
const DAY = 86_400_000;

const promotion = (overrides: Partial<PromotionCandidate> = {}): PromotionCandidate => ({
  id: 'a',
  code: 'SALE10',
  kind: 'percent',
  value: 10,
  departmentIds: [],
  productIds: [],
  minSubtotalCents: 0,
  active: true,
  startsAt: null,
  endsAt: null,
  usageLimit: null,
  perCustomerLimit: null,
  liveUses: 0,
  ...overrides,
});

const lines: PricedLine[] = [
  { productId: 'tea', departmentId: 'grocery', totalCents: 1_250 },
  { productId: 'lamp', departmentId: 'home', totalCents: 4_000 },
];

describe('whether a promotion applies', () => {
  it('applies when active, started, not ended, not used up and some line is eligible', () => {
    expect(refusalOf(promotion(), lines, NOW, 0)).toBeUndefined();
    expect(refusalOf(promotion({ startsAt: new Date(NOW.getTime() - DAY), endsAt: new Date(NOW.getTime() + DAY), usageLimit: 5, liveUses: 4 }), lines, NOW)).toBeUndefined();
  });

  it('says why not, each reason with its code, a 404 only for an unknown (or inactive) one', () => {
    const cases: [Partial<PromotionCandidate>, string, number, string | RegExp][] = [
      [{ active: false }, 'PROMO_UNKNOWN', 404, 'No promotion has this code'],
      [{ startsAt: new Date(NOW.getTime() + DAY) }, 'PROMO_NOT_STARTED', 409, 'This promotion has not started yet'],
      [{ endsAt: NOW }, 'PROMO_EXPIRED', 409, 'This promotion has ended'],
      [{ usageLimit: 3, liveUses: 3 }, 'PROMO_USED_UP', 409, 'This promotion has been used up'],
      [{ departmentIds: ['baby'] }, 'PROMO_NOT_APPLICABLE', 409, 'No item in your cart is part of this promotion'],
      // Only the grocery line counts: $12.50 of $20.00.
      [{ departmentIds: ['grocery'], minSubtotalCents: 2_000 }, 'PROMO_MIN_SUBTOTAL', 409, "Add $7.50 more of this promotion's items to use it"],
    ];
    for (const [change, code, status, message] of cases) {
      const { shortCents: _short, ...answered } = refusalOf(promotion(change), lines, NOW, 0) ?? {};
      expect(answered, code).toEqual({ code, status, message });
    }
  });

  it("holds a shopper to the per-customer limit, and leaves a guest's to the order", () => {
    expect(refusalOf(promotion({ perCustomerLimit: 1 }), lines, NOW, 1)?.code).toBe('PROMO_ALREADY_USED');
    expect(refusalOf(promotion({ perCustomerLimit: 2 }), lines, NOW, 1)).toBeUndefined();
    expect(refusalOf(promotion({ perCustomerLimit: 1 }), lines, NOW, undefined)).toBeUndefined();
  });

  it('picks the automatic promotion that saves the most, ties to the one that started first, never a coded one', () => {
    const tenPercent = promotion({ id: 'ten', code: null, value: 10 }); // $5.25
    const fiveDollars = promotion({ id: 'five', code: null, kind: 'amount', value: 500 }); // $5.00
    const homeHalf = promotion({ id: 'home', code: null, value: 50, departmentIds: ['home'] }); // $20.00
    const coded = promotion({ id: 'coded', code: 'BIG', value: 90 });
    const none = () => 0;
    expect(bestAutomatic([tenPercent, fiveDollars], lines, NOW, none)?.candidate.id).toBe('ten');
    expect(bestAutomatic([tenPercent, fiveDollars, homeHalf, coded], lines, NOW, none)?.candidate.id).toBe('home');
    expect(bestAutomatic([coded], lines, NOW, none)).toBeUndefined();
    const later = promotion({ id: 'b-later', code: null, value: 10, startsAt: new Date(NOW.getTime() - DAY) });
    const earlier = promotion({ id: 'c-earlier', code: null, value: 10, startsAt: new Date(NOW.getTime() - 2 * DAY) });
    expect(bestAutomatic([later, earlier], lines, NOW, none)?.candidate.id).toBe('c-earlier');
    expect(bestAutomatic([later, earlier, tenPercent], lines, NOW, none)?.candidate.id).toBe('ten');
    // One the shopper used up is not theirs to get.
    expect(bestAutomatic([promotion({ id: 'once', code: null, perCustomerLimit: 1 })], lines, NOW, () => 1)).toBeUndefined();
  });
});
