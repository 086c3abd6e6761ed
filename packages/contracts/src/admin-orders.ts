import { z } from 'zod';

import { dollarsHaveCents } from './admin-products';
import { StaffRoleSchema, type StaffRole } from './admin-staff';
import { dataSchema, IdSchema, MAX_PAGE, MAX_PAGE_SIZE } from './common';
import { OrderAddressSchema, OrderStatusSchema, PaymentStatusSchema } from './orders';

/*
 * The back office's orders, refunds and customers (issue #21). Amounts are dollars (stored as
 * integer cents); days are UTC calendar days `YYYY-MM-DD`, `from` and `to` both inclusive.
 */

/** A UTC calendar day, `YYYY-MM-DD`, that exists. */
export const UtcDaySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'must be a day as YYYY-MM-DD' })
  .refine((day) => {
    const date = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
  }, { message: 'must be a day that exists' });

const page = z.coerce.number({ message: 'page must be a whole number from 1' }).int().min(1).max(MAX_PAGE).default(1);
const pageSize = z.coerce.number({ message: `pageSize must be a whole number from 1 to ${MAX_PAGE_SIZE}` }).int().min(1).max(MAX_PAGE_SIZE).default(25);

/** Who did something: a staff member as they were then (null for the shopper or the system). */
export const ActorSchema = z.object({ _id: z.string().nullable(), email: z.string(), role: StaffRoleSchema.nullable() });
export type Actor = z.infer<typeof ActorSchema>;

/** Whom an order belongs to. */
export const OrderCustomerSchema = z.object({ _id: IdSchema, email: z.string(), name: z.string() });

// ---- Orders ----------------------------------------------------------------------------------

export const AdminOrderSortSchema = z.enum(['createdAt', '-createdAt', 'amount', '-amount']);

/** `GET /api/admin/orders?status=&paymentStatus=&q=&from=&to=&sort=&page=&pageSize=`. */
export const AdminOrderListQuerySchema = z
  .object({
    status: OrderStatusSchema.optional(),
    paymentStatus: PaymentStatusSchema.optional(),
    /** An order id (whole, or its first characters), or part of a customer's email or name. */
    q: z.string().trim().max(200).optional(),
    from: UtcDaySchema.optional(),
    to: UtcDaySchema.optional(),
    sort: AdminOrderSortSchema.default('-createdAt'),
    page,
    pageSize,
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { path: ['to'], message: 'to must not be before from' });
export type AdminOrderListQuery = z.infer<typeof AdminOrderListQuerySchema>;

/** An order as the back office's list shows it. */
export const AdminOrderSummarySchema = z.object({
  _id: IdSchema,
  /** ISO 8601. */
  createdAt: z.string(),
  customer: OrderCustomerSchema,
  /** What the order cost, in dollars. */
  amount: z.number().nonnegative(),
  /** What has been refunded of it so far, in dollars. */
  refunded: z.number().nonnegative(),
  currency: z.string(),
  status: OrderStatusSchema,
  paymentStatus: PaymentStatusSchema,
  /** Σ quantity of its lines. */
  itemCount: z.number().int(),
});
export type AdminOrderSummary = z.infer<typeof AdminOrderSummarySchema>;

export const AdminOrderListResponseSchema = z.object({ data: z.array(AdminOrderSummarySchema), total: z.number().int() });
export type AdminOrderListResponse = z.infer<typeof AdminOrderListResponseSchema>;

/** `pending`: reserved and sent to the provider, its answer not recorded yet (decision 0037). */
export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export const RefundStatusSchema = z.enum(REFUND_STATUSES);

/** A refund as it was recorded: made at the provider (`succeeded`), or refused there (`failed`). */
export const AdminRefundSchema = z.object({
  _id: IdSchema,
  amount: z.number().nonnegative(),
  reason: z.string(),
  restock: z.boolean(),
  /** The units returned to stock ([] without restock). */
  items: z.array(z.object({ productId: IdSchema, quantity: z.number().int() })),
  status: RefundStatusSchema,
  /** The payment provider's id of the refund (null when it failed, or for the sandbox's none). */
  providerRefundId: z.string().nullable(),
  /** Why the provider refused, in its words. */
  failureMessage: z.string().nullable(),
  by: ActorSchema.nullable(),
  createdAt: z.string(),
});
export type AdminRefund = z.infer<typeof AdminRefundSchema>;

export const TIMELINE_KINDS = ['placed', 'paid', 'status', 'cancelled', 'expired', 'refund', 'refund-failed', 'mail'] as const;
export const TimelineKindSchema = z.enum(TIMELINE_KINDS);

/**
 * One moment of an order's life, oldest first: placed, paid, each status change, a
 * cancellation (with its reason), a refund, a mail sent to the shopper. `by` is the staff member
 * who did it (null for the shopper or the shop itself).
 */
export const TimelineEntrySchema = z.object({
  at: z.string(),
  kind: TimelineKindSchema,
  by: ActorSchema.nullable(),
  /** status: the status before and after. */
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** cancelled, refund: the reason given; mail: what the mail was ('order-shipped', ...). */
  note: z.string().nullable(),
  /** refund: its amount in dollars. */
  amount: z.number().nullable(),
  /** mail: 'pending', 'sent' or 'failed'. */
  mailStatus: z.string().nullable(),
});
export type TimelineEntry = z.infer<typeof TimelineEntrySchema>;

/** A line of an order in the back office. */
export const AdminOrderLineSchema = z.object({
  productId: IdSchema,
  title: z.object({ en: z.string(), ar: z.string() }),
  thumbnail: z.string(),
  quantity: z.number().int(),
  /** The unit price the order was placed at, in dollars. */
  price: z.number().nonnegative(),
  /** The line's share of the order's promotion, and what it paid after it (price × quantity − discount), in dollars. */
  discount: z.number().nonnegative(),
  paid: z.number().nonnegative(),
  /** Units of this line already returned to stock by refunds. */
  restocked: z.number().int(),
});
export type AdminOrderLine = z.infer<typeof AdminOrderLineSchema>;

/** A payment session of the order at its provider. */
export const AdminPaymentSchema = z.object({
  _id: IdSchema,
  provider: z.string(),
  providerSessionId: z.string(),
  status: z.string(),
  amount: z.number().nonnegative(),
  createdAt: z.string(),
});

/** `GET /api/admin/orders/{id}`, and the answer of every order action: `{data: order}`. */
export const AdminOrderSchema = AdminOrderSummarySchema.extend({
  updatedAt: z.string(),
  paidAt: z.string().nullable(),
  /** When an unpaid order will be cancelled. */
  payBy: z.string(),
  /** The shopper's language when ordering (their mails are in it). */
  lng: z.string(),
  lines: z.array(AdminOrderLineSchema),
  /** What the order's promotion took off, in dollars (0 without one), and the promotion (issue #35). */
  discount: z.number().nonnegative(),
  promotion: z.object({ _id: IdSchema, code: z.string().nullable(), name: z.object({ en: z.string(), ar: z.string() }) }).nullable(),
  shippingAddress: OrderAddressSchema,
  payments: z.array(AdminPaymentSchema),
  refunds: z.array(AdminRefundSchema),
  timeline: z.array(TimelineEntrySchema),
  /** The status `POST …/status` would move it to, or null when it cannot move on. */
  nextStatus: OrderStatusSchema.nullable(),
  /** What may still be refunded, in dollars (0 for an unpaid order). */
  refundable: z.number().nonnegative(),
  cancellable: z.boolean(),
});
export type AdminOrder = z.infer<typeof AdminOrderSchema>;
export const AdminOrderResponseSchema = dataSchema(AdminOrderSchema);
export type AdminOrderResponse = z.infer<typeof AdminOrderResponseSchema>;

/** The path of `/api/admin/orders/{id}` and its actions: whatever text it holds; the service refuses one that is no order id (`INVALID_ORDER_ID`). */
export const AdminOrderParamsSchema = z.object({ id: z.string() });
export type AdminOrderParams = z.infer<typeof AdminOrderParamsSchema>;

/** `POST /api/admin/orders/{id}/status`. */
export const OrderStatusBodySchema = z.object({ status: OrderStatusSchema }).strict();
export type OrderStatusBody = z.infer<typeof OrderStatusBodySchema>;

export const ORDER_REASON_MAX = 500;
const reason = z
  .string({ message: 'reason is required' })
  .trim()
  .min(1, { message: 'reason is required' })
  .max(ORDER_REASON_MAX, { message: `reason must be at most ${ORDER_REASON_MAX} characters` });

/** `POST /api/admin/orders/{id}/cancel`. */
export const CancelOrderBodySchema = z.object({ reason }).strict();
export type CancelOrderBody = z.infer<typeof CancelOrderBodySchema>;

/**
 * `POST /api/admin/orders/{id}/refunds`: no `amount` refunds all that is left; an `amount` with
 * `items` may not exceed what those units paid after their discount (issue #35).
 */
export const RefundBodySchema = z
  .object({
    amount: z
      .number({ message: 'amount must be a number of dollars' })
      .positive({ message: 'amount must be above 0' })
      .max(1_000_000, { message: 'amount must be at most 1000000' })
      .refine(dollarsHaveCents, { message: 'amount must have at most 2 decimals' })
      .optional(),
    reason,
    restock: z.boolean({ message: 'restock must be true or false' }),
    items: z
      .array(
        z
          .object({
            productId: IdSchema,
            quantity: z.number({ message: 'quantity must be a whole number from 1' }).int({ message: 'quantity must be a whole number from 1' }).min(1, { message: 'quantity must be a whole number from 1' }).max(99),
          })
          .strict(),
      )
      .min(1, { message: 'items must not be empty' })
      .max(100)
      .optional(),
  })
  .strict();
export type RefundBody = z.infer<typeof RefundBodySchema>;

/** `GET /api/admin/orders/export.csv?from=&to=`: its header row. */
export const ORDER_CSV_COLUMNS = ['id', 'date', 'customer_email', 'status', 'payment_status', 'amount', 'refunded', 'discount'] as const;
export const OrderExportQuerySchema = z
  .object({ from: UtcDaySchema.optional(), to: UtcDaySchema.optional() })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { path: ['to'], message: 'to must not be before from' });

// ---- Customers -------------------------------------------------------------------------------

/** `GET /api/admin/customers?q=&page=&pageSize=`. */
export const AdminCustomerListQuerySchema = z.object({ q: z.string().trim().max(200).optional(), page, pageSize });
export type AdminCustomerListQuery = z.infer<typeof AdminCustomerListQuerySchema>;

export const AdminCustomerSummarySchema = z.object({
  _id: IdSchema,
  email: z.string(),
  name: z.string(),
  createdAt: z.string(),
  disabled: z.boolean(),
  orderCount: z.number().int(),
  /** Σ of paid orders less their refunds, in dollars. */
  lifetimeSpend: z.number(),
});
export type AdminCustomerSummary = z.infer<typeof AdminCustomerSummarySchema>;
export const AdminCustomerListResponseSchema = z.object({ data: z.array(AdminCustomerSummarySchema), total: z.number().int() });
export type AdminCustomerListResponse = z.infer<typeof AdminCustomerListResponseSchema>;

/** `GET /api/admin/customers/{id}` → `{data: customer}`: never a password hash. */
export const AdminCustomerSchema = AdminCustomerSummarySchema.extend({
  marketingEmails: z.boolean(),
  addresses: z.array(OrderAddressSchema.extend({ _id: IdSchema })),
  orders: z.array(AdminOrderSummarySchema),
});
export type AdminCustomer = z.infer<typeof AdminCustomerSchema>;
export const AdminCustomerResponseSchema = dataSchema(AdminCustomerSchema);
export type AdminCustomerResponse = z.infer<typeof AdminCustomerResponseSchema>;

/** `PATCH /api/admin/customers/{id}`. */
export const UpdateCustomerBodySchema = z.object({ disabled: z.boolean({ message: 'disabled must be true or false' }) }).strict();
export type UpdateCustomerBody = z.infer<typeof UpdateCustomerBodySchema>;

/** The path of `/api/admin/customers/{id}` and its actions. */
export const AdminCustomerParamsSchema = z.object({ id: IdSchema });
export type AdminCustomerParams = z.infer<typeof AdminCustomerParamsSchema>;

/** The most recent orders `GET /api/admin/customers/{id}` lists (`orderCount` counts them all). */
export const CUSTOMER_ORDERS_LIMIT = 100;

/** `POST /api/admin/customers/{id}/password-reset` → 202: the shop's reset mail is on its way (the outbox). */
export const CustomerPasswordResetResponseSchema = dataSchema(z.object({ sent: z.literal(true) }));
export type CustomerPasswordResetResponse = z.infer<typeof CustomerPasswordResetResponseSchema>;

// ---- Dashboard -------------------------------------------------------------------------------

/** `GET /api/admin/stats?from=&to=`: default the last 30 days up to today (UTC); at most 366 days. */
export const StatsQuerySchema = z
  .object({ from: UtcDaySchema.optional(), to: UtcDaySchema.optional() })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { path: ['to'], message: 'to must not be before from' });
export type StatsQuery = z.input<typeof StatsQuerySchema>;

/**
 * The staff roles that may read customers (those `/api/admin/customers` lets in): the stats
 * answer holds customer data (an expiring order's email) only for them.
 */
export const STATS_CUSTOMER_ROLES = ['owner', 'support'] as const satisfies readonly StaffRole[];

/** A product of the dashboard's stock lists, with the units it has. */
const StockProductSchema = z.object({ _id: IdSchema, title: z.object({ en: z.string(), ar: z.string() }), quantity: z.number().int() });

export const StatsSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** One entry per day from `from` to `to`, days without orders included: paid orders by the day they were paid. */
  days: z.array(z.object({ date: z.string(), revenue: z.number(), paidOrders: z.number().int() })),
  totals: z.object({ revenue: z.number(), paidOrders: z.number().int(), refunded: z.number() }),
  /** Today (UTC): orders placed and revenue paid. */
  today: z.object({ orders: z.number().int(), revenue: z.number() }),
  /**
   * Unpaid orders that will be cancelled soonest. `customerEmail` only for a role that may read
   * customers (`STATS_CUSTOMER_ROLES`): the others get no customer data here.
   */
  expiringUnpaid: z.array(z.object({ _id: IdSchema, payBy: z.string(), amount: z.number(), customerEmail: z.string().optional() })),
  lowStockThreshold: z.number().int(),
  /** Published products with 1 to `lowStockThreshold` units, fewest first. */
  lowStock: z.array(StockProductSchema),
  /** Published products with no units left, in catalog order. */
  outOfStock: z.array(StockProductSchema),
  /** The last 7 days' best sellers by units sold in paid orders. */
  bestSellers: z.array(z.object({ _id: IdSchema, title: z.object({ en: z.string(), ar: z.string() }), quantity: z.number().int(), revenue: z.number() })),
  /** Reviews waiting for moderation (issue #36). */
  pendingReviews: z.number().int().nonnegative(),
});
export type Stats = z.infer<typeof StatsSchema>;
export const StatsResponseSchema = dataSchema(StatsSchema);
export type StatsResponse = z.infer<typeof StatsResponseSchema>;

// ---- Audit log -------------------------------------------------------------------------------

export const AUDIT_ACTIONS = [
  'staff.sign-in',
  'staff.sign-in-failed',
  /** A sign-in refused with 429, before its password was checked (at most once a minute per email and address). */
  'staff.sign-in-limited',
  /** A request refused with 403 `ROLE_FORBIDDEN` (at most once a minute per member, address and route). */
  'staff.forbidden',
  'staff.sign-out',
  'staff.create',
  'staff.invite',
  'staff.update',
  'staff.password',
  'staff.two-factor',
  'settings.update',
  'product.create',
  'product.update',
  'product.archive',
  'product.photo',
  'stock.adjust',
  'import.apply',
  'order.status',
  'order.cancel',
  'order.refund',
  'customer.update',
  'customer.password-reset',
  'promotion.create',
  'promotion.update',
  'promotion.deactivate',
  'review.approve',
  'review.reject',
] as const;
export const AuditActionSchema = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof AuditActionSchema>;

export const AUDIT_ENTITY_TYPES = ['staff', 'product', 'import', 'order', 'customer', 'settings', 'promotion', 'review'] as const;
export const AuditEntityTypeSchema = z.enum(AUDIT_ENTITY_TYPES);
export type AuditEntityType = z.infer<typeof AuditEntityTypeSchema>;

/** `GET /api/admin/audit?actor=&entity=&from=&to=&page=&pageSize=` (owner only), newest first. */
export const AuditQuerySchema = z
  .object({
    /** A staff member's id or email. */
    actor: z.string().trim().max(254).optional(),
    /** The id of a product, order, customer or staff member. */
    entity: z.string().trim().max(100).optional(),
    from: UtcDaySchema.optional(),
    to: UtcDaySchema.optional(),
    page,
    pageSize,
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { path: ['to'], message: 'to must not be before from' });
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

export const AuditEntrySchema = z.object({
  _id: z.string(),
  at: z.string(),
  /** Who: for a failed sign-in with an unknown email, `_id` and `role` are null and `email` is what was typed. */
  actor: ActorSchema,
  /** The client's address. */
  address: z.string(),
  action: AuditActionSchema,
  entityType: AuditEntityTypeSchema.nullable(),
  entityId: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
export const AuditListResponseSchema = z.object({ data: z.array(AuditEntrySchema), total: z.number().int() });
export type AuditListResponse = z.infer<typeof AuditListResponseSchema>;
