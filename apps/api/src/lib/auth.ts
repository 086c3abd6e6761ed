import { eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

import type { Database } from '../db/client';
import { users } from '../db/schema';

import { notFound, unauthorized } from './errors';
import type { TokenService } from './tokens';

/** The shopper a request was made by, as their token and the database agree. */
export interface SignedInUser {
  id: string;
  name: string;
  tokenVersion: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Signs and verifies shoppers' tokens. */
    tokens: TokenService;
    /**
     * The shopper behind the request's `token` header: `null` without one; a 401 for a token that
     * is forged, expired, of a deleted user or ended by a password change, or of a disabled account.
     */
    authenticate(request: FastifyRequest): Promise<SignedInUser | null>;
  }
  interface FastifyRequest {
    /** Set by `requireUser`; `null` for a guest. */
    user: SignedInUser | null;
  }
}

export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';
/** A disabled shopper's sign-in (with the right password) and tokens (decision 0038). */
export const ACCOUNT_DISABLED_MESSAGE = 'This account has been disabled. Please contact the shop.';

/**
 * Reads and verifies the `token` header (HS256, spec section 7) and exposes the shopper. Routes
 * opt in with `requireUser`, which also marks the answer `no-store`, since it
 * depends on who asks.
 */
export const authPlugin = fp<{ db: Database; tokens: TokenService }>(
  async (app, { db, tokens }) => {
    app.decorate('tokens', tokens);
    app.decorateRequest('user', null);
    // Asked on every signed-in request: built once, and prepared once per connection by the server.
    const userById = db
      .select({ id: users.id, name: users.name, tokenVersion: users.tokenVersion, disabled: sql<boolean>`${users.disabledAt} is not null` })
      .from(users)
      .where(eq(users.id, sql.placeholder('id')))
      .prepare('auth_user_by_id');
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const header = request.headers.token;
      if (header === undefined || header === '') return null;
      if (typeof header !== 'string') throw unauthorized(SESSION_ENDED_MESSAGE, 'INVALID_TOKEN');
      const payload = await tokens.verify(header);
      if (!payload) throw unauthorized(SESSION_ENDED_MESSAGE, 'INVALID_TOKEN');
      const [row] = await userById.execute({ id: payload.id });
      // A deleted user, or a token from before the last password change.
      if (!row || row.tokenVersion !== payload.tv) throw unauthorized(SESSION_ENDED_MESSAGE, 'INVALID_TOKEN');
      // An account staff disabled: its tokens stop at once (disabling also raises the version).
      if (row.disabled) throw unauthorized(ACCOUNT_DISABLED_MESSAGE, 'ACCOUNT_DISABLED');
      return { id: row.id, name: row.name, tokenVersion: row.tokenVersion };
    });
  },
  { name: 'auth' },
);

/** preHandler: the route needs a signed-in shopper (401 otherwise). */
export async function requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header('cache-control', 'no-store');
  request.user = await request.server.authenticate(request);
  if (!request.user) throw unauthorized('Please sign in first.', 'SIGN_IN_REQUIRED');
}

/**
 * onRequest: the route acts on the account `:id` of its path, which must be the signed-in
 * shopper's own: 401 without a valid token, 404 for anyone else's id — the answer of an account
 * that does not exist, so it tells nothing of another shopper (issue #19). Runs before the body
 * is read or validated, so a stranger learns nothing from validation messages either.
 */
export async function requireOwnAccount(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await requireUser(request, reply);
  const { id } = request.params as { id?: unknown };
  if (id !== request.user?.id) throw notFound('User not found');
}

/** The signed-in shopper of a route behind `requireUser`. */
export function currentUser(request: FastifyRequest): SignedInUser {
  if (!request.user) throw unauthorized('Please sign in first.', 'SIGN_IN_REQUIRED');
  return request.user;
}

