import os from 'node:os';
import path from 'node:path';

import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, STAFF_PASSWORD_MIN_LENGTH } from '@dukkan/contracts/limits';
import { dollarsToCents } from '@dukkan/contracts/money';
import { DEFAULT_PAYMENT_TIMEOUT_MINUTES } from '@dukkan/contracts/orders';
import { z } from 'zod';

const LogLevelSchema = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

/** Every setting Dukkan reads from the environment; the README lists them with their defaults. */
const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url({ message: 'DATABASE_URL must be a postgres:// URL' }).optional(),
  DATABASE_DIRECT_URL: z.url({ message: 'DATABASE_DIRECT_URL must be a postgres:// URL' }).optional(),
  REDIS_URL: z.url().optional(),
  TRUST_PROXY: z
    .string()
    .regex(/^[\d.:a-fA-F/]+(\s*,\s*[\d.:a-fA-F/]+)*$/, { message: 'TRUST_PROXY must be a comma-separated list of addresses or CIDR ranges, e.g. 127.0.0.1' })
    .optional(),
  DRAIN_DELAY_MS: z.coerce
    .number({ message: 'DRAIN_DELAY_MS must be a whole number of milliseconds from 0 to 60000' })
    .int({ message: 'DRAIN_DELAY_MS must be a whole number of milliseconds from 0 to 60000' })
    .min(0, { message: 'DRAIN_DELAY_MS must be a whole number of milliseconds from 0 to 60000' })
    .max(60_000, { message: 'DRAIN_DELAY_MS must be a whole number of milliseconds from 0 to 60000' })
    .default(0),
  JWT_SECRET: z.string().min(32, { message: 'JWT_SECRET must be at least 32 characters' }).optional(),
  PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).default('sandbox'),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  PAYMENT_TIMEOUT_MINUTES: z.coerce
    .number({ message: 'PAYMENT_TIMEOUT_MINUTES must be a whole number of minutes from 1' })
    .int({ message: 'PAYMENT_TIMEOUT_MINUTES must be a whole number of minutes from 1' })
    .min(1, { message: 'PAYMENT_TIMEOUT_MINUTES must be a whole number of minutes from 1' })
    .max(7 * 24 * 60, { message: 'PAYMENT_TIMEOUT_MINUTES must be at most a week' })
    .default(DEFAULT_PAYMENT_TIMEOUT_MINUTES),
  PUBLIC_URL: z.url().optional(),
  SMTP_URL: z.url({ message: 'SMTP_URL must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z.string().min(3).default('Dukkan <no-reply@dukkan.local>'),
  LOG_LEVEL: LogLevelSchema.default('info'),
  SSR_WORKERS: z.coerce
    .number({ message: 'SSR_WORKERS must be a whole number from 0 to 16' })
    .int({ message: 'SSR_WORKERS must be a whole number from 0 to 16' })
    .min(0, { message: 'SSR_WORKERS must be a whole number from 0 to 16' })
    .max(16, { message: 'SSR_WORKERS must be a whole number from 0 to 16' })
    .optional(),
  BACKUP_INTERVAL_HOURS: z.coerce
    .number({ message: 'BACKUP_INTERVAL_HOURS must be a number of hours from 0 (0 turns periodic backups off)' })
    .min(0, { message: 'BACKUP_INTERVAL_HOURS must be a number of hours from 0 (0 turns periodic backups off)' })
    .max(24 * 366, { message: 'BACKUP_INTERVAL_HOURS must be at most a year' })
    .default(24),
  BACKUP_KEEP: z.coerce
    .number({ message: 'BACKUP_KEEP must be a whole number from 1' })
    .int({ message: 'BACKUP_KEEP must be a whole number from 1' })
    .min(1, { message: 'BACKUP_KEEP must be a whole number from 1' })
    .max(10_000, { message: 'BACKUP_KEEP must be at most 10000' })
    .default(7),
  SIGNUP_LIMIT: z.coerce
    .number({ message: 'SIGNUP_LIMIT must be a whole number from 0 (0: no limit)' })
    .int({ message: 'SIGNUP_LIMIT must be a whole number from 0 (0: no limit)' })
    .min(0, { message: 'SIGNUP_LIMIT must be a whole number from 0 (0: no limit)' })
    .default(200),
  GUEST_CART_LIMIT: z.coerce
    .number({ message: 'GUEST_CART_LIMIT must be a whole number from 0 (0: no limit)' })
    .int({ message: 'GUEST_CART_LIMIT must be a whole number from 0 (0: no limit)' })
    .min(0, { message: 'GUEST_CART_LIMIT must be a whole number from 0 (0: no limit)' })
    .default(600),
  // The first owner, created at a start with no staff account (never changing an existing one).
  LOW_STOCK_THRESHOLD: z.coerce
    .number({ message: 'LOW_STOCK_THRESHOLD must be a whole number from 0' })
    .int({ message: 'LOW_STOCK_THRESHOLD must be a whole number from 0' })
    .min(0, { message: 'LOW_STOCK_THRESHOLD must be a whole number from 0' })
    .max(1_000_000, { message: 'LOW_STOCK_THRESHOLD must be at most 1000000' })
    .default(5),
  // Refunds above this many dollars need the owner (issue #21); 0: no limit.
  REFUND_APPROVAL_LIMIT: z.coerce
    .number({ message: 'REFUND_APPROVAL_LIMIT must be a number of dollars from 0 (0: no limit)' })
    .min(0, { message: 'REFUND_APPROVAL_LIMIT must be a number of dollars from 0 (0: no limit)' })
    .max(1_000_000, { message: 'REFUND_APPROVAL_LIMIT must be at most 1000000' })
    .default(500),
  OWNER_EMAIL: z
    .string()
    .trim()
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { message: 'OWNER_EMAIL must be an email address' })
    .max(EMAIL_MAX_LENGTH, { message: `OWNER_EMAIL must be at most ${EMAIL_MAX_LENGTH} characters` })
    .toLowerCase()
    .optional(),
  OWNER_PASSWORD: z
    .string()
    .min(STAFF_PASSWORD_MIN_LENGTH, { message: `OWNER_PASSWORD must be at least ${STAFF_PASSWORD_MIN_LENGTH} characters` })
    .max(PASSWORD_MAX_LENGTH, { message: `OWNER_PASSWORD must be at most ${PASSWORD_MAX_LENGTH} characters` })
    .optional(),
}).superRefine((env, ctx) => {
  // Half a first owner would be a surprise at the first start: both or neither.
  if ((env.OWNER_EMAIL === undefined) !== (env.OWNER_PASSWORD === undefined)) {
    ctx.addIssue({ code: 'custom', path: [env.OWNER_EMAIL === undefined ? 'OWNER_EMAIL' : 'OWNER_PASSWORD'], message: 'OWNER_EMAIL and OWNER_PASSWORD go together: set both or neither' });
  }
  // A shop switched to Stripe without its keys would take orders it can never be paid for.
  if (env.PAYMENT_PROVIDER !== 'stripe') return;
  for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
    if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: `${key} is required when PAYMENT_PROVIDER=stripe` });
  }
});

export interface Config {
  port: number;
  host: string;
  /** Absolute path of the folder holding the embedded database and generated secrets. */
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * The PostgreSQL server itself when `DATABASE_URL` is a transaction-mode pooler (PgBouncer,
   * decision 0061): for LISTEN, the migrations' session lock and pg_dump; statements are then sent
   * unnamed. Unset: `DATABASE_URL` is the server.
   */
  databaseDirectUrl: string | undefined;
  /** After SIGTERM, how long the process goes on serving, not ready, before it stops accepting. */
  drainDelayMs: number;
  /**
   * The load balancers whose `X-Forwarded-For` names the client (TRUST_PROXY: addresses or CIDR
   * ranges); unset, the connection's address is the client's. Rate limits and the audit log read it.
   */
  trustProxy: string[] | undefined;
  redisUrl: string | undefined;
  jwtSecret: string | undefined;
  paymentProvider: 'sandbox' | 'stripe';
  stripeSecretKey: string | undefined;
  stripeWebhookSecret: string | undefined;
  /** An unpaid order is cancelled, and its stock returned, this many minutes after it was placed. */
  paymentTimeoutMinutes: number;
  publicUrl: string;
  /** PUBLIC_URL as given; unset, pages link to the address they were asked for (canonical links). */
  publicUrlSetting?: string;
  /** SMTP server for mail; unset: messages are written under `DATA_DIR/mail/`. */
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: z.infer<typeof LogLevelSchema>;
  /** Worker threads that render pages; 0 renders them in the API's own thread. Default: one per core, at most 4. */
  ssrWorkers: number;
  /** Hours between the running shop's own backups into `DATA_DIR/backups/`; 0: none (decision 0032). */
  backupIntervalHours: number;
  /** How many of the shop's own backups are kept; older ones are deleted. */
  backupKeep: number;
  /** Sign-ups and new guest carts per client address per 10 minutes; 0: no limit (decision 0031). */
  creationLimits: { signup: number; guestCart: number };
  /** A product with 1 to this many units is low on stock in the back office (`stock=low`). */
  lowStockThreshold: number;
  /** Refunds above this many cents need the owner (REFUND_APPROVAL_LIMIT in dollars, default 500); 0: no limit. */
  refundApprovalLimitCents: number;
  /** The first owner's account, created at a start with no staff (OWNER_EMAIL and OWNER_PASSWORD); unset: a setup link is logged. */
  firstOwner: { email: string; password: string } | undefined;
}

/**
 * One render worker per core, at most 4: rendering is CPU work, and the API's own thread keeps a
 * core's share for the API while pages render (decision 0020).
 */
function defaultSsrWorkers(): number {
  return Math.min(4, os.availableParallelism());
}

/**
 * Reads the configuration once at start-up; an invalid value stops the process with a message
 * naming the variable, rather than failing later somewhere else.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings count as unset, so `DATABASE_URL= npm start` means "embedded database".
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    // npm runs workspace scripts inside the workspace; INIT_CWD is where the command was typed,
    // so `npm start`, `npm run dev` and `npm run catalog:generate` share one ./data.
    dataDir: path.resolve(env.INIT_CWD ?? process.cwd(), e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseDirectUrl: e.DATABASE_URL ? e.DATABASE_DIRECT_URL : undefined,
    drainDelayMs: e.DRAIN_DELAY_MS,
    trustProxy: e.TRUST_PROXY?.split(',').map((entry) => entry.trim()),
    redisUrl: e.REDIS_URL,
    jwtSecret: e.JWT_SECRET,
    paymentProvider: e.PAYMENT_PROVIDER,
    stripeSecretKey: e.STRIPE_SECRET_KEY,
    stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
    paymentTimeoutMinutes: e.PAYMENT_TIMEOUT_MINUTES,
    publicUrl: e.PUBLIC_URL ?? `http://${e.HOST}:${e.PORT}`,
    publicUrlSetting: e.PUBLIC_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    ssrWorkers: e.SSR_WORKERS ?? defaultSsrWorkers(),
    backupIntervalHours: e.BACKUP_INTERVAL_HOURS,
    backupKeep: e.BACKUP_KEEP,
    creationLimits: { signup: e.SIGNUP_LIMIT, guestCart: e.GUEST_CART_LIMIT },
    lowStockThreshold: e.LOW_STOCK_THRESHOLD,
    refundApprovalLimitCents: dollarsToCents(e.REFUND_APPROVAL_LIMIT),
    firstOwner: e.OWNER_EMAIL !== undefined && e.OWNER_PASSWORD !== undefined ? { email: e.OWNER_EMAIL, password: e.OWNER_PASSWORD } : undefined,
  };
}
