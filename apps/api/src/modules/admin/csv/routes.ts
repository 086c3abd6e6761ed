import { Readable } from 'node:stream';

import {
  ImportParamsSchema,
  ImportProgressQuerySchema,
  ImportProgressResponseSchema,
  ImportQuerySchema,
  ImportRefusedResponseSchema,
  ImportStartedResponseSchema,
} from '@dukkan/contracts/admin-import';
import { ImportErrorResponseSchema, ImportResultSchema } from '@dukkan/contracts/admin-products';
import { ErrorResponseSchema } from '@dukkan/contracts/common';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { Database } from '../../../db/client';
import { badRequest, HttpError, notFound } from '../../../lib/errors';
import { treatAsBackground } from '../../../lib/foreground';
import { requestLanguage } from '../../../lib/language';
import { auditActorOf } from '../audit/record';
import { requireStaff } from '../guard';

import { exportProductsCsv } from './export-service';
import { resumeImports } from './import-apply';
import { inLanguage } from './import-messages';
import { createImport, getImport, runImport, type ImportOutcome } from './import-staging';

interface CsvRoutesOptions {
  db: Database;
}

/** The largest CSV an import takes (100 000 products with long descriptions fit). */
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema };

const tooLarge = () => new HttpError(413, 'PAYLOAD_TOO_LARGE', `The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB`);

/**
 * CSV export and import of products (owner and catalog staff; docs/decisions/0035), and an
 * import's progress.
 */
export const adminCsvRoutes: FastifyPluginAsyncZod<CsvRoutesOptions> = async (app, { db }) => {
  // Scoped to this plugin: a CSV body (text/csv, or multipart field `file`) up to 50 MB.
  app.addContentTypeParser(['text/csv', 'application/csv'], { parseAs: 'buffer', bodyLimit: MAX_IMPORT_BYTES }, (_request, body, done) => done(null, body));
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 10, parts: 11 } });
  app.addHook('onRequest', requireStaff(db, ['owner', 'catalog']));

  /** Imports still running after their answer (`?async=1`); the app waits for them to end before it closes. */
  const running = new Set<Promise<unknown>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...running]);
  });
  const track = (run: Promise<unknown>) => {
    running.add(run);
    void run.finally(() => running.delete(run));
  };
  // Imports a crash interrupted while they were being applied are finished once the app is up.
  app.addHook('onReady', (done) => {
    track(
      resumeImports(db).then(
        (ids) => ids.length > 0 && app.log.info({ importIds: ids }, 'interrupted imports finished'),
        (error: unknown) => app.log.error({ err: error }, 'interrupted imports could not be finished'),
      ),
    );
    done();
  });

  app.get(
    '/products/export.csv',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every product (every status) as CSV, UTF-8 with a byte-order mark, columns PRODUCT_CSV_EXPORT_COLUMNS; text a spreadsheet would run as a formula starts with \'',
        produces: ['text/csv'],
      },
    },
    async (_request, reply) => {
      const date = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="dukkan-products-${date}.csv"`)
        .send(Readable.from(exportProductsCsv(db)));
    },
  );

  app.post(
    '/products/import',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Import products from CSV (body text/csv, or multipart field `file`): an empty id creates, a known id updates; all or nothing. `?dryRun=1` only checks; `?async=1` answers 202 with the import’s id at once',
        consumes: ['text/csv', 'multipart/form-data'],
        querystring: ImportQuerySchema,
        response: {
          200: ImportResultSchema,
          202: ImportStartedResponseSchema,
          400: ImportRefusedResponseSchema,
          401: ErrorResponseSchema,
          403: ErrorResponseSchema,
          413: ErrorResponseSchema,
          415: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      let csv: Buffer | undefined;
      if (Buffer.isBuffer(request.body)) {
        csv = request.body;
      } else if (request.isMultipart()) {
        try {
          for await (const part of request.parts()) {
            if (part.type === 'file' && part.fieldname === 'file' && csv === undefined) csv = await part.toBuffer();
            else if (part.type === 'file') part.file.resume();
          }
        } catch (error) {
          if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
          throw badRequest('The multipart body could not be read');
        }
        if (!csv) throw badRequest('Send the CSV in the multipart field `file`');
      } else {
        throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the CSV as text/csv, or as multipart/form-data in the field `file`');
      }
      const { dryRun, async: inBackground } = request.query;
      const actor = auditActorOf(request);
      const importId = await createImport(db, actor.id, dryRun);
      // The import gives way to the shop's requests while it applies: it does not wait for itself.
      treatAsBackground(request);
      const run = runImport(db, importId, csv, { dryRun, actor });
      if (inBackground) {
        track(run.catch((error: unknown) => request.log.error({ err: error, importId }, 'import failed')));
        return reply.code(202).send({ data: { importId } });
      }
      const outcome: ImportOutcome = await run;
      if (!outcome.ok) return reply.code(400).send({ errors: inLanguage(outcome.errors, requestLanguage(request)) });
      return reply.code(200).send({ data: { created: outcome.created, updated: outcome.updated } });
    },
  );

  app.get(
    '/imports/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'An import’s progress and outcome',
        params: ImportParamsSchema,
        querystring: ImportProgressQuerySchema,
        response: { 200: ImportProgressResponseSchema, ...errors },
      },
    },
    async (request) => {
      const row = await getImport(db, request.params.id);
      if (!row) throw notFound('No import has this id', 'IMPORT_NOT_FOUND');
      return {
        data: {
          _id: row.id,
          status: row.status,
          dryRun: row.dryRun,
          rowsChecked: row.rowsChecked,
          total: row.total,
          created: row.created,
          updated: row.updated,
          errors: inLanguage(ImportErrorResponseSchema.shape.errors.parse(row.errors), requestLanguage(request)),
          createdAt: row.createdAt.toISOString(),
          finishedAt: row.finishedAt?.toISOString() ?? null,
        },
      };
    },
  );
};
