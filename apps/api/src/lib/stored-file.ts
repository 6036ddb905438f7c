import { createHash } from 'node:crypto';
import type { Storage } from '../plugins/storage';

/**
 * Puts an uploaded file in storage under `prefix` and runs `record`, which writes what points at it. When
 * `record` fails the file is removed again, since nothing points at it.
 */
export async function withStored<T>(
  storage: Storage,
  prefix: string,
  buffer: Buffer,
  record: (storageKey: string) => Promise<T>,
): Promise<T> {
  const storageKey = await storage.put(prefix, buffer);
  try {
    return await record(storageKey);
  } catch (err) {
    await storage.remove(storageKey).catch(() => undefined);
    throw err;
  }
}

/** A file's SHA-256 as hex: what the delivery dossier prints beside each document and receipt. */
export function fileSha256(buffer: Buffer): string {
  return createHash('sha256').update(buffer).digest('hex');
}
