import fs from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';

/**
 * A PGlite database's files as one tar, to start other databases from (openDatabase's pgliteImage).
 * Uncompressed: it is read back at once on this machine, where unpacking gzip would cost more than it saves.
 */
export async function dumpPglite(client: PGlite, file: string): Promise<void> {
  const image = await client.dumpDataDir('none');
  fs.writeFileSync(file, Buffer.from(await image.arrayBuffer()));
}

/** The dump a database starts from, when it starts from one. */
export function readImage(image: string | undefined): Blob | undefined {
  return image === undefined ? undefined : new Blob([fs.readFileSync(image)]);
}
