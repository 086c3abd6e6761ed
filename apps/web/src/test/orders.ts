import type { Order, ShopperOrder } from '@dukkan/contracts/orders';
import type { Address } from '@dukkan/contracts/users';

import { SHOPPER_ID } from './fixtures';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A saved address as `GET /api/users/{id}` answers it. */
export function savedAddress(n: number, overrides: Partial<Address> = {}): Address {
  return {
    _id: id(500 + n),
    fullName: 'Mona Adel',
    phoneNumber: '01001234567',
    country: 'Egypt',
    city: 'Cairo',
    area: 'Zamalek',
    street: `${n} Nile St.`,
    building: '12',
    floor: '3',
    apartment: '7',
    zipCode: '11211',
    extraDetails: '',
    ...overrides,
  };
}

/** An order as every orders endpoint answers it: two Desk Lamps at $13.50, unpaid. */
export function order(n: number, overrides: Partial<Order> = {}): Order {
  return {
    _id: id(8000 + n),
    userId: SHOPPER_ID,
    createdAt: '2026-11-23T10:00:00.000Z',
    amount: 27,
    discount: 0,
    promotion: null,
    count: 2,
    status: 'Waiting for Supplier',
    paymentStatus: 'Pending',
    shippingAddress: savedAddress(1),
    items: [
      {
        _id: id(1),
        title: 'Desk Lamp',
        thumbnail: '/images/products/p1/0.svg',
        description: 'A lamp for the desk',
        price: 13.5,
        rating: 4.2,
        quantity: 2,
        discount: 0,
        paid: 27,
      },
    ],
    payBy: '2026-11-23T10:30:00.000Z',
    ...overrides,
  };
}

/**
 * `base` as the shopper's order answers carry it (`GET /api/orders/{id}`, `/past|coming/{userId}`):
 * no refund, paid in full once the payment was taken, with `extra` on top.
 */
export function shopperOrder(base: Order, extra: Partial<ShopperOrder> = {}): ShopperOrder {
  const paid = ['Paid', 'Partially refunded', 'Refunded'].includes(base.paymentStatus);
  return { ...base, refunds: [], refundedAmount: 0, paidAmount: paid ? base.amount : 0, ...extra };
}
