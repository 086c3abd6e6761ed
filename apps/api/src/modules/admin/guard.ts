import { timingSafeEqual } from 'node:crypto';

import { TWO_FACTOR_SETUP_REQUIRED, type StaffRole } from '@dukkan/contracts/admin-staff';
import { XSRF_COOKIE, XSRF_HEADER } from '@dukkan/contracts/xsrf';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fastifyPlugin from 'fastify-plugin';

import type { Database } from '../../db/client';
import { forbidden, unauthorized } from '../../lib/errors';

import { recordRefusal } from './audit/refusal';
import { findStaffSession, SESSION_COOKIE, type StaffPrincipal } from './session';

declare module 'fastify' {
  interface FastifyRequest {
    /** The staff member of a back-office request, set by `requireStaff`. */
    staff: StaffPrincipal | null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export const SIGN_IN_REQUIRED_MESSAGE = 'Please sign in to the back office.';
export const XSRF_MESSAGE = 'The request is missing its XSRF token. Reload the page and try again.';
export const ROLE_MESSAGE = 'Your role does not allow this.';
export const TWO_FACTOR_SETUP_MESSAGE = 'The owner requires two-factor sign-in: set it up under your account first.';

/** What a route behind `requireStaff` allows besides its roles. */
export interface StaffGuardOptions {
  /**
   * Opens the route to a member who must still enrol in two-factor (the owner requires it):
   * sign-out, one's own account and its two-factor enrolment. Every other route answers 403
   * `TWO_FACTOR_SETUP_REQUIRED` to such a session.
   */
  duringTwoFactorSetup?: boolean;
}

/**
 * onRequest hook of every back-office route but sign-in: the answer is `no-store`; without a live
 * staff session 401 (a shopper's `token` opens nothing here); a write (POST, PUT, PATCH, DELETE)
 * whose `X-XSRF-TOKEN` header does not equal both the `XSRF-TOKEN` cookie and its session's token
 * 403; a member who must still enrol in two-factor 403 (unless `duringTwoFactorSetup`); a role not
 * in `roles` (when given) 403 `ROLE_FORBIDDEN`, recorded in the audit log (rate-limited,
 * `recordRefusal`). All before the body is read, so a refused request changes nothing else.
 */
export function requireStaff(db: Database, roles?: readonly StaffRole[], { duringTwoFactorSetup = false }: StaffGuardOptions = {}): onRequestAsyncHookHandler {
  return async function staffGuard(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    reply.header('cache-control', 'no-store');
    const token = request.cookies[SESSION_COOKIE];
    const principal = token ? await findStaffSession(db, token) : null;
    if (!principal) throw unauthorized(SIGN_IN_REQUIRED_MESSAGE, 'STAFF_SIGN_IN_REQUIRED');
    if (!SAFE_METHODS.has(request.method)) {
      const header = request.headers[XSRF_HEADER];
      const cookie = request.cookies[XSRF_COOKIE];
      const valid = typeof header === 'string' && typeof cookie === 'string' && sameToken(header, cookie) && sameToken(header, principal.xsrfToken);
      if (!valid) throw forbidden(XSRF_MESSAGE, 'XSRF_TOKEN_INVALID');
    }
    if (principal.twoFactorSetupRequired && !duringTwoFactorSetup) throw forbidden(TWO_FACTOR_SETUP_MESSAGE, TWO_FACTOR_SETUP_REQUIRED);
    if (roles && !roles.includes(principal.role)) {
      // Part of the record (issue #32): who was turned away from what, once a minute per route.
      await recordRefusal(
        db,
        { id: principal.id, email: principal.email, role: principal.role, address: request.ip },
        { action: 'staff.forbidden', entityType: 'staff', entityId: principal.id, after: { method: request.method, route: request.routeOptions.url ?? request.url.split('?')[0] } },
      );
      throw forbidden(ROLE_MESSAGE, 'ROLE_FORBIDDEN');
    }
    request.staff = principal;
  };
}

/** The staff member of a route behind `requireStaff`. */
export function currentStaff(request: FastifyRequest): StaffPrincipal {
  if (!request.staff) throw unauthorized(SIGN_IN_REQUIRED_MESSAGE, 'STAFF_SIGN_IN_REQUIRED');
  return request.staff;
}

/** Whether a URL is the back office's API: `/api/admin` itself or below it. */
const ADMIN_API = /^\/api\/admin(?:[/?#]|$)/;

/**
 * Every answer under `/api/admin` is `Cache-Control: no-store`: the guarded routes, sign-in,
 * setup, and also a 401, a 404 of an unknown route or a 400 of a malformed request, which never
 * reach a route's own hooks. Registered on the root (through fastify-plugin) so it sees them all.
 */
export const adminNoStore = fastifyPlugin(
  (async (app) => {
    app.addHook('onRequest', async (request, reply) => {
      if (ADMIN_API.test(request.url)) reply.header('cache-control', 'no-store');
    });
  }) satisfies FastifyPluginAsync,
  { name: 'dukkan-admin-no-store' },
);
