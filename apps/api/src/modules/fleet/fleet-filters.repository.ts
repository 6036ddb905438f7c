import { and, eq, not, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { trips } from '../../db/schema';
import { containsPattern } from '../../lib/search';
import { liveTripSql } from '../../queries/trip-scope.repository';

/** A live trip is one neither completed nor cancelled; a truck or driver is on at most one. */
export function onLiveTripSql(tripColumn: typeof trips.truckId | typeof trips.driverId, id: AnyColumn): SQL {
  return sql`EXISTS (SELECT 1 FROM ${trips} WHERE ${and(eq(tripColumn, id), liveTripSql())})`;
}

/**
 * `available=true`: active and free for a trip now; `available=false`: the rest. Motor boys are not tied
 * to one trip, so for them `busy` is omitted and available means active.
 */
export function availabilitySql(
  available: boolean | undefined,
  active: AnyColumn,
  busy?: SQL,
): SQL | undefined {
  if (available === undefined) return undefined;
  const free = busy ? and(eq(active, true), not(busy))! : eq(active, true);
  return available ? free : not(free);
}

/** `expiring=true`: something expired or expiring by `cutoff`; `expiring=false`: the rest. */
export function expiringSql(expiring: boolean | undefined, flagged: SQL): SQL | undefined {
  if (expiring === undefined) return undefined;
  return expiring ? flagged : not(flagged);
}

/** Matches text anywhere in any of the columns, case-insensitively. */
export function containsAnySql(q: string, columns: (AnyColumn | SQL)[]): SQL {
  const pattern = containsPattern(q);
  return sql`(${sql.join(
    columns.map((c) => sql`${c} ILIKE ${pattern}`),
    sql` OR `,
  )})`;
}

/**
 * Matches a person by full name, by phone however it is typed (0803…, 803…, +234 803…; phones are stored
 * +234…), or by any of `extra` columns.
 */
export function personSearchSql(
  q: string,
  person: { firstName: AnyColumn; lastName: AnyColumn; phoneNumber: AnyColumn },
  extra: AnyColumn[] = [],
): SQL {
  const fullName = sql`(${person.firstName} || ' ' || ${person.lastName})`;
  const terms: SQL[] = [containsAnySql(q, [fullName, person.phoneNumber, ...extra])];
  const digits = q.replace(/[\s\-().+]/g, '');
  if (/^\d{3,}$/.test(digits)) {
    const national = digits.replace(/^(234)?0?/, '');
    if (national) terms.push(sql`${person.phoneNumber} LIKE ${containsPattern(national)}`);
  }
  return sql`(${sql.join(terms, sql` OR `)})`;
}
