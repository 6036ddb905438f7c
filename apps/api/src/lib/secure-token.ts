import { createHash, randomBytes, randomInt } from 'node:crypto';

/** A URL-safe random token carrying `bytes` bytes of randomness (default 256 bits). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** E-mailed tokens are stored only as their SHA-256, so a database leak does not leak live links. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A uniformly random code of `digits` decimal digits, leading zeros kept (e.g. a handover code). */
export function randomDigits(digits: number): string {
  return String(randomInt(0, 10 ** digits)).padStart(digits, '0');
}
