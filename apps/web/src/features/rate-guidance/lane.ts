import {
  isContainerCargo,
  type CargoType,
  type ContainerSize,
  type LocationView,
  type RateBand,
  type RateGuidanceQuery,
  type TruckType,
} from '@freightlane/domain';

/**
 * Where a lane runs, as GET /api/v1/rate-guidance names it: the pickup terminal, or the pickup address's
 * state and LGA; the delivery terminal (which stands for its state) or the delivery state.
 */
export type LaneEnds = Pick<
  RateGuidanceQuery,
  'pickupTerminalId' | 'pickupState' | 'pickupLga' | 'deliveryTerminalId' | 'deliveryState'
>;

/** A container size for container cargo, a truck type for general cargo: what splits a lane's prices. */
export type Equipment = ContainerSize | TruckType;

/** The query of one lane's band: its ends, the cargo type, and the size or truck type in its own field. */
export function rateGuidanceQueryOf(
  ends: LaneEnds,
  cargoType: CargoType,
  equipment: Equipment,
): RateGuidanceQuery {
  return isContainerCargo(cargoType)
    ? { ...ends, cargoType, containerSize: equipment as ContainerSize }
    : { ...ends, cargoType, truckType: equipment as TruckType };
}

/** The lane between an order's pickup and delivery places; null while either is missing. */
export function laneOfPlaces(pickup: LocationView, recipient: LocationView): LaneEnds | null {
  let from: LaneEnds;
  if (pickup.terminal) from = { pickupTerminalId: pickup.terminal.id };
  else if (pickup.address) from = { pickupState: pickup.address.state, pickupLga: pickup.address.lga };
  else return null;
  if (recipient.terminal) return { ...from, deliveryTerminalId: recipient.terminal.id };
  if (recipient.address) return { ...from, deliveryState: recipient.address.state };
  return null;
}

/** The distinct sizes (container cargo) or truck types (general cargo) of an order's items, in their order. */
export function equipmentOfItems(
  cargoType: CargoType,
  items: readonly { containerSize?: ContainerSize | null; truckType?: TruckType | '' | null }[],
): Equipment[] {
  const container = isContainerCargo(cargoType);
  const seen = new Set<Equipment>();
  for (const item of items) {
    const value = container ? item.containerSize : item.truckType;
    if (value) seen.add(value);
  }
  return [...seen];
}

export type PricePosition = 'below' | 'within' | 'above';

/** Where a price falls against a band: under its 25th percentile, between the 25th and 75th, or over. */
export function pricePosition(band: RateBand, priceKobo: number): PricePosition {
  if (priceKobo < band.p25Kobo) return 'below';
  if (priceKobo > band.p75Kobo) return 'above';
  return 'within';
}
