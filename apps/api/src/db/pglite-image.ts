import fs from 'node:fs';
import type { PGlite, PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

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

/**
 * How every embedded database is opened: from its folder or a dump, with the extensions the migrations
 * create (pg_trgm for the trigram search indexes, migration 0029), as PostgreSQL has them in its contrib.
 */
export function pgliteOptions(dataDir: string | undefined, image: string | undefined): PGliteOptions {
  return { dataDir, loadDataDir: readImage(image), extensions: { pg_trgm } };
}
