import { and, asc, eq, gte, ilike, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { DirectorySort, NigerianState, TruckType } from '@freightlane/domain';
import type { Executor } from '../../db/client';
import { companies, companyLanes, companyScorecards, preferredPartners, trucks } from '../../db/schema';
import { containsPattern } from '../../lib/search';

export interface DirectoryFilter {
  pickupState?: NigerianState | undefined;
  deliveryState?: NigerianState | undefined;
  truckType?: TruckType | undefined;
  minFleet?: number | undefined;
  minScore?: number | undefined;
  q?: string | undefined;
}

/**
 * A company of the directory: a transporter the back office verified and has not suspended. The
 * companies table is read whole (thousands of rows, no index on type or status); every other table is
 * reached from a company's id by an index.
 */
const listable = and(
  eq(companies.type, 'TRANSPORTER'),
  eq(companies.verificationStatus, 'VERIFIED'),
  isNull(companies.suspendedAt),
);

/**
 * The lane filter. With a pickup state, company_lanes_lane_idx (pickup_state, delivery_state) finds the
 * companies of the lane; with the delivery state alone, each company's lanes are probed through the primary
 * key (company_id, pickup_state, delivery_state), a handful of rows each.
 */
function servedLane(filter: DirectoryFilter): SQL | undefined {
  if (!filter.pickupState && !filter.deliveryState) return undefined;
  return sql`EXISTS (SELECT 1 FROM ${companyLanes} WHERE ${companyLanes.companyId} = ${companies.id}
    ${filter.pickupState ? sql`AND ${companyLanes.pickupState} = ${filter.pickupState}` : sql``}
    ${filter.deliveryState ? sql`AND ${companyLanes.deliveryState} = ${filter.deliveryState}` : sql``})`;
}

/** At least one active truck of the type: trucks_company_idx (company_id, created_at) reaches its trucks. */
function hasTruckType(truckType: TruckType | undefined): SQL | undefined {
  if (!truckType) return undefined;
  return sql`EXISTS (SELECT 1 FROM ${trucks} WHERE ${trucks.companyId} = ${companies.id}
    AND ${trucks.active} AND ${trucks.type} = ${truckType})`;
}

/**
 * The directory's companies with what they are filtered and sorted by, as a subquery that the page and the
 * count both read. The score and trips come from company_scorecards by its primary key, the caller's
 * partnership from preferred_partners' primary key. A fleet is counted through trucks_company_idx
 * (company_id, created_at): sorted by score, trips or name, PostgreSQL counts it only for the page's rows
 * (after the top-N sort); a minimum fleet or the fleet sort counts it for every listed company, a dozen
 * index entries each (5,000 transporters of 12 trucks: about 0.2 s on PGlite, the slowest filter).
 */
function listed(db: Executor, customerCompanyId: string, filter: DirectoryFilter) {
  return db
    .select({
      companyId: companies.id,
      name: companies.name,
      address: companies.address,
      verifiedAt: companies.verifiedAt,
      score: companyScorecards.score,
      trips: sql<number>`coalesce(${companyScorecards.trips}, 0)`.as('trips'),
      fleetSize: sql<number>`(SELECT count(*)::int FROM ${trucks}
        WHERE ${trucks.companyId} = ${companies.id} AND ${trucks.active})`.as('fleet_size'),
      preferred: sql<boolean>`EXISTS (SELECT 1 FROM ${preferredPartners}
        WHERE ${preferredPartners.customerCompanyId} = ${customerCompanyId}
          AND ${preferredPartners.transporterCompanyId} = ${companies.id})`.as('preferred'),
    })
    .from(companies)
    .leftJoin(companyScorecards, eq(companyScorecards.companyId, companies.id))
    .where(
      and(
        listable,
        servedLane(filter),
        hasTruckType(filter.truckType),
        filter.minScore === undefined ? undefined : gte(companyScorecards.score, filter.minScore),
        filter.q ? ilike(companies.name, containsPattern(filter.q)) : undefined,
      ),
    )
    .as('listed');
}

type Listed = ReturnType<typeof listed>;

const withFleet = (l: Listed, filter: DirectoryFilter) =>
  filter.minFleet === undefined ? undefined : gte(l.fleetSize, filter.minFleet);

/** Every order ends on the name and the id, so a page never repeats or skips a company of equal figures. */
function orderOf(l: Listed, sort: DirectorySort): SQL[] {
  const best = sql`${l.score} DESC NULLS LAST`;
  const tail = [asc(l.name), asc(l.companyId)];
  switch (sort) {
    case 'score':
      return [best, sql`${l.trips} DESC`, ...tail];
    case 'trips':
      return [sql`${l.trips} DESC`, best, ...tail];
    case 'fleet':
      return [sql`${l.fleetSize} DESC`, best, ...tail];
    case 'name':
      return tail;
  }
}

/** One page of the directory, sorted and paged in the database. */
export async function listDirectory(
  db: Executor,
  customerCompanyId: string,
  filter: DirectoryFilter,
  sort: DirectorySort,
  page: { offset: number; limit: number },
) {
  const l = listed(db, customerCompanyId, filter);
  return db
    .select()
    .from(l)
    .where(withFleet(l, filter))
    .orderBy(...orderOf(l, sort))
    .offset(page.offset)
    .limit(page.limit);
}

export async function countDirectory(
  db: Executor,
  customerCompanyId: string,
  filter: DirectoryFilter,
): Promise<number> {
  const l = listed(db, customerCompanyId, filter);
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(l)
    .where(withFleet(l, filter));
  return Number(row?.n ?? 0);
}

/** The active trucks of each company by type, the most first (trucks_company_idx). */
export async function truckTypesOf(db: Executor, companyIds: readonly string[]) {
  if (companyIds.length === 0) return [];
  return db
    .select({
      companyId: trucks.companyId,
      truckType: trucks.type,
      trucks: sql<number>`count(*)::int`,
    })
    .from(trucks)
    .where(and(inArray(trucks.companyId, [...companyIds]), eq(trucks.active, true)))
    .groupBy(trucks.companyId, trucks.type)
    .orderBy(sql`count(*) DESC`, asc(trucks.type));
}

/**
 * Each company's lanes by trips, the busiest first, at most `perCompany` of each when given; read through
 * company_lanes' primary key (company_id first).
 */
export async function lanesOf(db: Executor, companyIds: readonly string[], perCompany?: number) {
  if (companyIds.length === 0) return [];
  const ranked = db
    .select({
      companyId: companyLanes.companyId,
      pickupState: companyLanes.pickupState,
      deliveryState: companyLanes.deliveryState,
      trips: companyLanes.trips,
      rank: sql<number>`row_number() OVER (PARTITION BY ${companyLanes.companyId}
        ORDER BY ${companyLanes.trips} DESC, ${companyLanes.pickupState}, ${companyLanes.deliveryState})`.as(
        'rank',
      ),
    })
    .from(companyLanes)
    .where(inArray(companyLanes.companyId, [...companyIds]))
    .as('ranked');
  return db
    .select({
      companyId: ranked.companyId,
      pickupState: ranked.pickupState,
      deliveryState: ranked.deliveryState,
      trips: ranked.trips,
    })
    .from(ranked)
    .where(perCompany === undefined ? undefined : lte(ranked.rank, perCompany))
    .orderBy(ranked.companyId, ranked.rank);
}
