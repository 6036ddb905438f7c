import { createHmac, randomUUID, webcrypto } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { Role } from '@freightlane/domain';

const ISSUER = 'freightlane';
const ACCESS_AUDIENCE = 'freightlane-api';
const REFRESH_AUDIENCE = 'freightlane-refresh';

export interface AccessClaims {
  userId: string;
  sessionId: string;
  role: Role;
}

export interface RefreshClaims {
  userId: string;
  sessionId: string;
  tokenId: string;
  expiresAt: Date;
}

/** How many verified access tokens are remembered: a few per user signed in on this instance. */
const REMEMBERED_ACCESS_TOKENS = 10_000;

export type VerifyFailure = 'expired' | 'invalid';

export class TokenError extends Error {
  constructor(readonly reason: VerifyFailure) {
    super(reason === 'expired' ? 'Token expired' : 'Token invalid');
  }
}

/**
 * Access and refresh tokens are both JWTs, signed with different keys derived from one secret
 * and carrying different audiences and `typ` claims, so neither kind can stand in for the other.
 */
export class TokenSigner {
  // Imported once as CryptoKeys: handed raw bytes, jose would import the key again on every sign and
  // verify, which was a fifth of a signed-in request's token check.
  private readonly accessKey: Promise<webcrypto.CryptoKey>;
  private readonly refreshKey: Promise<webcrypto.CryptoKey>;
  /**
   * Access tokens whose signature and claims were checked, until they expire. A token is sent with every
   * request of its quarter of an hour, and the same bytes verify the same way each time; checking the HMAC
   * again through WebCrypto was a fifth of a signed-in request's CPU. Whether its session still lives is
   * not remembered here: the principal cache answers that, and forgets at once when it ends.
   */
  private readonly verifiedAccess = new Map<string, { claims: AccessClaims; expiresAtMs: number }>();

  constructor(
    secret: string,
    readonly accessTtlSeconds: number,
    readonly refreshTtlSeconds: number,
  ) {
    const derive = (label: string) =>
      webcrypto.subtle.importKey(
        'raw',
        createHmac('sha256', secret).update(label).digest(),
        { name: 'HMAC', hash: 'SHA-256' },
        false,
        ['sign', 'verify'],
      );
    this.accessKey = derive('freightlane access token');
    this.refreshKey = derive('freightlane refresh token');
  }

  async signAccess(claims: AccessClaims): Promise<{ token: string; expiresIn: number }> {
    // The spec reads the role from the scope entry whose key starts with role_.
    const token = await new SignJWT({ scope: { [claims.role]: true }, sid: claims.sessionId, typ: 'access' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuer(ISSUER)
      .setAudience(ACCESS_AUDIENCE)
      .setIssuedAt()
      .setJti(randomUUID())
      .setExpirationTime(`${this.accessTtlSeconds}s`)
      .sign(await this.accessKey);
    return { token, expiresIn: this.accessTtlSeconds };
  }

  async signRefresh(
    userId: string,
    sessionId: string,
    tokenId: string,
  ): Promise<{ token: string; expiresAt: Date }> {
    const expSeconds = Math.floor(Date.now() / 1000) + this.refreshTtlSeconds;
    const token = await new SignJWT({ sid: sessionId, typ: 'refresh' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setIssuer(ISSUER)
      .setAudience(REFRESH_AUDIENCE)
      .setIssuedAt()
      .setJti(tokenId)
      .setExpirationTime(expSeconds)
      .sign(await this.refreshKey);
    return { token, expiresAt: new Date(expSeconds * 1000) };
  }

  async verifyAccess(token: string): Promise<AccessClaims> {
    const known = this.verifiedAccess.get(token);
    if (known) {
      if (Date.now() < known.expiresAtMs) return known.claims;
      this.verifiedAccess.delete(token);
      throw new TokenError('expired');
    }
    const payload = await this.verify(token, this.accessKey, ACCESS_AUDIENCE, 'access');
    const scope = payload.scope as Record<string, unknown> | undefined;
    const role = scope ? Object.keys(scope).find((k) => k.startsWith('role_')) : undefined;
    if (!role || typeof payload.sid !== 'string' || !payload.sub || !payload.exp)
      throw new TokenError('invalid');
    const claims: AccessClaims = { userId: payload.sub, sessionId: payload.sid, role: role as Role };
    this.rememberAccess(token, claims, payload.exp * 1000);
    return claims;
  }

  private rememberAccess(token: string, claims: AccessClaims, expiresAtMs: number): void {
    if (this.verifiedAccess.size >= REMEMBERED_ACCESS_TOKENS) {
      // The oldest remembered first: a Map iterates in insertion order.
      const oldest = this.verifiedAccess.keys().next();
      if (!oldest.done) this.verifiedAccess.delete(oldest.value);
    }
    this.verifiedAccess.set(token, { claims, expiresAtMs });
  }

  async verifyRefresh(token: string): Promise<RefreshClaims> {
    const payload = await this.verify(token, this.refreshKey, REFRESH_AUDIENCE, 'refresh');
    if (typeof payload.sid !== 'string' || !payload.sub || !payload.jti || !payload.exp) {
      throw new TokenError('invalid');
    }
    return {
      userId: payload.sub,
      sessionId: payload.sid,
      tokenId: payload.jti,
      expiresAt: new Date(payload.exp * 1000),
    };
  }

  private async verify(token: string, key: Promise<webcrypto.CryptoKey>, audience: string, typ: string) {
    try {
      const { payload } = await jwtVerify(token, await key, {
        issuer: ISSUER,
        audience,
        algorithms: ['HS256'],
      });
      if (payload.typ !== typ) throw new TokenError('invalid');
      return payload;
    } catch (err) {
      if (err instanceof TokenError) throw err;
      if (err instanceof joseErrors.JWTExpired) throw new TokenError('expired');
      throw new TokenError('invalid');
    }
  }
}
