import { INITIAL_ORDER_STATUS } from '@dukkan/contracts/orders';
import type { Address } from '@dukkan/contracts/users';
import { describe, expect, it } from 'vitest';

import { cartOf, cartProduct, type FixtureLine } from '../../test/shop-server';

import {
  buildOrderDraft,
  cartLoaded,
  checkOutSlice,
  checkoutCleared,
  shippingAddressSelected,
  type CheckOutState,
} from './checkout-slice';

const reduce = checkOutSlice.reducer;
const start = () => reduce(undefined, { type: 'init' });

/** The invariant every totals operation keeps. */
function expectBalanced(state: CheckOutState) {
  expect(state.total).toBeCloseTo(state.subTotal + state.delivery - state.discount, 10);
}

const USER_ID = '00000000-0000-4000-8000-000000009001';
const home: Address = {
  _id: '00000000-0000-4000-8000-000000000501',
  fullName: 'Mona Adel',
  phoneNumber: '01001234567',
  country: 'Egypt',
  city: 'Cairo',
  area: 'Zamalek',
  street: '26th of July St.',
  building: '12',
  floor: '3',
  apartment: '7',
  zipCode: '11211',
  extraDetails: '',
};
const work: Address = { ...home, _id: '00000000-0000-4000-8000-000000000502', city: 'Giza', street: 'Pyramids Rd.' };

// Olive oil was added at $8.00 and now costs $7.50: the draft uses the current price.
const lines: FixtureLine[] = [
  { product: cartProduct(1, { title: 'Olive oil', price: 7.5 }), quantity: 2, priceWhenAdded: 8 },
  { product: cartProduct(2, { title: 'Dates', price: 4.25, listPrice: 5 }), quantity: 3, priceWhenAdded: 4.25 },
];
const cart = cartOf(lines);

describe('checkOut totals', () => {
  it('start with subTotal, discount, total and delivery at 0, no address and no draft', () => {
    expect(start()).toEqual({ subTotal: 0, discount: 0, total: 0, delivery: 0, shippingAddress: null, order: null });
  });

  it('keeps the invariant through any sequence of operations, delivery included', () => {
    let state: CheckOutState = { ...start(), delivery: 4.99 };
    // The cart is read first: every state after an operation has a draft.
    const operations = [
      cartLoaded({ userId: USER_ID, cart }),
      shippingAddressSelected(home),
      cartLoaded({ userId: USER_ID, cart: cartOf([lines[1]!]) }),
    ];
    for (const operation of operations) {
      state = reduce(state, operation);
      expectBalanced(state);
      expect(Math.round(state.total * 100) / 100).toBe(state.total);
      expect(state.order?.amount).toBe(state.total);
    }
  });

  it('actions are named as events of the checkOut slice', () => {
    expect(cartLoaded.type).toBe('checkOut/cartLoaded');
    expect(shippingAddressSelected.type).toBe('checkOut/shippingAddressSelected');
  });
});

describe('buildOrderDraft', () => {
  it('takes each line at the current catalog price, the total as the amount and the selected address', () => {
    const draft = buildOrderDraft(cart, { total: 27.75 }, USER_ID, home);
    expect(draft).toEqual({
      userId: USER_ID,
      amount: 27.75,
      status: INITIAL_ORDER_STATUS,
      shippingAddress: home,
      items: [
        { _id: lines[0]!.product._id, title: 'Olive oil', thumbnail: lines[0]!.product.thumbnail, description: 'Description of product 1', quantity: 2, price: 7.5 },
        { _id: lines[1]!.product._id, title: 'Dates', thumbnail: lines[1]!.product.thumbnail, description: 'Description of product 2', quantity: 3, price: 4.25 },
      ],
    });
    expect(draft.status).toBe('Waiting for Supplier');
  });

  it('has no address until one is chosen, and no items for an empty cart', () => {
    expect(buildOrderDraft(cartOf([]), { total: 0 }, USER_ID, null)).toMatchObject({ items: [], amount: 0, shippingAddress: null });
  });
});

describe('the order draft in the checkOut slice', () => {
  it('is built when the cart is read, with the server subtotal as subtotal and amount', () => {
    const state = reduce(start(), cartLoaded({ userId: USER_ID, cart }));
    expect(state.subTotal).toBe(27.75);
    expect(state.total).toBe(27.75);
    expect(state.order).toEqual(buildOrderDraft(cart, { total: 27.75 }, USER_ID, null));
  });

  it('is rebuilt when the cart changes', () => {
    let state = reduce(start(), cartLoaded({ userId: USER_ID, cart }));
    const smaller = cartOf([lines[1]!]);
    state = reduce(state, cartLoaded({ userId: USER_ID, cart: smaller }));
    expect(state.order?.items.map((item) => item.title)).toEqual(['Dates']);
    expect(state.order?.amount).toBe(12.75);
    expect(state.total).toBe(12.75);
  });

  it('follows the totals: delivery is part of the amount', () => {
    const state = reduce({ ...start(), delivery: 4.99 }, cartLoaded({ userId: USER_ID, cart }));
    expect(state.total).toBe(32.74);
    expect(state.order?.amount).toBe(32.74);
  });

  it('takes the selected address, before or after the cart is read, and a later choice replaces it', () => {
    let state = reduce(start(), shippingAddressSelected(home));
    state = reduce(state, cartLoaded({ userId: USER_ID, cart }));
    expect(state.order?.shippingAddress).toEqual(home);
    state = reduce(state, shippingAddressSelected(work));
    expect(state.shippingAddress).toEqual(work);
    expect(state.order?.shippingAddress).toEqual(work);
    // Reading the cart again keeps the choice.
    state = reduce(state, cartLoaded({ userId: USER_ID, cart }));
    expect(state.order?.shippingAddress).toEqual(work);
  });

  it('is forgotten with the session', () => {
    let state = reduce(reduce(start(), shippingAddressSelected(home)), cartLoaded({ userId: USER_ID, cart }));
    state = reduce(state, checkoutCleared());
    expect(state).toEqual(start());
  });
});
