import { z } from 'zod';

import { MAX_LINE_QUANTITY, PromoRefusalCodeSchema, QuantitySchema } from './cart';
import { IdSchema } from './common';
import { AddressSchema } from './users';

/** Spec section 4: the status of an order built from the cart. */
export const INITIAL_ORDER_STATUS = 'Waiting for Supplier';

/**
 * Where an order is in its life. Upcoming orders are those not yet delivered or cancelled; past
 * orders are delivered or cancelled. Shown as received (spec section 4).
 */
export const OrderStatusSchema = z.enum(['Waiting for Supplier', 'Processing', 'Shipped', 'Delivered', 'Cancelled']);
export type OrderStatus = z.infer<typeof OrderStatusSchema>;
/** The statuses of a past order; every other status is upcoming. */
export const PAST_ORDER_STATUSES: readonly OrderStatus[] = ['Delivered', 'Cancelled'];

/**
 * Whether the order is paid. `Pending` until the payment provider's signed event says `Paid`;
 * `Expired` when it was left unpaid for `PAYMENT_TIMEOUT_MINUTES` (the order is then cancelled and
 * its stock returned); `Cancelled` when the shopper cancelled on the card page; `Refunded` and `Partially refunded`
 * once the shop gave all or part of a paid order's money back (issue #21).
 */
export const PaymentStatusSchema = z.enum(['Pending', 'Paid', 'Expired', 'Cancelled', 'Refunded', 'Partially refunded']);
export type PaymentStatus = z.infer<typeof PaymentStatusSchema>;

/** How long an order may wait for its payment before it is cancelled (minutes, default). */
export const DEFAULT_PAYMENT_TIMEOUT_MINUTES = 30;
/** The most lines one order may hold. */
export const MAX_ORDER_LINES = 100;

/** The shipping address an order was placed with: a copy of the saved address at that moment. */
export const OrderAddressSchema = AddressSchema;
export type OrderAddress = z.infer<typeof OrderAddressSchema>;

/** A line of an order (spec section 3), texts in the request's language. */
export const OrderItemSchema = z.object({
  /** The product's id: 'View Product' opens /details/{_id}. */
  _id: IdSchema,
  title: z.string(),
  thumbnail: z.string(),
  description: z.string(),
  /** The unit price in dollars the order was placed at. */
  price: z.number().nonnegative(),
  /** The product's rating (0–5). */
  rating: z.number().min(0).max(5),
  quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY),
  /** The line's share of the order's promotion in dollars (0 without one); issue #35. */
  discount: z.number().nonnegative(),
  /** What the line paid in dollars: price × quantity − discount. */
  paid: z.number().nonnegative(),
});
export type OrderItem = z.infer<typeof OrderItemSchema>;

/** An order as every orders endpoint answers it (spec section 3). */
export const OrderSchema = z.object({
  _id: IdSchema,
  userId: IdSchema,
  /** ISO 8601. */
  createdAt: z.string(),
  /**
   * What the order costs in dollars, computed by the server from its own prices: Σ of the lines'
   * `paid` (price × quantity − discount) plus shipping (free); the card page charges exactly this.
   */
  amount: z.number().nonnegative(),
  /** What the order's promotion took off, in dollars: Σ of the lines' `discount` (0 without one). */
  discount: z.number().nonnegative(),
  /** The promotion the order carries (`code` null for an automatic one; `name` in the request's language), or null. */
  promotion: z.object({ code: z.string().nullable(), name: z.string() }).nullable(),
  /** Number of items: Σ quantity. */
  count: z.number().int().positive(),
  status: OrderStatusSchema,
  paymentStatus: PaymentStatusSchema,
  shippingAddress: OrderAddressSchema,
  items: z.array(OrderItemSchema),
  /** When an unpaid order will be cancelled (ISO 8601); null once it is paid or cancelled. */
  payBy: z.string().nullable(),
});
export type Order = z.infer<typeof OrderSchema>;

/**
 * A refund of the order as its shopper sees it (issue #32): `succeeded`, money the payment
 * provider gave back; `pending`, asked of the provider and not yet answered (shown as "being
 * refunded", never counted as given back: it may still be refused). A refused refund is not
 * listed: no money went back.
 */
export const OrderRefundSchema = z.object({
  _id: IdSchema,
  /** In dollars. */
  amount: z.number().positive(),
  status: z.enum(['succeeded', 'pending']),
  /** When the shop made the refund (ISO 8601): the moment it asked the provider for it. */
  createdAt: z.string(),
});
export type OrderRefund = z.infer<typeof OrderRefundSchema>;

/**
 * An order as the shopper reads their own (`GET /api/orders/{id}`, `/past/{userId}`,
 * `/coming/{userId}`): every field of `OrderSchema`, unchanged (`amount` is still what the order
 * cost), and what became of its money. Computed by the server in whole cents.
 */
export const ShopperOrderSchema = OrderSchema.extend({
  /** The order's succeeded and pending refunds, oldest first; [] when there is none. */
  refunds: z.array(OrderRefundSchema),
  /** Σ of the succeeded refunds, in dollars (0 when none). */
  refundedAmount: z.number().nonnegative(),
  /**
   * What the shopper paid in the end, in dollars: `amount` less `refundedAmount` once the payment
   * was taken (payment status 'Paid', 'Partially refunded' or 'Refunded'; 0 when refunded in
   * full), and 0 for an order never paid (pending, expired, cancelled before paying). A pending
   * refund is not deducted until it succeeds.
   */
  paidAmount: z.number().nonnegative(),
});
export type ShopperOrder = z.infer<typeof ShopperOrderSchema>;

/**
 * A line of the order draft as the client sends it (spec section 3: _id, title, thumbnail,
 * description, quantity, price). Only `_id` and `quantity` are read; the rest is accepted and
 * ignored, since the server prices every line itself.
 */
export const DraftItemSchema = z.looseObject({
  _id: IdSchema,
  quantity: QuantitySchema,
});
export type DraftItem = z.infer<typeof DraftItemSchema>;

/**
 * `POST /api/orders`: the checkout's order draft (spec section 3). Only the items' ids and
 * quantities and `shippingAddress._id` (one of the shopper's saved addresses) are trusted;
 * `amount`, prices, `status` and `userId` are ignored. Send an `Idempotency-Key` header so a
 * retried Place Order makes one order.
 */
export const OrderDraftSchema = z.looseObject({
  items: z
    .array(DraftItemSchema, { message: 'The order needs its items' })
    .min(1, { message: 'Your cart is empty' })
    .max(MAX_ORDER_LINES, { message: `An order holds at most ${MAX_ORDER_LINES} different products` }),
  shippingAddress: z.looseObject({ _id: IdSchema }, { message: 'Please choose a shipping address' }),
});
export type OrderDraft = z.input<typeof OrderDraftSchema>;

/** The `Idempotency-Key` header: 8 to 100 printable characters (typically a UUID). */
export const IdempotencyKeySchema = z.string().regex(/^[\x21-\x7e]{8,100}$/, {
  message: 'Idempotency-Key must be 8 to 100 printable characters',
});

/** The headers `POST /api/orders` reads: an optional `Idempotency-Key`. */
export const PlaceOrderHeadersSchema = z.object({ 'idempotency-key': IdempotencyKeySchema.optional() });

/**
 * `POST /api/orders` answers 201 with the order (also when an `Idempotency-Key` repeats). When
 * the cart's promo code no longer applied to the order's lines, the order was placed without it
 * and `promoNotice` says why (issue #35).
 */
export const PlaceOrderResponseSchema = z.object({
  data: OrderSchema,
  promoNotice: z.object({ code: z.string(), reason: PromoRefusalCodeSchema, message: z.string() }).optional(),
});
export type PlaceOrderResponse = z.infer<typeof PlaceOrderResponseSchema>;

/** `GET /api/orders/{id}`: the spec's `order` field is an array; its first element is the order. */
export const OrderResponseSchema = z.object({ order: z.tuple([ShopperOrderSchema]) });
export type OrderResponse = z.infer<typeof OrderResponseSchema>;

/** `GET /api/orders/past/{userId}` and `/coming/{userId}`: newest first. */
export const OrdersResponseSchema = z.object({ allOrders: z.array(ShopperOrderSchema) });
export type OrdersResponse = z.infer<typeof OrdersResponseSchema>;

export const OrderParamsSchema = z.object({ id: IdSchema });
export const UserOrdersParamsSchema = z.object({ userId: IdSchema });

/**
 * `POST /api/stripe/create-checkout-session` (spec section 7): the order placed (only its `_id`
 * is read) and the shopper's id, which must be the signed-in shopper's.
 */
export const CheckoutSessionBodySchema = z.object({
  order: z.looseObject({ _id: IdSchema }, { message: 'order._id is required' }),
  userId: IdSchema,
});
export type CheckoutSessionBody = z.input<typeof CheckoutSessionBodySchema>;

/** The hosted card page to send the browser to. */
export const CheckoutSessionResponseSchema = z.object({ url: z.string().min(1) });
export type CheckoutSessionResponse = z.infer<typeof CheckoutSessionResponseSchema>;

/** What the shop answers a payment provider's signed event: received, and what came of it. */
export const PaymentWebhookResponseSchema = z.object({ received: z.literal(true), outcome: z.enum(['handled', 'duplicate', 'ignored']) });

/** The sandbox's hosted card page (`/pay/{sessionId}`): its address's session. */
export const PaySessionParamsSchema = z.object({ sessionId: z.string() });

/**
 * The card page's HTML form as posted (`application/x-www-form-urlencoded`): every field is text,
 * and a missing or over-long one reads as empty, so the page answers with its own field messages.
 */
export const SandboxCardFormSchema = z.object({
  name: z.string().max(200).catch(''),
  number: z.string().max(60).catch(''),
  expiry: z.string().max(20).catch(''),
  cvc: z.string().max(20).catch(''),
});
