import { describe, expect, it } from 'vitest';

import {
  checkOutSlice,
  discountApplied,
  subtotalChanged,
  subtotalIncreased,
  totalRecalculated,
  type CheckOutState,
} from './checkout-slice';

const reduce = checkOutSlice.reducer;
const start = () => reduce(undefined, { type: 'init' });

describe('checkOut totals', () => {
  it('start with subTotal, discount, total and delivery at 0', () => {
    expect(start()).toEqual({ subTotal: 0, discount: 0, total: 0, delivery: 0 });
  });

  it('adding to the subtotal raises subtotal and total', () => {
    let state = reduce(start(), subtotalIncreased(19.99));
    state = reduce(state, subtotalIncreased(5.01));
    expect(state.subTotal).toBe(25);
    expect(state.total).toBe(25);
  });

  it('adding keeps money exact to the cent', () => {
    const state = [0.1, 0.2].reduce((s, amount) => reduce(s, subtotalIncreased(amount)), start());
    expect(state.subTotal).toBe(0.3);
    expect(state.total).toBe(0.3);
  });

  it('setting the subtotal leaves the total until it is recalculated', () => {
    let state = reduce(start(), subtotalChanged(80));
    expect(state.subTotal).toBe(80);
    expect(state.total).toBe(0);
    state = reduce(state, totalRecalculated());
    expect(state.total).toBe(80);
  });

  it('a discount is a percent of the subtotal, taken off the total', () => {
    const state = reduce(reduce(start(), subtotalChanged(200)), discountApplied(15));
    expect(state.discount).toBe(30);
    expect(state.total).toBe(170);
  });

  it('the total is subtotal + delivery - discount', () => {
    const state: CheckOutState = { subTotal: 100, discount: 10, total: 0, delivery: 7.5 };
    expect(reduce(state, totalRecalculated()).total).toBe(97.5);
  });

  it('adding after a discount keeps the discount amount', () => {
    let state = reduce(reduce(start(), subtotalChanged(100)), discountApplied(10));
    state = reduce(state, subtotalIncreased(50));
    expect(state).toEqual({ subTotal: 150, discount: 10, total: 140, delivery: 0 });
  });

  it('actions are named as events of the checkOut slice', () => {
    expect(subtotalIncreased.type).toBe('checkOut/subtotalIncreased');
    expect(discountApplied.type).toBe('checkOut/discountApplied');
  });
});
