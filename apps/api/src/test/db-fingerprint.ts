import { sql } from 'drizzle-orm';
import type { TestApp } from './test-app';

/** Per table of the app's schema: its row count and an md5 of its rows in a fixed order. */
export type DbFingerprint = Record<string, { rows: number; md5: string }>;

async function rowsOf<T>(t: TestApp, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await t.ctx.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * A fingerprint of the content of every table of the current schema (PGlite and PostgreSQL alike), read in
 * one statement so no write can land between two tables' reads. Rows are ordered by their text form, so the
 * same content always gives the same md5 whatever order the database returns them in.
 */
export async function dbFingerprint(t: TestApp): Promise<DbFingerprint> {
  const tables = await rowsOf<{ name: string }>(
    t,
    sql`select table_name as name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
  );
  const parts = tables.map(
    ({ name }) =>
      `select '${name}' as name, count(*)::int as rows, ` +
      `coalesce(md5(string_agg(r::text, E'\\n' order by r::text)), '') as md5 from "${name}" r`,
  );
  const found = await rowsOf<{ name: string; rows: number; md5: string }>(
    t,
    sql.raw(parts.join(' union all ')),
  );
  return Object.fromEntries(found.map(({ name, rows, md5 }) => [name, { rows: Number(rows), md5 }]));
}

/** The tables whose content differs between two fingerprints, with their row counts before and after. */
export function changedTables(before: DbFingerprint, after: DbFingerprint, ignore: readonly string[] = []) {
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (n) => !ignore.includes(n),
  );
  return names
    .filter((name) => before[name]?.md5 !== after[name]?.md5 || before[name]?.rows !== after[name]?.rows)
    .map((name) => ({ table: name, rowsBefore: before[name]?.rows ?? 0, rowsAfter: after[name]?.rows ?? 0 }));
}
