import {
  AdminProductListQuerySchema,
  AdminProductListResponseSchema,
  AdminProductParamsSchema,
  AdminProductResponseSchema,
  CreateProductBodySchema,
  StockAdjustmentBodySchema,
  StockLedgerResponseSchema,
  UpdateProductBodySchema,
} from '@dukkan/contracts/admin-products';
import { ErrorResponseSchema } from '@dukkan/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import type { Database } from '../../../db/client';
import type { CatalogWatcher } from '../../../lib/catalog-version';
import { auditActorOf } from '../audit/record';
import { requireStaff } from '../guard';

import { adjustStock, archiveProduct, createProduct, DEFAULT_LOW_STOCK_THRESHOLD, getAdminProduct, listAdminProducts, stockLedgerOf, updateProduct } from './service';

export interface AdminProductRoutesOptions {
  db: Database;
  /** Told after each write, so this process shows the change at once (the others learn by NOTIFY). */
  catalog?: CatalogWatcher;
  /** `stock=low` means 1 to this many (LOW_STOCK_THRESHOLD, default 5). */
  lowStockThreshold?: number;
}

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema };

/**
 * The back office's products under `/api/admin` (issue #20, decision 0034): owner and catalog
 * staff only (support 403, no session 401), answers `no-store` (the guard).
 */
export const adminProductRoutes: FastifyPluginAsyncZod<AdminProductRoutesOptions> = async (app, { db, catalog, lowStockThreshold = DEFAULT_LOW_STOCK_THRESHOLD }) => {
  app.addHook('onRequest', requireStaff(db, ['owner', 'catalog']));
  // This process's caches follow its own writes at once.
  const written = () => catalog?.check();

  app.get(
    '/products',
    {
      schema: {
        tags: ['admin'],
        summary: 'Products of every status, filtered, sorted and paged',
        querystring: AdminProductListQuerySchema,
        response: { 200: AdminProductListResponseSchema, ...errors },
      },
    },
    (request) => listAdminProducts(db, request.query, lowStockThreshold),
  );

  app.post(
    '/products',
    {
      schema: {
        tags: ['admin'],
        summary: 'Add a product',
        body: CreateProductBodySchema,
        response: { 201: AdminProductResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const product = await createProduct(db, request.body, auditActorOf(request));
      await written();
      return reply.code(201).send({ data: product });
    },
  );

  app.get(
    '/products/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'One product, whatever its status',
        params: AdminProductParamsSchema,
        response: { 200: AdminProductResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await getAdminProduct(db, request.params.id) }),
  );

  app.patch(
    '/products/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Change some of a product’s fields; `quantity` (with a `reason`) sets its stock',
        params: AdminProductParamsSchema,
        body: UpdateProductBodySchema,
        response: { 200: AdminProductResponseSchema, ...errors },
      },
    },
    async (request) => {
      const product = await updateProduct(db, request.params.id, request.body, auditActorOf(request));
      await written();
      return { data: product };
    },
  );

  app.delete(
    '/products/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Archive a product: gone from the shop, kept for past orders',
        params: AdminProductParamsSchema,
        response: { 204: z.null().describe('Archived'), ...errors },
      },
    },
    async (request, reply) => {
      await archiveProduct(db, request.params.id, auditActorOf(request));
      await written();
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/products/:id/stock',
    {
      schema: {
        tags: ['admin'],
        summary: 'Adjust a product’s stock by a delta, with a reason',
        params: AdminProductParamsSchema,
        body: StockAdjustmentBodySchema,
        response: { 200: AdminProductResponseSchema, 409: ErrorResponseSchema, ...errors },
      },
    },
    async (request) => {
      const product = await adjustStock(db, request.params.id, request.body.delta, request.body.reason, auditActorOf(request));
      await written();
      return { data: product };
    },
  );

  app.get(
    '/products/:id/stock-ledger',
    {
      schema: {
        tags: ['admin'],
        summary: 'The product’s stock changes, oldest first',
        params: AdminProductParamsSchema,
        response: { 200: StockLedgerResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await stockLedgerOf(db, request.params.id) }),
  );
};
