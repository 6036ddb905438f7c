import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { notFound } from '../errors';
import { randomToken } from '../lib/secure-token';

/**
 * Where uploaded files live. Keys are random and carry no user input, so a file name can never
 * reach the file system. The local folder is the default; an S3-compatible store (s3-storage.ts)
 * keeps the same keys, so moving from one to the other is a plain copy.
 */
export interface Storage {
  put(prefix: string, body: Buffer): Promise<string>;
  /** The file of `key`; rejects with StoredFileMissing when there is none. */
  read(key: string): Promise<Readable>;
  /** Removes the file of `key`; a file already gone is no error. */
  remove(key: string): Promise<void>;
}

/** What every storage gives for a key that holds no file, so callers answer "not found" alike. */
export class StoredFileMissing extends Error {
  /** As the file system's own error has it, for callers that look at the code. */
  readonly code = 'ENOENT';

  constructor(key: string) {
    super(`No stored file for ${key}`);
    this.name = 'StoredFileMissing';
  }
}

/**
 * The stored file of `key`, for a download: a file that is not there is `what` not found (404). Any other
 * failure is the store's own (a bucket that does not answer) and propagates, so it is not mistaken for a
 * missing file.
 */
export async function openStoredFile(storage: Storage, key: string, what: string): Promise<Readable> {
  try {
    return await storage.read(key);
  } catch (error) {
    if (error instanceof StoredFileMissing) throw notFound(what);
    throw error;
  }
}

const KEY = /^[a-z0-9-]+\/[A-Za-z0-9_-]{16,}$/;
const PREFIX = /^[a-z0-9-]+$/;

/** A new key under `prefix`: 192 random bits, so instances sharing one store never pick the same. */
export function newStorageKey(prefix: string): string {
  if (!PREFIX.test(prefix)) throw new Error('Invalid storage prefix');
  return `${prefix}/${randomToken(24)}`;
}

/** `key` when it has the shape newStorageKey gives; anything else is refused before any I/O. */
export function checkedStorageKey(key: string): string {
  if (!KEY.test(key)) throw new Error('Invalid storage key');
  return key;
}

/**
 * Files in a folder, which several instances may share (UPLOAD_DIR on a network mount). A file is
 * written under a temporary name in `.incoming` and renamed into place once complete and flushed, so a
 * reader on any instance sees the whole file or none. `.incoming` sits in the same folder so the rename
 * stays on one file system, and its dotted name can never be a key.
 */
export function localStorage(root: string): Storage {
  const fileOf = (key: string) => path.join(root, checkedStorageKey(key));
  const incoming = path.join(root, '.incoming');
  return {
    async put(prefix, body) {
      const key = newStorageKey(prefix);
      const file = fileOf(key);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      await fs.promises.mkdir(incoming, { recursive: true });
      const partial = path.join(incoming, `${randomToken(12)}.part`);
      try {
        const handle = await fs.promises.open(partial, 'wx');
        try {
          await handle.writeFile(body);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await fs.promises.rename(partial, file);
      } catch (error) {
        await fs.promises.rm(partial, { force: true });
        throw error;
      }
      return key;
    },
    async read(key) {
      const file = fileOf(key);
      try {
        await fs.promises.access(file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new StoredFileMissing(key);
        throw error;
      }
      return fs.createReadStream(file);
    },
    async remove(key) {
      await fs.promises.rm(fileOf(key), { force: true });
    },
  };
}
