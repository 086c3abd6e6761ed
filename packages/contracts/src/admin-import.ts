import { z } from 'zod';

import { ImportErrorResponseSchema } from './admin-products';
import { dataSchema, ErrorResponseSchema, IdSchema, LanguageSchema } from './common';

/*
 * A CSV import of products and its progress (docs/decisions/0035): `POST
 * /api/admin/products/import` takes the file, `GET /api/admin/imports/{id}` says how far a
 * background import has got. The file's columns, its errors and the synchronous answer are the
 * products' (admin-products.ts).
 */

/** A yes/no query flag: `1` or `true` is yes; `0`, `false` or none is no. */
const flag = z
  .enum(['0', '1', 'true', 'false'], { message: 'use 1 or 0' })
  .optional()
  .transform((v) => v === '1' || v === 'true');

/** The language of the errors' `message` (else the `lng` header, the i18next cookie, English). */
const lngQuery = LanguageSchema.optional().describe('Language of the errors’ messages (else the lng header, the i18next cookie, en)');

/** `POST /api/admin/products/import?dryRun=&async=&lng=`: only check; answer 202 at once and import in the background. */
export const ImportQuerySchema = z.object({ dryRun: flag, async: flag, lng: lngQuery });
export type ImportQuery = z.input<typeof ImportQuerySchema>;

/** The 202 of `?async=1`: the import's id, whose progress `GET /api/admin/imports/{id}` tells. */
export const ImportStartedResponseSchema = dataSchema(z.object({ importId: IdSchema }));
export type ImportStartedResponse = z.infer<typeof ImportStartedResponseSchema>;

/** The 400 of an import: the rows' errors (nothing was imported), or a refusal of the request itself (no file in it). */
export const ImportRefusedResponseSchema = z.union([ImportErrorResponseSchema, ErrorResponseSchema]);

/** `GET /api/admin/imports/{id}?lng=`. */
export const ImportParamsSchema = z.object({ id: IdSchema });
export type ImportParams = z.infer<typeof ImportParamsSchema>;
export const ImportProgressQuerySchema = z.object({ lng: lngQuery });

export const IMPORT_STATUSES = ['checking', 'applying', 'done', 'checked', 'failed'] as const;

/** An import's progress, for the back office's progress bar. */
export const ImportProgressSchema = z.object({
  _id: IdSchema,
  /** `checking` (reading rows), `applying` (writing them), `done`, `checked` (a dry run) or `failed`. */
  status: z.enum(IMPORT_STATUSES),
  dryRun: z.boolean(),
  rowsChecked: z.number().int(),
  /** Data rows in the file, once it has been read to the end. */
  total: z.number().int().nullable(),
  created: z.number().int(),
  updated: z.number().int(),
  errors: ImportErrorResponseSchema.shape.errors,
  createdAt: z.string(),
  /** When it ended (ISO), `null` while it runs. */
  finishedAt: z.string().nullable(),
});
export type ImportProgress = z.infer<typeof ImportProgressSchema>;
export const ImportProgressResponseSchema = dataSchema(ImportProgressSchema);
export type ImportProgressResponse = z.infer<typeof ImportProgressResponseSchema>;
