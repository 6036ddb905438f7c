import {
  lagosToday,
  toPage,
  type ContainerAtRisk,
  type ContainersAtRiskPage,
  type PageQuery,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import { readAll } from '../../db/read-all';
import { AppError } from '../../errors';
import type { Principal } from '../../plugins/auth';
import { containerFreeTimeOf } from './free-time.service';
import { listRunningContainers, runningContainerFacts } from './free-time.repository';

/** The at-risk list is the customer's own: the company whose containers and money it shows. */
function customerCompanyOf(principal: Principal): string {
  if (principal.role !== 'role_customer') {
    throw new AppError('FORBIDDEN', 'Containers at risk are shown to the customer whose containers they are');
  }
  return principal.companyId;
}

/**
 * GET /containers/at-risk: the customer's import containers whose clock still runs, the fewest days left
 * first and those without a known last free day last, each worked out as its trip page shows it. The
 * total at stake covers every page.
 */
export async function listContainersAtRisk(
  ctx: AppContext,
  principal: Principal,
  query: PageQuery,
): Promise<ContainersAtRiskPage> {
  const companyId = customerCompanyOf(principal);
  const today = lagosToday();
  const [rows, all] = await readAll(ctx.db, [
    () => listRunningContainers(ctx.db, companyId, { limit: query.size, offset: query.page * query.size }),
    () => runningContainerFacts(ctx.db, companyId),
  ]);
  const content = rows.map((row): ContainerAtRisk => ({
    trip: { id: row.trip.id, tripNumber: row.trip.tripNumber },
    containerNumber: row.containerNumber,
    containerSize: row.containerSize,
    linerName: row.linerName,
    transporterName: row.transporterName,
    latestTripStatus: row.trip.latestStatus,
    freeTime: containerFreeTimeOf(row, today)!,
  }));
  const totalAtStakeKobo = all.reduce(
    (sum, facts) => sum + (containerFreeTimeOf(facts, today)?.atStakeKobo ?? 0),
    0,
  );
  return { ...toPage(content, all.length, query), totalAtStakeKobo };
}
