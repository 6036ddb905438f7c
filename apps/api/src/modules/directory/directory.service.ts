import {
  DIRECTORY_TOP_LANES,
  toPage,
  type CompanyProfile,
  type DirectoryTransporter,
  type LaneServed,
  type Page,
  type TransporterDirectoryQuery,
  type TruckTypeCount,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { readAll } from '../../db/read-all';
import type { Principal } from '../../plugins/auth';
import { isPreferredPartner } from '../../queries/order-visibility.repository';
import { readableCompany, scoreSummaries } from '../scorecard';
import {
  countDirectory,
  lanesOf,
  listDirectory,
  truckTypesOf,
  type DirectoryFilter,
} from './directory.repository';

function groupBy<T extends { companyId: string }, V>(rows: readonly T[], pick: (row: T) => V) {
  const byCompany = new Map<string, V[]>();
  for (const row of rows) byCompany.set(row.companyId, [...(byCompany.get(row.companyId) ?? []), pick(row)]);
  return byCompany;
}

/** The fleet, lanes and score summaries of the companies, each read once for them all. */
async function detailsOf(db: Executor, companyIds: readonly string[], lanesPerCompany?: number) {
  const [types, lanes, summaries] = await readAll(db, [
    () => truckTypesOf(db, companyIds),
    () => lanesOf(db, companyIds, lanesPerCompany),
    () => scoreSummaries(db, companyIds),
  ]);
  const typesOf = groupBy(types, (r): TruckTypeCount => ({ truckType: r.truckType, trucks: r.trucks }));
  const lanesByCompany = groupBy(lanes, (r): LaneServed => ({
    pickupState: r.pickupState,
    deliveryState: r.deliveryState,
    trips: r.trips,
  }));
  return {
    truckTypes: (id: string) => typesOf.get(id) ?? [],
    lanes: (id: string) => lanesByCompany.get(id) ?? [],
    summary: (id: string) => summaries.get(id)!,
  };
}

/**
 * The "Find transporters" directory: verified, active transporters by the lanes they served, their trucks,
 * their fleet size and their score. Customers only (the route's role): every customer reads the same
 * companies, each flagged when it is already the caller's preferred partner.
 */
export async function findInDirectory(
  ctx: AppContext,
  principal: Principal,
  query: TransporterDirectoryQuery,
): Promise<Page<DirectoryTransporter>> {
  const filter: DirectoryFilter = {
    pickupState: query.pickupState,
    deliveryState: query.deliveryState,
    truckType: query.truckType,
    minFleet: query.minFleet,
    minScore: query.minScore,
    q: query.q,
  };
  const [rows, total] = await readAll(ctx.db, [
    () =>
      listDirectory(ctx.db, principal.companyId, filter, query.sort, {
        offset: query.page * query.size,
        limit: query.size,
      }),
    () => countDirectory(ctx.db, principal.companyId, filter),
  ]);
  const details = await detailsOf(
    ctx.db,
    rows.map((r) => r.companyId),
    DIRECTORY_TOP_LANES,
  );
  const content = rows.map((r) => ({
    companyId: r.companyId,
    name: r.name,
    state: r.address?.state ?? null,
    verifiedSince: r.verifiedAt?.toISOString() ?? null,
    scorecard: details.summary(r.companyId),
    fleetSize: r.fleetSize,
    truckTypes: details.truckTypes(r.companyId),
    topLanes: details.lanes(r.companyId),
    isPreferredPartner: Boolean(r.preferred),
  }));
  return toPage(content, total, query);
}

/**
 * A company's profile, to whoever may read its scorecard (the scorecard module's rule): a transporter's to
 * customers, a customer's to transporters, its own to itself and any to the back office; 404 otherwise.
 */
export async function getCompanyProfile(
  ctx: AppContext,
  principal: Principal,
  companyId: string,
): Promise<CompanyProfile> {
  const company = await readableCompany(ctx.db, principal, companyId);
  const details = await detailsOf(ctx.db, [companyId]);
  const base = {
    companyId,
    name: company.name,
    state: company.address?.state ?? null,
    verifiedSince: company.verifiedAt?.toISOString() ?? null,
    memberSince: company.createdAt.toISOString(),
    scorecard: details.summary(companyId),
  };
  if (company.side === 'customer') return { side: company.side, ...base };
  const truckTypes = details.truckTypes(companyId);
  return {
    side: company.side,
    ...base,
    fleetSize: truckTypes.reduce((sum, t) => sum + t.trucks, 0),
    truckTypes,
    lanes: details.lanes(companyId),
    ...(principal.role === 'role_customer'
      ? { isPreferredPartner: await isPreferredPartner(ctx.db, principal.companyId, companyId) }
      : {}),
  };
}
