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

/** What a transaction of a database with kept statements carries: the database and its statements. */
const OWNER = Symbol('prepared statements owner');

interface Owner {
  db: object;
  statements: PreparedStatements;
}

/** drizzle's transaction and prepared query, as far as binding a kept statement to a connection goes. */
interface WithSession {
  session: { client: unknown };
}
type Transactional = {
  transaction(run: (tx: object) => Promise<unknown>, config?: unknown): Promise<unknown>;
};

/**
 * Marks every transaction of `db` (and every savepoint inside one) with the database's statements, so a
 * statement prepared inside a transaction is the kept one, run on the transaction's connection.
 */
function markTransactions(target: Transactional, owner: Owner): void {
  const open = target.transaction.bind(target);
  target.transaction = (run, config) =>
    open((tx) => {
      Object.defineProperty(tx, OWNER, { value: owner });
      markTransactions(tx as Transactional, owner);
      return run(tx);
    }, config);
}

/** Gives `db` its kept statements (`db.statements`), shared by its transactions. */
export function keepStatements<D extends object>(db: D): D & { readonly statements: PreparedStatements } {
  const statements = new PreparedStatements();
  markTransactions(db as unknown as Transactional, { db, statements });
  return Object.assign(db, { statements });
}

/**
 * The statement `name`, written by `build` with `sql.placeholder()` for its inputs, built once per database.
 * Inside a transaction it is the same statement run on that transaction's connection: drizzle's prepared
 * query sends its SQL through `this.client` (node-postgres and PGlite alike), so a copy whose client is the
 * transaction's runs there, sees the transaction's own writes and takes its locks. Writes read the trip they
 * answer inside their transaction, so building those statements anew there cost every write most of its
 * query-building time.
 */
export function prepared<E extends object, P>(db: E, name: string, build: (db: E) => Preparable<P>): P {
  if ('statements' in db)
    return (db.statements as PreparedStatements).get(name, () => build(db).prepare(name));
  const owner = (db as { [OWNER]?: Owner })[OWNER];
  if (!owner) return build(db).prepare(name);
  const kept = owner.statements.get(name, () => build(owner.db as E).prepare(name));
  const client = (db as unknown as WithSession).session.client;
  return Object.create(kept as object, { client: { value: client } }) as P;
}
