import type { AdminReview } from '@dukkan/contracts/reviews';

import { APPLES, CUSTOMER_ID, ORDER_ID, PEARS } from './back-office';

/** Fixtures of the reviews screen's tests (issue #36). */

export const REVIEW_ID = '7e1d2c3b-4a59-4687-9a1b-2c3d4e5f6a7b';
export const SECOND_REVIEW_ID = '8f2e3d4c-5b6a-4798-8b2c-3d4e5f6a7b8c';
export const THIRD_REVIEW_ID = '9a3f4e5d-6c7b-48a9-9c3d-4e5f6a7b8c9d';
export const SECOND_CUSTOMER_ID = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';

/** A pending review of the apples, in English, by the fixtures' shopper. */
export function review(overrides: Partial<AdminReview> = {}): AdminReview {
  return {
    _id: REVIEW_ID,
    product: { _id: APPLES, title: { en: 'Apples', ar: 'تفاح' } },
    customer: { _id: CUSTOMER_ID, name: 'Sara Shopper', email: 'shopper@example.com' },
    order: ORDER_ID,
    rating: 4,
    title: 'Crisp and sweet',
    body: 'Arrived fresh.\nWould buy again.',
    language: 'en',
    status: 'pending',
    rejectReason: null,
    createdAt: '2026-11-20T09:30:00.000Z',
    updatedAt: '2026-11-20T09:30:00.000Z',
    moderatedAt: null,
    moderatedBy: null,
    ...overrides,
  };
}

/** A pending review of the pears, in Arabic, by another shopper, written after the first. */
export function arabicReview(overrides: Partial<AdminReview> = {}): AdminReview {
  return review({
    _id: SECOND_REVIEW_ID,
    product: { _id: PEARS, title: { en: 'Pears', ar: 'كمثرى' } },
    customer: { _id: SECOND_CUSTOMER_ID, name: 'ليلى حسن', email: 'layla@example.com' },
    rating: 2,
    title: 'طرية أكثر من اللازم',
    body: 'وصلت طرية جدًا.',
    language: 'ar',
    createdAt: '2026-11-21T09:30:00.000Z',
    updatedAt: '2026-11-21T09:30:00.000Z',
    ...overrides,
  });
}
