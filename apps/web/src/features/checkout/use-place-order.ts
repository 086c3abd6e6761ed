import type { ErrorCode } from '@dukkan/contracts/errors';
import type { OrderDraft as OrderDraftBody } from '@dukkan/contracts/orders';
import type { Address } from '@dukkan/contracts/users';
import { useCallback, useEffect, useRef, useState } from 'react';

import { errorCodeOf, errorMessageOf } from '../../lib/api-error';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import { leavePageFor } from '../../lib/leave-page';

import { useCreateCheckoutSessionMutation, usePlaceOrderMutation } from './checkout-api';
import type { OrderDraft } from './checkout-slice';

/** An order draft ready to send: it has its shipping address. */
export type ReadyDraft = OrderDraft & { shippingAddress: Address };

/** Why Place Order stopped: which call failed, and the server's `{ message, code }` when it gave one. */
export interface PlaceOrderFailure {
  step: 'order' | 'payment';
  message: string | null;
  code: ErrorCode | null;
}


/** What the server reads of a draft: the same products, quantities and address are the same attempt. */
function attemptOf(draft: ReadyDraft): string {
  return JSON.stringify([draft.items.map((item) => [item._id, item.quantity]), draft.shippingAddress._id]);
}

/**
 * Place Order (spec section 7): `POST /orders` with the draft, then
 * `POST /stripe/create-checkout-session` for the order placed, then the browser goes to the
 * hosted card page. While it runs a second call does nothing (a double click places one order).
 *
 * Each attempt carries an `Idempotency-Key`, kept for as long as this page shows the same cart
 * and address: a retry after a failure (or after coming back from the card page) answers the
 * order already placed instead of placing a second one; another cart or address is another
 * attempt with a new key.
 */
export function usePlaceOrder() {
  const [placeOrder] = usePlaceOrderMutation();
  const [createCheckoutSession] = useCreateCheckoutSessionMutation();
  const [placing, setPlacing] = useState(false);
  const running = useRef(false);
  const attempt = useRef<{ draft: string; key: string } | null>(null);

  useEffect(() => {
    // Back from the card page, the browser may restore this page from its cache just as it was
    // left — busy, on the way out. It is idle again.
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      running.current = false;
      setPlacing(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const place = useCallback(
    async (draft: ReadyDraft): Promise<PlaceOrderFailure | null> => {
      if (running.current) return null;
      running.current = true;
      setPlacing(true);
      const fail = (failure: PlaceOrderFailure) => {
        running.current = false;
        setPlacing(false);
        return failure;
      };

      const current = attemptOf(draft);
      if (attempt.current?.draft !== current) attempt.current = { draft: current, key: newIdempotencyKey() };
      const placed = await placeOrder({ draft: draft satisfies OrderDraftBody, idempotencyKey: attempt.current.key });
      if ('error' in placed) return fail({ step: 'order', message: errorMessageOf(placed.error), code: errorCodeOf(placed.error) });

      const session = await createCheckoutSession({ order: placed.data, userId: draft.userId });
      if ('error' in session) {
        const code = errorCodeOf(session.error);
        // The order this key made was cancelled (unpaid in time, or on the card page): the next
        // Place Order is a new attempt, not a replay of that order.
        if (code === 'ORDER_CANCELLED') attempt.current = null;
        return fail({ step: 'payment', message: errorMessageOf(session.error), code });
      }

      // The page is leaving: it stays busy, so nothing is placed twice meanwhile.
      leavePageFor(session.data.url);
      return null;
    },
    [placeOrder, createCheckoutSession],
  );

  return { placeOrder: place, placing };
}
