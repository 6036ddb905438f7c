import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { randomToken } from '../lib/secure-token';

/**
 * Where uploaded files live. Keys are random and carry no user input, so a file name can never
 * reach the file system. The local folder is the default; an S3-compatible store fits the same shape.
 */
export interface Storage {
  put(prefix: string, body: Buffer): Promise<string>;
  read(key: string): Promise<Readable>;
  remove(key: string): Promise<void>;
}

const KEY = /^[a-z0-9-]+\/[A-Za-z0-9_-]{16,}$/;

export function localStorage(root: string): Storage {
  const fileOf = (key: string) => {
    if (!KEY.test(key)) throw new Error('Invalid storage key');
    return path.join(root, key);
  };
  return {
    async put(prefix, body) {
      const key = `${prefix}/${randomToken(24)}`;
      const file = fileOf(key);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      await fs.promises.writeFile(file, body, { flag: 'wx' });
      return key;
    },
    async read(key) {
      const file = fileOf(key);
      await fs.promises.access(file);
      return fs.createReadStream(file);
    },
    async remove(key) {
      await fs.promises.rm(fileOf(key), { force: true });
    },
  };
}
