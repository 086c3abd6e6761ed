import type { Database } from '../../db/client';
import type { PaymentProvider } from '../../payments/provider';
import { refundOfUnits } from '../promotions/amounts';

import { checkOrderId, dollars, FulfilmentError, isPaid, linesOf, lockOrder, type FulfilmentContext } from './fulfilment';
import { needsOwner, paidSession, pendingCents, reserveRefund, restockedUnits, settle, settlePendingRefunds, type RefundItem } from './refund-settlement';

/** What a refund is asked with: dollars already turned into cents by the caller. */
export interface RefundInput {
  /** Omitted: all that is left. */
  amountCents?: number;
  reason: string;
  restock: boolean;
  items?: RefundItem[];
  /** Refunds above this many cents need the owner; 0: no limit. */
  approvalLimitCents: number;
}

/** What a refund did: its id, and the provider's answer (refused ones are thrown as `REFUND_REFUSED` after being recorded). */
export interface RefundDone {
  refundId: string;
  amountCents: number;
  providerRefundId: string;
}

/** A line of the order as a refund weighs it: what it paid in all (after its discount) for its units. */
interface RefundLine {
  productId: string;
  quantity: number;
  priceCents: number;
  discountCents: number;
}

const paidOf = (line: RefundLine) => line.priceCents * line.quantity - line.discountCents;

/**
 * The units a refund returns to stock, and the most the refund may be: the `items` given (each a
 * line of the order, within what refunds have not returned yet), bounded by what those units
 * paid after their discount (`itemsCents`); or without items the units `amountCents` pays for,
 * line by line at what each unit paid, rounded down.
 */
function unitsToRestock(
  orderId: string,
  lines: RefundLine[],
  restocked: Map<string, number>,
  amountCents: number | undefined,
  items: RefundItem[] | undefined,
  cancelled: boolean,
): { units: RefundItem[]; itemsCents?: number } {
  // A cancelled order's stock went back with the cancellation: none is left to return.
  const leftOf = (line: { productId: string; quantity: number }) => (cancelled ? 0 : line.quantity - (restocked.get(line.productId) ?? 0));
  // What `units` more of the line return: their part of what the line paid, exact to the cent over all its units (decision 0059).
  const worth = (line: RefundLine, units: number) => refundOfUnits(paidOf(line), line.quantity, line.quantity - leftOf(line), units);
  if (items) {
    const seen = new Set<string>();
    let itemsCents = 0;
    const units = items.map((item) => {
      const line = lines.find((candidate) => candidate.productId === item.productId);
      if (!line || seen.has(item.productId)) {
        throw new FulfilmentError('REFUND_ITEMS_INVALID', `Product ${item.productId} is not a line of order ${orderId}${line ? ' (it is given twice)' : ''}.`, 400);
      }
      seen.add(item.productId);
      if (item.quantity > leftOf(line)) {
        throw new FulfilmentError(
          'REFUND_ITEMS_INVALID',
          `Only ${leftOf(line)} of product ${item.productId} can still be returned to stock for order ${orderId}, not ${item.quantity}.`,
        );
      }
      itemsCents += worth(line, item.quantity);
      return { productId: item.productId, quantity: item.quantity };
    });
    return { units, itemsCents };
  }
  let remaining = amountCents ?? 0;
  const units: RefundItem[] = [];
  for (const line of lines) {
    let quantity = leftOf(line);
    while (quantity > 0 && worth(line, quantity) > remaining) quantity -= 1;
    if (quantity <= 0) continue;
    remaining -= worth(line, quantity);
    units.push({ productId: line.productId, quantity });
  }
  return { units };
}

/**
 * Refunds a paid order, whole or in part, through the provider (decision 0037):
 * 1. one transaction with the order locked checks it — paid (or partially refunded, or cancelled
 *    while paid), the amount within what was paid and is neither refunded nor reserved by a
 *    pending refund (`REFUND_TOO_LARGE`), above the approval limit only for the owner, the
 *    items lines of the order within what is left to restock — and reserves the refund as a
 *    pending row;
 * 2. after that commit, the provider is asked, with the refund's id as its idempotency key;
 * 3. a second transaction records its answer (`recordOutcome`).
 * A refused refund is recorded as failed, then thrown as `REFUND_REFUSED`; one the provider did
 * not answer stays pending (`REFUND_PENDING`), asked again by `settlePendingRefunds`.
 */
export async function refundOrder(db: Database, orderId: string, provider: PaymentProvider, context: FulfilmentContext, input: RefundInput): Promise<RefundDone> {
  checkOrderId(orderId);
  const { actor } = context;
  // A refund reserved earlier and never answered is settled first, so its reservation is real.
  await settlePendingRefunds(db, provider, context, orderId);
  const reserved = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    const cancelledPaid = order.status === 'Cancelled' && order.paymentStatus === 'Paid';
    if (!isPaid(order.paymentStatus) && order.paymentStatus !== 'Refunded') {
      throw new FulfilmentError('NOT_REFUNDABLE', `Order ${orderId} is not paid (payment ${order.paymentStatus}): there is nothing to refund.`);
    }
    const leftCents = order.amountCents - order.refundedCents - (await pendingCents(tx, orderId));
    if (leftCents <= 0) throw new FulfilmentError('REFUND_TOO_LARGE', `Order ${orderId} has nothing left to refund: its ${dollars(order.amountCents)} are refunded or being refunded.`);
    const lines = await linesOf(tx, orderId);
    const restocked = await restockedUnits(tx, orderId);
    const cancelled = cancelledPaid || order.status === 'Cancelled';
    // An amount given for named lines is bounded by what their units paid, after their discount;
    // without an amount, a refund is all that is left (the lines named go back to stock).
    const named = input.items ? unitsToRestock(orderId, lines, restocked, undefined, input.items, cancelled) : undefined;
    const amountCents = input.amountCents ?? leftCents;
    if (amountCents > leftCents) {
      throw new FulfilmentError('REFUND_TOO_LARGE', `At most ${dollars(leftCents)} of order ${orderId} can still be refunded, not ${dollars(amountCents)}.`);
    }
    const boundCents = input.amountCents === undefined ? leftCents : Math.min(leftCents, named?.itemsCents ?? leftCents);
    if (amountCents > boundCents) {
      throw new FulfilmentError('REFUND_TOO_LARGE', `The items named paid ${dollars(boundCents)} after their discount: at most that can be refunded for them, not ${dollars(amountCents)}.`);
    }
    if (await needsOwner(tx, orderId, actor, amountCents, input.approvalLimitCents)) {
      throw new FulfilmentError(
        'REFUND_NEEDS_OWNER',
        `Refunds above ${dollars(input.approvalLimitCents)} on one order, earlier ones included, need the owner: ask the owner to make it.`,
      );
    }
    const session = await paidSession(tx, orderId);
    if (!session) throw new FulfilmentError('NOT_REFUNDABLE', `No completed payment session was found for order ${orderId}: refund it at the payment provider by hand.`);
    if (session.provider !== provider.name) {
      throw new FulfilmentError('NOT_REFUNDABLE', `Order ${orderId} was paid through ${session.provider}, which the shop no longer uses: refund it there by hand.`);
    }
    const items = named?.units ?? unitsToRestock(orderId, lines, restocked, amountCents, undefined, cancelled).units;
    const refundId = await reserveRefund(tx, order, actor, { amountCents, reason: input.reason, restock: input.restock, items: input.restock ? items : [], provider: provider.name });
    return { refundId, orderId, providerSessionId: session.providerSessionId, amountCents };
  });

  const answer = await settle(db, provider, reserved, context);
  if (answer.kind === 'failed') throw new FulfilmentError('REFUND_REFUSED', `The payment provider refused the refund: ${answer.message}`);
  if (answer.kind === 'unknown') {
    throw new FulfilmentError('REFUND_PENDING', 'The payment provider did not answer: the refund is pending, and is asked for again before the next refund of this order.');
  }
  return { refundId: reserved.refundId, amountCents: reserved.amountCents, providerRefundId: answer.refundId };
}
