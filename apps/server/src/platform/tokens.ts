import { jwtVerify, SignJWT } from 'jose';

/** What a session token proves: which user, and which of their token versions it belongs to. */
export interface TokenClaims {
  userId: string;
  tokenVersion: number;
}

/** Signs and checks session tokens (JWT, HS256; payload `{ sub, tv, iat, exp }` in seconds). */
export interface TokenService {
  sign(claims: TokenClaims): Promise<string>;
  /** The claims of a valid, unexpired token signed with our key; null for anything else. */
  verify(token: string): Promise<TokenClaims | null>;
  /** The default lifetime (TOKEN_TTL); an admin's setting may override it for new tokens. */
  readonly ttlSeconds: number;
}

/**
 * Creates the token service for a secret and a default lifetime in seconds. `lifetime`, when
 * given, is asked at each signing for an override (the admins' session lifetime setting).
 */
export function createTokenService(secret: string, ttlSeconds: number, lifetime?: () => Promise<number | null>): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    ttlSeconds,
    sign: async ({ userId, tokenVersion }) =>
      new SignJWT({ tv: tokenVersion })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ((await lifetime?.()) ?? ttlSeconds))
        .sign(key),
    verify: async (token) => {
      try {
        // Only HS256: tokens claiming `alg: none` or an asymmetric algorithm are refused outright.
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], requiredClaims: ['sub', 'exp', 'iat'] });
        if (typeof payload.sub !== 'string' || typeof payload.tv !== 'number' || !Number.isInteger(payload.tv)) return null;
        return { userId: payload.sub, tokenVersion: payload.tv };
      } catch {
        return null;
      }
    },
  };
}
