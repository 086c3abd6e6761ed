import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

import type { GuestCartToken } from '@dukkan/contracts/cart';
import { TokenPayloadSchema, type TokenPayload } from '@dukkan/contracts/users';
import { jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';

/** How long a sign-in lasts. */
export const TOKEN_LIFETIME = '7d';
const ALGORITHM = 'HS256';

/** Labels the key guest-cart signatures use, so it never equals the tokens' key (HKDF `info`). */
const GUEST_CART_KEY_INFO = 'dukkan guest cart signature v1';

/** How many verified tokens one process remembers (about 300 bytes each). */
const VERIFIED_TOKENS_KEPT = 20_000;

/**
 * Signs and verifies the shopper's token: HS256 only (the algorithm is fixed on verification, so
 * `alg: none` or any other algorithm is refused), payload `{ id, name, tv }`, 7 days. Also signs
 * the guest cart's identity (`token2`, decision 0013) with a key derived from the same secret.
 */
export class TokenService {
  private readonly guestCartKey: Buffer;
  /**
   * Tokens whose signature this process has checked, with their payload, until they expire: a
   * signed-in shopper's every request sends the same token, and checking its HMAC through
   * WebCrypto costs more than the rest of a cart read. Whether the token is still the account's
   * (password changes, deleted accounts) is the database's answer on every request (auth.ts).
   */
  private readonly verified = new LRUCache<string, { payload: TokenPayload; expiresAtMs: number }>({ max: VERIFIED_TOKENS_KEPT });

  constructor(private readonly secret: Uint8Array) {
    this.guestCartKey = Buffer.from(hkdfSync('sha256', secret, new Uint8Array(0), GUEST_CART_KEY_INFO, 32));
  }

  sign(payload: TokenPayload): Promise<string> {
    return new SignJWT({ ...payload })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setIssuedAt()
      .setExpirationTime(TOKEN_LIFETIME)
      .sign(this.secret);
  }

  /** The payload of a genuine, unexpired token; `null` for anything else. */
  async verify(token: string): Promise<TokenPayload | null> {
    const known = this.verified.get(token);
    if (known) {
      if (known.expiresAtMs > Date.now()) return known.payload;
      this.verified.delete(token);
      return null;
    }
    try {
      const { payload } = await jwtVerify(token, this.secret, { algorithms: [ALGORITHM] });
      const parsed = TokenPayloadSchema.safeParse(payload);
      if (!parsed.success) return null;
      // Our tokens always expire (`exp`, 7 days); one without is never remembered.
      if (payload.exp !== undefined) this.verified.set(token, { payload: parsed.data, expiresAtMs: payload.exp * 1000 });
      return parsed.data;
    } catch {
      return null;
    }
  }

  /** HMAC-SHA256 (base64url) of a guest cart's identity: the guest's id and the cart's id. */
  signGuestCart(guestId: string, cartId: string): string {
    return createHmac('sha256', this.guestCartKey).update(`${guestId}:${cartId}`).digest('base64url');
  }

  /** Whether `token2`'s signature is ours for its `userId` (the guest) and `cartId`; timing-safe. */
  verifyGuestCart({ userId, cartId, signature }: GuestCartToken): boolean {
    const expected = Buffer.from(this.signGuestCart(userId, cartId));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
