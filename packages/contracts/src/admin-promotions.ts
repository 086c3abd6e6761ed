import { z } from 'zod';

import { IdSchema, MAX_PAGE } from './common';
import { centsToDollars, dollarsToCents } from './money';

/*
 * The back office's promotions (issue #35, decision 0059). Amounts are dollars with at most two
 * decimals (stored as integer cents); a percent is whole. A 400's message names the field as
 * sent (`value: must be from 1 to 100`).
 */

export const PROMOTION_KINDS = ['percent', 'amount'] as const;
export const PromotionKindSchema = z.enum(PROMOTION_KINDS, { message: "must be 'percent' or 'amount'" });
export type PromotionKind = z.infer<typeof PromotionKindSchema>;

/** Worked out from the promotion and its uses, never stored. */
export const PROMOTION_STATUSES = ['scheduled', 'active', 'expired', 'used up', 'inactive'] as const;
export const PromotionStatusSchema = z.enum(PROMOTION_STATUSES, { message: `must be one of ${PROMOTION_STATUSES.join(', ')}` });
export type PromotionStatus = z.infer<typeof PromotionStatusSchema>;

export const PROMOTION_NAME_MAX = 100;
/** The most an amount, or a minimum subtotal, may be: the most a product may cost. */
export const PROMOTION_DOLLARS_MAX = 1_000_000;
export const PROMOTION_LIMIT_MAX = 1_000_000;
/** Letters, digits or dashes, 3 to 32 of them. */
export const PROMO_CODE = /^[A-Za-z0-9-]{3,32}$/;

const name = (language: 'en' | 'ar') =>
  z
    .string({ message: 'is required' })
    .trim()
    .min(1, { message: 'is required' })
    .max(PROMOTION_NAME_MAX, { message: `must be at most ${PROMOTION_NAME_MAX} characters` })
    .describe(language);

/** Whole cents in `value` dollars. */
const hasCents = (value: number) => Math.abs(dollarsToCents(value) - value * 100) < 1e-6;

const dollars = (least: number) =>
  z
    .number({ message: 'must be a number of dollars' })
    .min(least, { message: least === 0 ? 'must not be negative' : 'must be above 0' })
    .max(PROMOTION_DOLLARS_MAX, { message: `must be at most ${PROMOTION_DOLLARS_MAX}` })
    .refine(hasCents, { message: 'must have at most 2 decimals' });

const limit = z
  .number({ message: 'must be a whole number from 1' })
  .int({ message: 'must be a whole number from 1' })
  .min(1, { message: 'must be a whole number from 1' })
  .max(PROMOTION_LIMIT_MAX, { message: `must be at most ${PROMOTION_LIMIT_MAX}` });

const time = z.iso.datetime({ offset: true, message: 'must be an ISO date and time, e.g. 2026-12-24T00:00:00+02:00' });

const promotionFields = {
  name: z.object({ en: name('en'), ar: name('ar') }, { message: 'needs en and ar' }).strict(),
  code: z
    .string({ message: 'must be text' })
    .trim()
    .regex(PROMO_CODE, { message: 'must be 3 to 32 letters, digits or dashes' })
    .nullable()
    .optional(),
  kind: PromotionKindSchema,
  /** A whole percent from 1 to 100, or dollars for an `amount`. */
  value: z.number({ message: 'must be a number' }),
  /** Department names (`Grocery`, `electronics`, ...), as `GET /api/categories/` answers them. */
  departments: z.array(z.string().min(1).max(100), { message: 'must be a list of department names' }).max(20).optional(),
  /** Product ids. */
  products: z.array(IdSchema, { message: 'must be a list of product ids' }).max(500).optional(),
  minSubtotal: dollars(0).optional(),
  startsAt: time.nullable().optional(),
  endsAt: time.nullable().optional(),
  usageLimit: limit.nullable().optional(),
  perCustomerLimit: limit.nullable().optional(),
  active: z.boolean({ message: 'must be true or false' }),
};

/** Whether `value` is right for `kind`: a whole percent from 1 to 100, or dollars above 0 with cents. */
export function valueProblem(kind: PromotionKind, value: number): string | undefined {
  if (kind === 'percent') return Number.isInteger(value) && value >= 1 && value <= 100 ? undefined : 'must be from 1 to 100';
  if (!(value > 0)) return 'must be above 0';
  if (value > PROMOTION_DOLLARS_MAX) return `must be at most ${PROMOTION_DOLLARS_MAX}`;
  return hasCents(value) ? undefined : 'must have at most 2 decimals';
}

/** Whether `endsAt` comes after `startsAt` (either absent: it does). */
export const endsAfterStart = (startsAt: string | null | undefined, endsAt: string | null | undefined) => !startsAt || !endsAt || Date.parse(endsAt) > Date.parse(startsAt);

/** `POST /api/admin/promotions`. */
export const CreatePromotionBodySchema = z
  .object(promotionFields)
  .strict()
  .superRefine((body, ctx) => {
    const problem = valueProblem(body.kind, body.value);
    if (problem) ctx.addIssue({ code: 'custom', path: ['value'], message: problem });
    if (!endsAfterStart(body.startsAt, body.endsAt)) ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'must be after startsAt' });
  });
export type CreatePromotionBody = z.infer<typeof CreatePromotionBodySchema>;

/** `PATCH /api/admin/promotions/{id}`: any subset; `value` and the dates are checked with the stored fields. */
export const UpdatePromotionBodySchema = z.object(promotionFields).partial().strict();
export type UpdatePromotionBody = z.infer<typeof UpdatePromotionBodySchema>;

export const PromotionParamsSchema = z.object({ id: IdSchema });

/** A promotion as the back office sees it: the fields as stored, its uses and its status. */
export const PromotionSchema = z.object({
  _id: IdSchema,
  name: z.object({ en: z.string(), ar: z.string() }),
  code: z.string().nullable(),
  kind: PromotionKindSchema,
  value: z.number(),
  departments: z.array(z.string()),
  products: z.array(z.string()),
  minSubtotal: z.number(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  usageLimit: z.number().int().nullable(),
  perCustomerLimit: z.number().int().nullable(),
  active: z.boolean(),
  /** Orders that carry it, unpaid ones included. */
  uses: z.number().int(),
  status: PromotionStatusSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Promotion = z.infer<typeof PromotionSchema>;

export const PromotionResponseSchema = z.object({ data: PromotionSchema });

/** `GET /api/admin/promotions?status=&q=&page=`: newest first, 25 a page. */
export const PromotionListQuerySchema = z.object({
  status: PromotionStatusSchema.optional(),
  /** Part of the code or of either name, ignoring case. */
  q: z.string().trim().max(100, { message: 'must be at most 100 characters' }).optional(),
  page: z.coerce.number({ message: 'must be a whole number from 1' }).int({ message: 'must be a whole number from 1' }).min(1, { message: 'must be a whole number from 1' }).max(MAX_PAGE).default(1),
});
export type PromotionListQuery = z.infer<typeof PromotionListQuerySchema>;
export const PROMOTIONS_PAGE_SIZE = 25;

export const PromotionListResponseSchema = z.object({ data: z.array(PromotionSchema), total: z.number().int() });
export type PromotionListResponse = z.infer<typeof PromotionListResponseSchema>;

/** An order that used a promotion, with the discount it got. */
export const PromotionOrderSchema = z.object({
  _id: IdSchema,
  createdAt: z.string(),
  status: z.string(),
  paymentStatus: z.string(),
  amount: z.number(),
  discount: z.number(),
  released: z.boolean(),
});
export const PromotionOrdersResponseSchema = z.object({ data: z.array(PromotionOrderSchema), total: z.number().int(), discount: z.number() });
export type PromotionOrdersResponse = z.infer<typeof PromotionOrdersResponseSchema>;

/** A promotion's `value` as the API answers it: the percent, or dollars from cents. */
export const valueOut = (kind: PromotionKind, stored: number) => (kind === 'percent' ? stored : centsToDollars(stored));
