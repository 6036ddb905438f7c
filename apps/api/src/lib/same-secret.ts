import { createHash, timingSafeEqual } from 'node:crypto';

/** Two secrets compared in constant time, whatever their lengths (a simulator's API key or token). */
export function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
