import { TokenPayloadSchema, type TokenPayload } from '@dukkan/contracts/users';
import { jwtVerify, SignJWT } from 'jose';

/** How long a sign-in lasts. */
export const TOKEN_LIFETIME = '7d';
const ALGORITHM = 'HS256';

/**
 * Signs and verifies the shopper's token: HS256 only (the algorithm is fixed on verification, so
 * `alg: none` or any other algorithm is refused), payload `{ id, name, tv }`, 7 days.
 */
export class TokenService {
  constructor(private readonly secret: Uint8Array) {}

  sign(payload: TokenPayload): Promise<string> {
    return new SignJWT({ ...payload })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setIssuedAt()
      .setExpirationTime(TOKEN_LIFETIME)
      .sign(this.secret);
  }

  /** The payload of a genuine, unexpired token; `null` for anything else. */
  async verify(token: string): Promise<TokenPayload | null> {
    try {
      const { payload } = await jwtVerify(token, this.secret, { algorithms: [ALGORITHM] });
      const parsed = TokenPayloadSchema.safeParse(payload);
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }
}
