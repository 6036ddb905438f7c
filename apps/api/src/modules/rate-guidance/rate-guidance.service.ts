import {
  RATE_GUIDANCE_MINIMUM_AWARDS,
  RATE_GUIDANCE_WINDOW_DAYS,
  NIGERIAN_STATES,
  isContainerCargo,
  type LaneRatesPage,
  type LaneRatesQuery,
  type RateGuidance,
  type RateGuidanceQuery,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { AppError } from '../../errors';
import type { Principal } from '../../plugins/auth';
import { loadTerminals } from '../../queries/terminal.repository';
import { latestDieselPrice } from '../../queries/diesel-price.repository';
import { findLaneRate, laneRatesComputedAt, listLaneRates, type LaneKey } from './rate-guidance.repository';

/** An address's end of a lane, as refresh_lane_rates keys it. */
export const addressLaneKey = (state: string, lga: string) =>
  `${state.trim().toLowerCase()}/${lga.trim().toLowerCase()}`;

/** A lane's delivery state is kept in lower case; people read the state's own name. */
function deliveryStateName(key: string): string {
  return NIGERIAN_STATES.find((s) => s.toLowerCase() === key) ?? key;
}

/** The lane an order would travel, with its terminals looked up; 400 naming the field for an unknown one. */
async function laneOf(db: Executor, q: RateGuidanceQuery): Promise<LaneKey> {
  const known = await loadTerminals(db, [q.pickupTerminalId, q.deliveryTerminalId]);
  const unknown = (field: string, what: string) =>
    new AppError('BAD_REQUEST', `Unknown ${what}`, { errors: [{ field, message: `Unknown ${what}` }] });
  let pickupKey: string;
  if (q.pickupTerminalId) {
    if (!known.has(q.pickupTerminalId)) throw unknown('query.pickupTerminalId', 'pickup terminal');
    pickupKey = q.pickupTerminalId;
  } else {
    pickupKey = addressLaneKey(q.pickupState!, q.pickupLga!);
  }
  let deliveryState: string;
  if (q.deliveryTerminalId) {
    const terminal = known.get(q.deliveryTerminalId);
    if (!terminal) throw unknown('query.deliveryTerminalId', 'delivery terminal');
    deliveryState = terminal.state;
  } else {
    deliveryState = q.deliveryState!;
  }
  const equipment = isContainerCargo(q.cargoType) ? q.containerSize! : q.truckType!;
  return { pickupKey, deliveryState: deliveryState.toLowerCase(), cargoType: q.cargoType, equipment };
}

/**
 * What trucks on a lane were awarded in the last 90 days: the middle half of the prices and their median,
 * with how many awards they come from, hidden under five. Every signed-in role may ask: the band is the
 * market's, and no one company's price can be read from it.
 */
export async function getRateGuidance(
  ctx: AppContext,
  _principal: Principal,
  query: RateGuidanceQuery,
): Promise<RateGuidance> {
  const lane = await laneOf(ctx.db, query);
  const [row, computedAt, diesel] = await Promise.all([
    findLaneRate(ctx.db, lane),
    laneRatesComputedAt(ctx.db),
    latestDieselPrice(ctx.db),
  ]);
  const awards = row?.awards ?? 0;
  return {
    awards,
    band:
      row && awards >= RATE_GUIDANCE_MINIMUM_AWARDS
        ? { p25Kobo: row.p25Kobo, p50Kobo: row.p50Kobo, p75Kobo: row.p75Kobo }
        : null,
    windowDays: RATE_GUIDANCE_WINDOW_DAYS,
    minimumAwards: RATE_GUIDANCE_MINIMUM_AWARDS,
    computedAt: computedAt?.toISOString() ?? null,
    diesel,
  };
}

/** The lane-rates report: every lane with a band, the busiest first. */
export async function getLaneRates(
  ctx: AppContext,
  _principal: Principal,
  query: LaneRatesQuery,
): Promise<LaneRatesPage> {
  const [{ rows, total }, computedAt, diesel] = await Promise.all([
    listLaneRates(ctx.db, { minimumAwards: RATE_GUIDANCE_MINIMUM_AWARDS, ...query }, query.page, query.size),
    laneRatesComputedAt(ctx.db),
    latestDieselPrice(ctx.db),
  ]);
  return {
    content: rows.map((r) => {
      const container = isContainerCargo(r.cargoType);
      return {
        pickup: {
          terminal: r.terminalId
            ? { id: r.terminalId, name: r.terminalName!, operator: r.terminalOperator! }
            : null,
          state: r.pickupState,
          lga: r.pickupLga,
        },
        deliveryState: deliveryStateName(r.deliveryState),
        cargoType: r.cargoType,
        containerSize: container ? (r.equipment as never) : null,
        truckType: container ? null : (r.equipment as never),
        awards: r.awards,
        band: { p25Kobo: r.p25Kobo, p50Kobo: r.p50Kobo, p75Kobo: r.p75Kobo },
      };
    }),
    totalElements: total,
    totalPages: Math.ceil(total / query.size),
    number: query.page,
    size: query.size,
    windowDays: RATE_GUIDANCE_WINDOW_DAYS,
    minimumAwards: RATE_GUIDANCE_MINIMUM_AWARDS,
    computedAt: computedAt?.toISOString() ?? null,
    diesel,
  };
}
