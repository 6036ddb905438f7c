import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import * as drizzleUtils from 'drizzle-orm/utils';

/** A drizzle select, as far as putting its rows inside another statement goes. */
type Select<R> = SQLWrapper & { execute(...args: never[]): Promise<R[]> };

/** What drizzle keeps of a select at runtime: its selected fields and which joined tables may be null. */
interface SelectInternals {
  _: { config: { fields: Record<string, unknown> } };
  joinsNotNullableMap: Record<string, boolean>;
}

/** A selected column or SQL value, with its place in the answer object. */
interface SelectedField {
  path: string[];
  field: unknown;
}

/**
 * drizzle's own row decoding, which its types mark internal: how a select lists its fields, and how it
 * turns a row of values into the answer object (each value through its column's decoder, a left-joined
 * table of nulls into null).
 */
const { mapResultRow, orderSelectedFields } = drizzleUtils as unknown as {
  orderSelectedFields(fields: Record<string, unknown>): SelectedField[];
  mapResultRow(
    fields: SelectedField[],
    row: unknown[],
    joinsNotNullableMap: Record<string, boolean>,
  ): unknown;
};

/** PostgreSQL takes at most 100 arguments to a function, json_build_array included. */
const MOST_COLUMNS = 100;

/**
 * The rows of `query` as one JSON value inside another statement, decoded back into what the query itself
 * answers (then through `map`). Several small reads put side by side in one statement cost one round trip
 * instead of one each, which is most of what a read costs the API: each query sent is a system call that
 * wakes a database process. The rows keep the query's order (the aggregate reads its sorted subquery as it
 * comes); each value is decoded by its column as drizzle decodes a row, JSON giving the same JavaScript
 * values as the driver for the column types the schema uses (no numeric or bytea columns).
 */
export function rowsAsJson<R, T = R>(query: Select<R>, map?: (row: R) => T): SQL<T[]> {
  const internals = query as unknown as SelectInternals;
  const fields = orderSelectedFields(internals._.config.fields);
  if (fields.length > MOST_COLUMNS) {
    throw new Error(`rowsAsJson: ${fields.length} columns, more than PostgreSQL's ${MOST_COLUMNS}`);
  }
  const names = fields.map((_, i) => sql.raw(`c${i}`));
  const values = sql.join(
    names.map((name) => sql`q.${name}`),
    sql`, `,
  );
  return sql<
    T[]
  >`(SELECT coalesce(json_agg(json_build_array(${values})), '[]'::json) FROM ${query} AS q(${sql.join(names, sql`, `)}))`.mapWith(
    (rows: unknown[][]) =>
      rows.map((row) => {
        const decoded = mapResultRow(fields, row, internals.joinsNotNullableMap) as R;
        return map ? map(decoded) : (decoded as unknown as T);
      }),
  );
}
