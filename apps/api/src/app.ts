import { randomUUID } from 'node:crypto';
import path from 'node:path';

import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';

import type { Config } from './config/env';
import type { Database } from './db/client';
import { authPlugin } from './lib/auth';
import { watchCatalog } from './lib/catalog-version';
import { COMPRESSION_THRESHOLD_BYTES } from './lib/content-encoding';
import { CreationLimiter } from './lib/creation-limiter';
import { answerFrameworkError, MAX_PATH_PARAMETER_LENGTH, refuseOverlongPathParts, registerErrorHandling } from './lib/errors';
import { FailureLimiter } from './lib/failure-limiter';
import { trackForegroundRequests } from './lib/foreground';
import { storefrontInlineScriptHashes } from './lib/inline-scripts';
import { resolveJwtSecret } from './lib/jwt-secret';
import { LOG_REDACTION } from './lib/log-redaction';
import { Metrics } from './lib/metrics';
import type { StopJob } from './lib/periodic-job';
import { Readiness } from './lib/readiness';
import { ResponseCache } from './lib/response-cache';
import { helmetHeaders, PERMISSIONS_POLICY, strictTransportSecurityFor } from './lib/security-headers';
import { refuseUnstorableText } from './lib/text-guard';
import { TokenService } from './lib/tokens';
import { Mailer } from './mail/mailer';
import { OutboxWorker, type OutboxWorkerOptions } from './mail/outbox';
import { adminAuditRoutes } from './modules/admin/audit/routes';
import { adminCsvRoutes } from './modules/admin/csv/routes';
import { adminCustomerRoutes } from './modules/admin/customers/routes';
import { adminNoStore } from './modules/admin/guard';
import { adminOrderRoutes } from './modules/admin/orders/routes';
import { adminPhotoRoutes } from './modules/admin/photos/routes';
import { adminProductRoutes } from './modules/admin/products/routes';
import { adminPromotionRoutes } from './modules/admin/promotions/routes';
import { adminReviewRoutes } from './modules/admin/reviews/routes';
import { staffRoutes } from './modules/admin/staff/routes';
import { adminStatsRoutes } from './modules/admin/stats/routes';
import { adminWebRoutes } from './modules/admin/web-routes';
import { startGuestCartCleanup } from './modules/cart/cleanup';
import { cartRoutes } from './modules/cart/routes';
import { startBestSellerRefresh } from './modules/catalog/best-sellers';
import { catalogRoutes } from './modules/catalog/routes';
import { healthRoutes } from './modules/health/routes';
import { imageRoutes } from './modules/images/routes';
import { metricsRoutes } from './modules/metrics/routes';
import { startOrderExpiry } from './modules/orders/expiry';
import { orderRoutes } from './modules/orders/routes';
import { payRoutes } from './modules/payments/pay-routes';
import { paymentRoutes } from './modules/payments/routes';
import { promotionRoutes } from './modules/promotions/routes';
import { reviewRoutes } from './modules/reviews/routes';
import { searchRoutes } from './modules/search/routes';
import { seoRoutes } from './modules/seo/routes';
import { userRoutes } from './modules/users/routes';
import { webRoutes } from './modules/web/routes';
import { wishlistRoutes } from './modules/wishlist/routes';
import { LOCALES_DIR, WEB_DIST_DIR } from './paths';
import { createPaymentProvider } from './payments';
import type { PaymentProvider } from './payments/provider';
import { SandboxPaymentProvider } from './payments/sandbox';

export interface AppOptions {
  /** The parsed environment (config/env.ts). */
  config: Config;
  db: Database;
  /** Where the built storefront is; defaults to apps/web/dist. */
  webDistDir?: string;
  /** Counters of failed sign-ins; by default in Redis (REDIS_URL) or memory. Tests pass their own. */
  limiter?: FailureLimiter;
  /** Counters of failed staff sign-ins (back office); like `limiter`, under its own prefix. Tests pass their own. */
  staffLimiter?: FailureLimiter;
  /** Counters of sign-ups and new guest carts per client address; like `limiter`. Tests pass their own. */
  creationLimiter?: CreationLimiter;
  /** Where log lines go (default stdout); tests read them. */
  logStream?: { write(line: string): void };
  /** The shop's mail; by default SMTP (SMTP_URL) or `.eml` files under DATA_DIR/mail. */
  mailer?: Mailer;
  /** The outbox worker's waits (retries, claim, poll); tests shorten them. */
  outboxTimings?: Pick<OutboxWorkerOptions, 'retryDelaysMs' | 'claimMs' | 'pollMs'>;
  /** The payment provider; by default the configured one (`PAYMENT_PROVIDER`). Tests pass Stripe pointed at a local fake. */
  paymentProvider?: PaymentProvider;
  /** How long a rendered page is reused (default `PAGE_CACHE_TTL_MS`); tests shorten it. */
  pageCacheTtlMs?: number;
  /** Pages rendered at once before more are sent to render in the browser (default 8); tests lower it. */
  maxRendersInFlight?: number;
  /** URLs per sitemap page (default 50 000); tests make it small to see the sitemap index. */
  sitemapMaxUrls?: number;
  /** How often the catalog's version row is polled besides LISTEN (default 2 s); tests lengthen it to see NOTIFY alone. */
  catalogPollMs?: number;
}

const REQUEST_ID = /^[\w-]{1,64}$/;

declare module 'fastify' {
  interface FastifyInstance {
    /** The mail outbox's worker: `drain()` delivers what is due (tests), `wake()` after a commit. */
    outbox: OutboxWorker;
    /** `GET /api/ready`'s state: server.ts turns it to draining on SIGTERM. */
    readiness: Readiness;
  }
}

/**
 * Builds the whole HTTP application without listening: server.ts listens, tests `inject`.
 * Every module is registered here, explicitly, under its prefix.
 */
export async function buildApp({ config, db, webDistDir = WEB_DIST_DIR, limiter, staffLimiter: givenStaffLimiter, creationLimiter: givenCreationLimiter, logStream, mailer: givenMailer, outboxTimings, paymentProvider: givenProvider, pageCacheTtlMs, sitemapMaxUrls, maxRendersInFlight, catalogPollMs }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // No statement parameters, hashes, tokens, reset links, card fields or emails (decision 0030).
      ...LOG_REDACTION,
      ...(logStream ? { stream: logStream } : {}),
    },
    bodyLimit: 100 * 1024,
    // A request that reached the process before it stopped accepting is answered, not refused
    // with a 503, when it closes (SIGTERM's drain, decision 0061).
    return503OnClosing: false,
    // Behind HAProxy (decision 0061) the client is the one its X-Forwarded-For names.
    ...(config.trustProxy ? { trustProxy: config.trustProxy } : {}),
    requestIdHeader: 'x-request-id',
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PATH_PARAMETER_LENGTH },
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  // GET /metrics (issue #37): this app's own registry; every answer counted by route and status.
  const metrics = new Metrics({ db, log: app.log });
  metrics.instrument(app);
  // An import gives way to the requests in flight between its steps (decision 0040).
  trackForegroundRequests(app);
  // Text PostgreSQL cannot store is a 400 naming the field, on every route (decision 0030).
  app.addHook('preValidation', refuseUnstorableText);
  // Helmet's headers for this configuration, read once, and the shop's own, set on every answer by
  // one hook: @fastify/helmet would build helmet's middleware again for each request
  // (lib/security-headers.ts).
  const securityHeaders = {
    ...(await helmetHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          baseUri: ["'self'"],
          connectSrc: ["'self'"],
          fontSrc: ["'self'", 'data:'],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          mediaSrc: ["'self'"],
          objectSrc: ["'none'"],
          // The storefront's one inline script (early taps, decision 0024) by its hash; never 'unsafe-inline'.
          scriptSrc: ["'self'", ...storefrontInlineScriptHashes(webDistDir)],
          // MUI and Emotion insert <style> elements at run time.
          styleSrc: ["'self'", "'unsafe-inline'"],
        },
      },
      strictTransportSecurity: strictTransportSecurityFor(config.publicUrl),
    })),
    'permissions-policy': PERMISSIONS_POLICY,
  };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(securityHeaders).header('x-request-id', request.id);
    done();
  });

  await app.register(fastifyCookie);
  await app.register(fastifyCompress, { threshold: COMPRESSION_THRESHOLD_BYTES });
  // After the security headers' hook, so the 400 carries the headers every answer has.
  app.addHook('onRequest', refuseOverlongPathParts);

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Dukkan API',
        description: 'The storefront API. Errors are `{ message, code }` with a 4xx or 5xx status.',
        version: '0.1.0',
      },
      tags: [{ name: 'catalog' }, { name: 'search' }, { name: 'users' }, { name: 'cart' }, { name: 'wishlist' }, { name: 'orders' }, { name: 'payments' }, { name: 'health' }],
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: 'token', description: 'The token of POST /api/users/signin' },
          token2: {
            type: 'apiKey',
            in: 'header',
            name: 'token2',
            description: 'A guest cart: JSON `{ userId, cartId, signature }` from the answer of the first POST /api/cart/{productId}',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  const mailer =
    givenMailer ?? new Mailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, mailDir: path.join(config.dataDir, 'mail'), log: app.log });
  // Mail goes through the outbox (decision 0029): written in the change's transaction, delivered
  // by this worker, woken on commit. It stops after the requests in flight (onClose, before the
  // database closes); a given mailer is its owner's to close.
  const outbox = new OutboxWorker({ db, transport: mailer, log: app.log, ...outboxTimings });
  app.decorate('outbox', outbox);
  app.addHook('onReady', (done) => {
    outbox.start();
    done();
  });
  app.addHook('onClose', async () => {
    await outbox.stop();
    if (!givenMailer) mailer.close();
  });

  const failureLimiter = limiter ?? FailureLimiter.create({ redisUrl: config.redisUrl });
  if (!limiter) app.addHook('onClose', () => failureLimiter.close());
  const staffLimiter = givenStaffLimiter ?? FailureLimiter.create({ redisUrl: config.redisUrl, keyPrefix: 'dukkan:staff-fail' });
  if (!givenStaffLimiter) app.addHook('onClose', () => staffLimiter.close());
  const creationLimiter = givenCreationLimiter ?? CreationLimiter.create({ redisUrl: config.redisUrl, limits: config.creationLimits });
  if (!givenCreationLimiter) app.addHook('onClose', () => creationLimiter.close());
  const secret = await resolveJwtSecret(config);
  await app.register(authPlugin, { db, tokens: new TokenService(secret) });
  // The back office's staff member, set by requireStaff (modules/admin/guard.ts).
  app.decorateRequest('staff', null);
  const paymentProvider = givenProvider ?? createPaymentProvider(config, secret);

  // Public catalog answers only: nothing that depends on who asks goes through this cache.
  const cache = new ResponseCache(metrics.cacheLookups('response'));
  // Catalog changes (decision 0034): every process drops its cached answers, pages and sitemaps.
  const catalog = watchCatalog(app, db, cache, catalogPollMs);
  await app.register(adminNoStore);
  // Ready once the app is; server.ts turns it to draining on SIGTERM.
  const readiness = new Readiness();
  app.decorate('readiness', readiness);
  app.addHook('onReady', (done) => {
    readiness.markReady();
    done();
  });
  await app.register(healthRoutes, { prefix: '/api', db, readiness });
  await app.register(metricsRoutes, { metrics });
  await app.register(catalogRoutes, { prefix: '/api', db, cache });
  await app.register(promotionRoutes, { prefix: '/api', db, cache });
  await app.register(reviewRoutes, { prefix: '/api', db, cache, catalog });
  await app.register(searchRoutes, { prefix: '/api', db, cache });
  await app.register(userRoutes, { prefix: '/api', db, limiter: failureLimiter, creationLimiter, outbox, publicUrl: config.publicUrl });
  await app.register(cartRoutes, { prefix: '/api', db, creationLimiter });
  await app.register(wishlistRoutes, { prefix: '/api', db });
  await app.register(orderRoutes, { prefix: '/api', db, paymentTimeoutMinutes: config.paymentTimeoutMinutes });
  await app.register(paymentRoutes, { prefix: '/api', db, provider: paymentProvider, publicUrl: config.publicUrl, outbox, metrics });
  if (paymentProvider instanceof SandboxPaymentProvider) await app.register(payRoutes, { db, provider: paymentProvider });
  await app.register(adminProductRoutes, { prefix: '/api/admin', db, catalog, lowStockThreshold: config.lowStockThreshold });
  await app.register(adminPromotionRoutes, { prefix: '/api/admin', db });
  await app.register(adminReviewRoutes, { prefix: '/api/admin', db, outbox, publicUrl: config.publicUrl, catalog });
  await app.register(staffRoutes, { prefix: '/api/admin', db, limiter: staffLimiter, outbox, publicUrl: config.publicUrl, firstOwner: config.firstOwner, metrics });
  await app.register(adminPhotoRoutes, { prefix: '/api/admin', db });
  await app.register(adminCsvRoutes, { prefix: '/api/admin', db });
  await app.register(adminOrderRoutes, { prefix: '/api/admin', db, provider: paymentProvider, publicUrl: config.publicUrl, refundApprovalLimitCents: config.refundApprovalLimitCents, outbox });
  await app.register(adminCustomerRoutes, { prefix: '/api/admin', db, outbox, publicUrl: config.publicUrl });
  await app.register(adminStatsRoutes, { prefix: '/api/admin', db, lowStockThreshold: config.lowStockThreshold });
  await app.register(adminAuditRoutes, { prefix: '/api/admin', db });
  await app.register(seoRoutes, { db, publicUrl: config.publicUrlSetting, sitemapMaxUrls, catalog });
  await app.register(imageRoutes, { db });
  await app.register(adminWebRoutes, { prefix: '/admin' });
  await app.register(webRoutes, { distDir: webDistDir, localesDir: LOCALES_DIR, publicUrl: config.publicUrlSetting, pageCacheTtlMs, maxRendersInFlight, renderWorkers: config.ssrWorkers, catalog, metrics });

  // Expired guest carts: deleted once the app is ready, then hourly until it closes.
  // Unpaid orders past their time: cancelled, their stock returned, every minute.
  // The best sellers: rebuilt hourly by whichever process finds them due (checked every 5 minutes).
  let stopCleanup: StopJob | undefined;
  let stopOrderExpiry: StopJob | undefined;
  let stopBestSellers: StopJob | undefined;
  app.addHook('onReady', (done) => {
    stopCleanup = startGuestCartCleanup(db, app.log);
    stopOrderExpiry = startOrderExpiry(db, app.log);
    stopBestSellers = startBestSellerRefresh(db, app.log);
    done();
  });
  // preClose: before every onClose hook (server.ts closes the database in one).
  app.addHook('preClose', async () => {
    await Promise.all([stopCleanup?.(), stopOrderExpiry?.(), stopBestSellers?.()]);
  });

  return app;
}
