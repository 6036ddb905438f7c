import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Env } from '../env';

/**
 * In production JWT_SECRET is required (env.ts checks it). Elsewhere a random secret is made on
 * first start and kept in the data folder so sessions survive restarts.
 */
export function resolveJwtSecret(env: Env): string {
  return env.JWT_SECRET ?? storedSecret(env, 'jwt-secret', 48);
}

/**
 * The key that encrypts tracking accounts' passwords and tokens (32 bytes, AES-256-GCM). From
 * TRACKING_SECRET_KEY when set (env.ts requires it in production on PostgreSQL, where every instance
 * must hold the same key); otherwise made on first start and kept in the data folder.
 */
export function resolveTrackingKey(env: Env): Buffer {
  return Buffer.from(env.TRACKING_SECRET_KEY ?? storedSecret(env, 'tracking-secret-key', 32), 'base64url');
}

/** A random secret of `bytes` bytes kept in the data folder (base64url), made when the file is missing. */
function storedSecret(env: Env, name: string, bytes: number): string {
  const file = path.join(env.dataDir, name);
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(env.dataDir, { recursive: true });
    const secret = randomBytes(bytes).toString('base64url');
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}
