import type { Promotion, PromotionOrdersResponse } from '@dukkan/contracts/admin-promotions';

import { ORDER_ID } from './back-office';

/** Fixtures of the promotion screens' tests (issue #35). */

export const PROMOTION_ID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
export const OTHER_PROMOTION_ID = '1f2e3d4c-5b6a-4978-8a6b-5c4d3e2f1a0b';
export const MANGO = '22222222-3333-4444-8555-666666666666';

export function promotion(overrides: Partial<Promotion> = {}): Promotion {
  return {
    _id: PROMOTION_ID,
    name: { en: 'Spring sale', ar: 'تخفيضات الربيع' },
    code: 'SPRING10',
    kind: 'percent',
    value: 10,
    departments: ['Grocery'],
    products: [],
    minSubtotal: 0,
    startsAt: '2026-03-01T08:00:00.000Z',
    endsAt: '2026-04-01T08:00:00.000Z',
    usageLimit: 50,
    perCustomerLimit: null,
    active: true,
    uses: 12,
    status: 'active',
    createdAt: '2026-02-20T10:00:00.000Z',
    updatedAt: '2026-02-20T10:00:00.000Z',
    ...overrides,
  };
}

/** An automatic amount-off promotion without dates or a cap. */
export function automaticPromotion(overrides: Partial<Promotion> = {}): Promotion {
  return promotion({
    _id: OTHER_PROMOTION_ID,
    name: { en: 'Five off', ar: 'خصم خمسة' },
    code: null,
    kind: 'amount',
    value: 5,
    departments: [],
    startsAt: null,
    endsAt: null,
    usageLimit: null,
    uses: 3,
    status: 'expired',
    ...overrides,
  });
}

export const SECOND_ORDER_ID = '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f';

export function promotionOrders(): PromotionOrdersResponse {
  return {
    data: [
      { _id: ORDER_ID, createdAt: '2026-03-05T09:30:00.000Z', status: 'Processing', paymentStatus: 'Paid', amount: 36, discount: 4, released: false },
      { _id: SECOND_ORDER_ID, createdAt: '2026-03-04T09:30:00.000Z', status: 'Cancelled', paymentStatus: 'Cancelled', amount: 18, discount: 2, released: true },
    ],
    total: 2,
    discount: 4,
  };
}
