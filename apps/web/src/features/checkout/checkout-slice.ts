import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** Spec section 3, "Checkout totals": all amounts in dollars, all starting at 0. */
export interface CheckOutState {
  subTotal: number;
  /** The discount as an amount (subtotal x percent / 100), see `discountApplied`. */
  discount: number;
  total: number;
  /** Shipping is free (spec section 9), so delivery stays 0 until a paid option exists. */
  delivery: number;
}

const initialState: CheckOutState = { subTotal: 0, discount: 0, total: 0, delivery: 0 };

/** Cents are what money is stored in (blueprint): rounding there keeps 0.1 + 0.2 at 0.30. */
function roundToCents(amount: number): number {
  return Math.round(amount * 100) / 100;
}

function totalOf(state: CheckOutState): number {
  return roundToCents(state.subTotal + state.delivery - state.discount);
}

/**
 * The checkout totals operations of spec section 4. The spec writes "add to subtotal" as
 * `total = subtotal x (1 - discount)` but "set discount" stores the discount as an amount
 * (`subtotal x percent / 100`); read together, the two formulas only agree while the discount is
 * 0. Here the discount is always an amount and every operation keeps
 * `total = subTotal + delivery - discount`, which is what both formulas give with no discount.
 */
export const checkOutSlice = createSlice({
  name: 'checkOut',
  initialState,
  reducers: {
    /** An amount was added to the subtotal (e.g. a line's price x quantity). */
    subtotalIncreased(state, action: PayloadAction<number>) {
      state.subTotal = roundToCents(state.subTotal + action.payload);
      state.total = totalOf(state);
    },
    /** The subtotal was computed anew (sum of priceWhenAdded x quantity over the cart lines). */
    subtotalChanged(state, action: PayloadAction<number>) {
      state.subTotal = roundToCents(action.payload);
    },
    /** A discount of `percent` % of the subtotal applies. */
    discountApplied(state, action: PayloadAction<number>) {
      state.discount = roundToCents(state.subTotal * (action.payload / 100));
      state.total = totalOf(state);
    },
    /** The total is due again after the subtotal, delivery or discount changed. */
    totalRecalculated(state) {
      state.total = totalOf(state);
    },
  },
  selectors: {
    selectCheckOutTotals: (state) => state,
  },
});

export const { subtotalIncreased, subtotalChanged, discountApplied, totalRecalculated } = checkOutSlice.actions;
export const { selectCheckOutTotals } = checkOutSlice.selectors;
