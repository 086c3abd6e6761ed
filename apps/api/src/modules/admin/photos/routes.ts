import { AdminProductParamsSchema, AdminProductResponseSchema, PhotoParamsSchema, ReorderPhotosBodySchema } from '@dukkan/contracts/admin-products';
import { ErrorResponseSchema } from '@dukkan/contracts/common';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { Database } from '../../../db/client';
import { badRequest, HttpError } from '../../../lib/errors';
import { auditActorOf } from '../audit/record';
import { requireStaff } from '../guard';

import { MAX_PHOTO_BYTES, PHOTO_TYPE_MESSAGE, processPhoto, unsupportedMediaType } from './process-photo';
import { addPhoto, removePhoto, reorderPhotos } from './service';

interface PhotoRoutesOptions {
  db: Database;
}

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
};

const tooLarge = () => new HttpError(413, 'PAYLOAD_TOO_LARGE', `The photo is larger than ${MAX_PHOTO_BYTES / 1024 / 1024} MB`);

/**
 * A product's photos in the back office (owner and catalog staff): upload (multipart field
 * `file`), delete and reorder. Every answer is the product as the back office sees it.
 */
export const adminPhotoRoutes: FastifyPluginAsyncZod<PhotoRoutesOptions> = async (app, { db }) => {
  // Scoped to this plugin: nowhere else in the API accepts multipart bodies of this size.
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_PHOTO_BYTES, files: 1, fields: 10, parts: 11 } });
  app.addHook('onRequest', requireStaff(db, ['owner', 'catalog']));

  app.post(
    '/products/:id/images',
    {
      schema: {
        tags: ['admin'],
        summary: 'Add a photo (multipart field `file`: JPEG, PNG or WebP, at most 5 MB) at the end of the product’s pictures',
        params: AdminProductParamsSchema,
        consumes: ['multipart/form-data'],
        response: { 201: AdminProductResponseSchema, ...errors, 413: ErrorResponseSchema, 415: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw unsupportedMediaType('Send the photo as multipart/form-data in the field `file`');
      let upload: Buffer | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file' && part.fieldname === 'file' && upload === undefined) upload = await part.toBuffer();
          else if (part.type === 'file') part.file.resume();
        }
      } catch (error) {
        if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
        if (error instanceof HttpError) throw error;
        throw badRequest('The multipart body could not be read');
      }
      if (!upload) throw badRequest('Send the photo in the multipart field `file`');
      if (upload.length === 0) throw unsupportedMediaType(PHOTO_TYPE_MESSAGE);
      const photo = await processPhoto(upload);
      const product = await addPhoto(db, request.params.id, photo, auditActorOf(request));
      return reply.code(201).send({ data: product });
    },
  );

  app.delete(
    '/products/:id/images/:image',
    {
      schema: {
        tags: ['admin'],
        summary: 'Remove one picture, by its index in `images` or its photo hash',
        params: PhotoParamsSchema,
        response: { 200: AdminProductResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await removePhoto(db, request.params.id, request.params.image, auditActorOf(request)) }),
  );

  app.put(
    '/products/:id/images',
    {
      schema: {
        tags: ['admin'],
        summary: 'Reorder the pictures: `order` lists every current one once, by index or by URL; the first is the thumbnail',
        params: AdminProductParamsSchema,
        body: ReorderPhotosBodySchema,
        response: { 200: AdminProductResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await reorderPhotos(db, request.params.id, request.body.order, auditActorOf(request)) }),
  );
};
