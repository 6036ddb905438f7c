import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { CargoType } from '@freightlane/domain';
import type { Executor } from '../../db/client';
import { laneRates, terminals } from '../../db/schema';

export interface LaneKey {
  pickupKey: string;
  deliveryState: string;
  cargoType: CargoType;
  equipment: string;
}

/** One lane's band, or undefined when no award on it fell in the window at the last refresh. */
export async function findLaneRate(db: Executor, key: LaneKey) {
  const [row] = await db
    .select({
      awards: laneRates.awards,
      p25Kobo: laneRates.p25Kobo,
      p50Kobo: laneRates.p50Kobo,
      p75Kobo: laneRates.p75Kobo,
      computedAt: laneRates.computedAt,
    })
    .from(laneRates)
    .where(
      and(
        eq(laneRates.pickupKey, key.pickupKey),
        eq(laneRates.deliveryState, key.deliveryState),
        eq(laneRates.cargoType, key.cargoType),
        eq(laneRates.equipment, key.equipment),
      ),
    )
    .limit(1);
  return row;
}

/** When the bands were last worked out; null before the first refresh (or when no trip was ever awarded). */
export async function laneRatesComputedAt(db: Executor): Promise<Date | null> {
  const [row] = await db.select({ at: sql<Date | null>`max(${laneRates.computedAt})` }).from(laneRates);
  const at = row?.at ?? null;
  return at === null ? null : new Date(at);
}

export interface LaneRateFilter {
  minimumAwards: number;
  pickupState?: string;
  deliveryState?: string;
  cargoType?: CargoType;
}

function laneFilter(filter: LaneRateFilter): SQL | undefined {
  return and(
    sql`${laneRates.awards} >= ${filter.minimumAwards}`,
    filter.pickupState ? sql`lower(${laneRates.pickupState}) = lower(${filter.pickupState})` : undefined,
    filter.deliveryState ? eq(laneRates.deliveryState, filter.deliveryState.toLowerCase()) : undefined,
    filter.cargoType ? eq(laneRates.cargoType, filter.cargoType) : undefined,
  );
}

/** The lanes with enough awards, the busiest first, with the pickup terminal's name where it is one. */
export async function listLaneRates(db: Executor, filter: LaneRateFilter, page: number, size: number) {
  const where = laneFilter(filter);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        pickupKey: laneRates.pickupKey,
        pickupState: laneRates.pickupState,
        pickupLga: laneRates.pickupLga,
        deliveryState: laneRates.deliveryState,
        cargoType: laneRates.cargoType,
        equipment: laneRates.equipment,
        awards: laneRates.awards,
        p25Kobo: laneRates.p25Kobo,
        p50Kobo: laneRates.p50Kobo,
        p75Kobo: laneRates.p75Kobo,
        terminalId: terminals.id,
        terminalName: terminals.name,
        terminalOperator: terminals.operator,
      })
      .from(laneRates)
      // A terminal's lanes are keyed by its id; an address's by "state/lga", which matches no terminal.
      .leftJoin(terminals, sql`${terminals.id}::text = ${laneRates.pickupKey}`)
      .where(where)
      .orderBy(desc(laneRates.awards), laneRates.pickupKey, laneRates.deliveryState, laneRates.equipment)
      .limit(size)
      .offset(page * size),
    db.select({ n: count() }).from(laneRates).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/**
 * Works the bands out again from the trips awarded in the last `windowDays` days (migration 0025's
 * refresh_lane_rates); answers how many lanes have a band.
 */
export async function refreshLaneRates(db: Executor, windowDays: number): Promise<number> {
  const result = await db.execute(sql`SELECT refresh_lane_rates(${windowDays}::integer) AS lanes`);
  const rows = (result as unknown as { rows: { lanes: number }[] }).rows;
  return Number(rows[0]?.lanes ?? 0);
}
