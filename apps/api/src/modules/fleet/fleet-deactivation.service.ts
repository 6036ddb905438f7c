import type { Executor } from '../../db/client';
import { AppError } from '../../errors';
import { liveTripNumbersHolding, type FleetResourceKind } from './fleet-trips.repository';

/** What to do first, said for each kind, for one trip and for several. */
const REPLACE_FIRST: Record<FleetResourceKind, { one: string; many: string }> = {
  truck: { one: 'Replace it on that trip first.', many: 'Replace it on those trips first.' },
  driver: {
    one: 'Replace the driver on that trip first.',
    many: 'Replace the driver on those trips first.',
  },
  motorBoy: {
    one: 'Replace or remove the motor boy on that trip first.',
    many: 'Replace or remove the motor boy on those trips first.',
  },
};

/** "A", "A and B", "A, B and C". */
function listed(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** "LSR 804 TR is on TRP-2026-000040 and TRP-2026-000041. Replace it on those trips first." */
export function onLiveTripsMessage(kind: FleetResourceKind, name: string, tripNumbers: string[]): string {
  const advice = REPLACE_FIRST[kind][tripNumbers.length === 1 ? 'one' : 'many'];
  return `${name} is on ${listed(tripNumbers)}. ${advice}`;
}

/**
 * A truck, driver or motor boy on a live or upcoming trip cannot be deactivated until it is replaced there:
 * an inactive resource left on a trip would still be sent on it. The caller holds the resource's row lock
 * (FOR UPDATE) and the assignment reads the resource FOR SHARE in its own transaction, so an assignment and a
 * deactivation never both pass: whichever comes second sees the other's commit.
 */
export async function assertOnNoLiveTrip(
  tx: Executor,
  companyId: string,
  kind: FleetResourceKind,
  resource: { id: string; name: string },
): Promise<void> {
  const tripNumbers = await liveTripNumbersHolding(tx, companyId, kind, resource.id);
  if (tripNumbers.length > 0) {
    throw new AppError('CONFLICT', onLiveTripsMessage(kind, resource.name, tripNumbers));
  }
}
