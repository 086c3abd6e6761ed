import type { Cart } from '@dukkan/contracts/cart';
// The money helpers are plain functions; of the schema modules, types only: the slice is part of the
// first load, and the contracts' runtime values bring zod.
import { centsToDollars, dollarsToCents } from '@dukkan/contracts/money';
import type { INITIAL_ORDER_STATUS } from '@dukkan/contracts/orders';
import type { Address } from '@dukkan/contracts/users';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** Spec section 3, "Checkout totals": all amounts in dollars, all starting at 0. */
export interface CheckOutTotals {
  subTotal: number;
  /** The cart's promotion's discount in dollars (issue #35), as the server computed it; 0 without one. */
  discount: number;
  total: number;
  /** Shipping is free (spec section 9), so delivery stays 0 until a paid option exists. */
  delivery: number;
}

/**
 * A line of the order draft (spec section 3): the product as the cart shows it, at its current
 * price. (Type aliases rather than interfaces: they fit the contract's open draft schema.)
 */
export type DraftLine = {
  _id: string;
  title: string;
  thumbnail: string;
  description: string;
  quantity: number;
  /** The current catalog price in dollars (the cart's `product.price`), not `priceWhenAdded`. */
  price: number;
};

/**
 * Spec section 3, "Order draft built at checkout". The server reads only the items' ids and
 * quantities and `shippingAddress._id` (packages/contracts/src/orders.ts); the rest is what the
 * shopper saw.
 */
export type OrderDraft = {
  userId: string;
  /** The checkout total. */
  amount: number;
  items: DraftLine[];
  status: typeof INITIAL_ORDER_STATUS;
  /** The selected saved address, or `null` while none is chosen (Place Order then refuses). */
  shippingAddress: Address | null;
};

export interface CheckOutState extends CheckOutTotals {
  /** The saved address whose radio is selected (spec section 4). */
  shippingAddress: Address | null;
  /** The order draft, rebuilt whenever the cart, the totals or the address change; `null` before the cart is read. */
  order: OrderDraft | null;
}

/** Spec section 4: the status of an order built from the cart (`INITIAL_ORDER_STATUS`). */
const DRAFT_STATUS: typeof INITIAL_ORDER_STATUS = 'Waiting for Supplier';

const initialState: CheckOutState = { subTotal: 0, discount: 0, total: 0, delivery: 0, shippingAddress: null, order: null };

/** Cents are what money is stored in (blueprint): rounding there keeps 0.1 + 0.2 at 0.30. */
function roundToCents(amount: number): number {
  return centsToDollars(dollarsToCents(amount));
}

/** Spec section 4: total = subtotal + delivery - discount. */
function totalOf(totals: CheckOutTotals): number {
  return roundToCents(totals.subTotal + totals.delivery - totals.discount);
}

/**
 * The order draft for `cart` (spec sections 3 and 4): every line at the current catalog price,
 * the checkout total as the amount, status 'Waiting for Supplier', and the selected address.
 */
export function buildOrderDraft(
  cart: Pick<Cart, 'items'>,
  totals: Pick<CheckOutTotals, 'total'>,
  userId: string,
  shippingAddress: Address | null,
): OrderDraft {
  return {
    userId,
    amount: totals.total,
    items: cart.items.map(({ product, quantity }) => ({
      _id: product._id,
      title: product.title,
      thumbnail: product.thumbnail,
      description: product.description,
      quantity,
      price: product.price,
    })),
    status: DRAFT_STATUS,
    shippingAddress,
  };
}

/**
 * The checkout's totals (spec section 4) and the order draft. The totals follow the server's
 * cart: `total = subTotal + delivery - discount`, the discount being the cart's promotion's
 * (issue #35) and delivery free (the spec's add-to-subtotal and set-discount operations had no
 * caller and were removed, issue #20).
 */
export const checkOutSlice = createSlice({
  name: 'checkOut',
  initialState,
  reducers: {
    /**
     * The checkout read the shopper's cart: the subtotal and the discount are the server's (current
     * catalog prices, as the cart page shows them) and the draft is rebuilt from its lines.
     */
    cartLoaded(state, action: PayloadAction<{ userId: string; cart: Pick<Cart, 'items' | 'subtotal' | 'discount'> }>) {
      const { userId, cart } = action.payload;
      state.subTotal = roundToCents(cart.subtotal);
      state.discount = roundToCents(cart.discount);
      state.total = totalOf(state);
      state.order = buildOrderDraft(cart, state, userId, state.shippingAddress);
    },
    /** The shopper chose a saved address (its radio, or the one just added in the dialog). */
    shippingAddressSelected(state, action: PayloadAction<Address>) {
      state.shippingAddress = action.payload;
      if (state.order) state.order.shippingAddress = action.payload;
    },
    /** The session ended: nothing of this shopper's checkout stays. */
    checkoutCleared() {
      return initialState;
    },
  },
  selectors: {
    selectCheckOutTotals: (state): CheckOutTotals => state,
    selectShippingAddress: (state) => state.shippingAddress,
    selectOrderDraft: (state) => state.order,
  },
});

export const { cartLoaded, shippingAddressSelected, checkoutCleared } = checkOutSlice.actions;
export const { selectCheckOutTotals, selectShippingAddress, selectOrderDraft } = checkOutSlice.selectors;
