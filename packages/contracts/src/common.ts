import { z } from 'zod';

import { ERROR_CODES } from './errors';

/** Languages the shop speaks; English is the default, Arabic is right-to-left. */
export const LanguageSchema = z.enum(['en', 'ar']);
export type Language = z.infer<typeof LanguageSchema>;
export const DEFAULT_LANGUAGE: Language = 'en';
export const LANGUAGES: readonly Language[] = LanguageSchema.options;

export const ErrorCodeSchema = z.enum(ERROR_CODES);

/**
 * Every error the API answers: a human message and a stable machine code (errors.ts lists them).
 * A 400 that refuses one input names it in `field` too, by its JSON path (`price`, `title.ar`,
 * `lines.0.quantity`); its message names it the same way (`price: must be …` or `price must be …`).
 */
export const ErrorResponseSchema = z.object({
  message: z.string(),
  code: ErrorCodeSchema,
  field: z.string().optional(),
  /** `PROMO_MIN_SUBTOTAL` only: the dollars of the promotion's items still to add. */
  missing: z.number().nonnegative().optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

/** Opaque identifier of any stored row (a UUID, but clients must not rely on that). */
export const IdSchema = z.uuid({ message: 'Invalid id' });

/** Page size of every paged list unless `pageSize` asks for another (see docs/decisions). */
export const DEFAULT_PAGE_SIZE = 24;
export const MAX_PAGE_SIZE = 100;
/** The highest page number the API accepts; deeper paging is refused rather than scanned. */
export const MAX_PAGE = 10_000;

/** Query of every paged list: `?page=N&pageSize=M`, both optional, 1-based. */
export const PageQuerySchema = z.object({
  page: z.coerce
    .number({ message: 'page must be a whole number from 1' })
    .int({ message: 'page must be a whole number from 1' })
    .min(1, { message: 'page must be a whole number from 1' })
    .max(MAX_PAGE, { message: `page must be at most ${MAX_PAGE}` })
    .default(1),
  pageSize: z.coerce
    .number({ message: `pageSize must be a whole number from 1 to ${MAX_PAGE_SIZE}` })
    .int({ message: `pageSize must be a whole number from 1 to ${MAX_PAGE_SIZE}` })
    .min(1, { message: `pageSize must be a whole number from 1 to ${MAX_PAGE_SIZE}` })
    .max(MAX_PAGE_SIZE, { message: `pageSize must be a whole number from 1 to ${MAX_PAGE_SIZE}` })
    .default(DEFAULT_PAGE_SIZE),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

/**
 * A list's query as a client holds it before sending it: the page and its size, and each of the
 * query's filters as text, empty when unset (a client leaves empty ones out of the query string;
 * the API checks the rest against `Query`'s schema).
 */
export type ListArgs<Query> = { page: number; pageSize: number } & { [Key in Exclude<keyof Query, 'page' | 'pageSize'>]?: string };

/** The envelope of a paged list: the spec's `data` plus where it sits in the whole list. */
export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1),
    total: z.number().int().min(0),
  });
}

/** The envelope of a single item or an unpaged list. */
export function dataSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: item });
}

export const HealthResponseSchema = z.object({ status: z.literal('ok') });
export type HealthResponse = z.infer<typeof HealthResponseSchema>;

/**
 * `GET /api/ready` (issue #37): 200 `{ status: 'ready' }` when this process takes requests; 503
 * with `starting`, `draining` or `unavailable` (its database does not answer) and `NOT_READY`.
 * The load balancer's health check.
 */
export const ReadyResponseSchema = z.object({ status: z.literal('ready') });
export const NotReadyResponseSchema = z.object({
  status: z.enum(['starting', 'draining', 'unavailable']),
  message: z.string(),
  code: z.literal('NOT_READY'),
});
export type NotReadyResponse = z.infer<typeof NotReadyResponseSchema>;
