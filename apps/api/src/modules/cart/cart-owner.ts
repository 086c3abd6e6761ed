import { GuestCartTokenSchema } from '@dukkan/contracts/cart';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { unauthorized } from '../../lib/errors';
import type { TokenService } from '../../lib/tokens';

/** A guest cart's identity, proven by the signature of its `token2`. */
export interface GuestCartIdentity {
  guestId: string;
  cartId: string;
}

/**
 * Whose cart a request is about: the signed-in shopper's (`token`), a guest's (`token2`), or
 * nobody's yet (neither header: a read answers an empty cart, an add creates a guest cart).
 */
export type CartOwner =
  | { kind: 'shopper'; userId: string }
  | ({ kind: 'guest' } & GuestCartIdentity)
  | { kind: 'nobody' };

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `identifyCartOwner` on the cart's routes. */
    cartOwner: CartOwner | null;
  }
}

export const INVALID_GUEST_CART_MESSAGE = 'Your guest cart has expired or is not valid. Please add the products again.';

/** 401 for a `token2` we did not sign or whose cart is gone (cleaned up, merged at sign-in). */
export const invalidGuestCart = () => unauthorized(INVALID_GUEST_CART_MESSAGE, 'INVALID_GUEST_CART');

/**
 * The identity in a `token2` header (JSON of `{ userId, cartId, signature }`, spec section 3) when
 * it parses and its signature is ours; `null` for anything else. Whether the cart still exists is
 * the service's question.
 */
export function verifiedGuestCart(header: unknown, tokens: TokenService): GuestCartIdentity | null {
  if (typeof header !== 'string' || header.length > 1000) return null;
  let json: unknown;
  try {
    json = JSON.parse(header);
  } catch {
    return null;
  }
  const parsed = GuestCartTokenSchema.safeParse(json);
  if (!parsed.success || !tokens.verifyGuestCart(parsed.data)) return null;
  return { guestId: parsed.data.userId, cartId: parsed.data.cartId };
}

/**
 * onRequest of the cart's routes: works out the `CartOwner` before the body is read, and marks the
 * answer `no-store`. A `token` that is sent must be valid (401 `INVALID_TOKEN` otherwise) and wins:
 * `token2` is then ignored. A `token2` that is not ours is a 401 `INVALID_GUEST_CART`.
 */
export async function identifyCartOwner(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header('cache-control', 'no-store');
  const user = await request.server.authenticate(request);
  request.user = user;
  if (user) {
    request.cartOwner = { kind: 'shopper', userId: user.id };
    return;
  }
  const header = request.headers.token2;
  if (header === undefined || header === '') {
    request.cartOwner = { kind: 'nobody' };
    return;
  }
  const guest = verifiedGuestCart(header, request.server.tokens);
  if (!guest) throw invalidGuestCart();
  request.cartOwner = { kind: 'guest', ...guest };
}

/** The owner `identifyCartOwner` found for this request. */
export function cartOwnerOf(request: FastifyRequest): CartOwner {
  if (!request.cartOwner) throw new Error('identifyCartOwner did not run for this route');
  return request.cartOwner;
}
