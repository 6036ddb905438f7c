/** A query builder that can be turned into a named prepared statement (drizzle's `.prepare(name)`). */
interface Preparable<P> {
  prepare(name: string): P;
}

/**
 * The prepared statements of one database, built on first use and kept for its life. A statement is
 * built once (drizzle writes its SQL and column mapping once, not on every request) and on PostgreSQL
 * parsed and planned once per pooled connection, where most of a small lookup's cost lies.
 */
export class PreparedStatements {
  private readonly byName = new Map<string, unknown>();

  get<P>(name: string, build: () => P): P {
    let statement = this.byName.get(name) as P | undefined;
    if (statement === undefined) {
      statement = build();
      this.byName.set(name, statement);
    }
    return statement;
  }
}

/**
 * The statement `name`, written by `build` with `sql.placeholder()` for its inputs. Outside a transaction
 * it comes from the database's kept statements; inside one it is built for that transaction's connection
 * (the same name and text, so PostgreSQL still reuses the connection's parsed statement).
 */
export function prepared<E extends object, P>(db: E, name: string, build: (db: E) => Preparable<P>): P {
  const statements = 'statements' in db ? (db.statements as PreparedStatements) : undefined;
  return statements ? statements.get(name, () => build(db).prepare(name)) : build(db).prepare(name);
}
