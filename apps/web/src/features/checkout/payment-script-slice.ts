import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';

import type { PaymentScriptOptions } from '../../lib/payment-script';

/** Spec section 4, "Payment-script loading": initial, pending, rejected (with message), resolved. */
export type PaymentScriptState =
  | { status: 'initial'; message: null }
  | { status: 'pending'; message: null }
  | { status: 'rejected'; message: string }
  | { status: 'resolved'; message: null };

/** The part of the store the thunk reads. */
type WithPaymentScript = { paymentScript: PaymentScriptState };

const initialState = { status: 'initial', message: null } as PaymentScriptState;

/**
 * Loads the provider's button script (lib/payment-script.ts). Nothing happens while it is
 * loading or once it is loaded; after a failure the next call tries again. The script's global
 * itself stays out of the store (it is not serialisable): read it with `loadedPaymentButtons`.
 */
export const loadPaymentButtons = createAsyncThunk<undefined, PaymentScriptOptions | undefined, { state: WithPaymentScript; rejectValue: string }>(
  'paymentScript/load',
  async (options, { rejectWithValue }) => {
    try {
      // The store is part of the first load; the loader comes with the page that pays.
      const { loadPaymentScript } = await import('../../lib/payment-script');
      await loadPaymentScript(options);
    } catch (error) {
      return rejectWithValue(error instanceof Error ? error.message : String(error));
    }
  },
  {
    condition: (_options, { getState }) => {
      const { status } = getState().paymentScript;
      return status !== 'pending' && status !== 'resolved';
    },
  },
);

export const paymentScriptSlice = createSlice({
  name: 'paymentScript',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(loadPaymentButtons.pending, () => ({ status: 'pending', message: null }))
      .addCase(loadPaymentButtons.fulfilled, () => ({ status: 'resolved', message: null }))
      .addCase(loadPaymentButtons.rejected, (_state, action) => ({
        status: 'rejected',
        message: action.payload ?? action.error.message ?? '',
      }));
  },
  selectors: {
    selectPaymentScript: (state) => state,
  },
});

export const { selectPaymentScript } = paymentScriptSlice.selectors;
