import {
  DRIVER_POSITION_COLUMNS,
  driverDataFileName,
  fromKeptPoint,
  lagosToday,
  type DriverDataExport,
  type DriverLocationErasureResponse,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { audit, type RequestOrigin } from '../../lib/audit';
import type { Principal } from '../../plugins/auth';
import type { Limit } from '../../plugins/rate-limit';
import { getDriver } from '../fleet';
import { advancesOfDriver, expensesOfDriver, forgetExpenseSpots } from '../road-money';
import { liveTripOfDriver } from '../trip';
import {
  actionsOfDriver,
  deletePositionsInSpan,
  driverRecordExtras,
  eraseKeptRoutes,
  forgetLastPhonePosition,
  tripsDrivenBy,
} from './driver-data.repository';
import { findPhoneLinkOfDriver } from './driver-phone.repository';
import { keptRoutesOf } from './position-history.repository';
import { KEEP_READ_LIMIT, routeSpan } from './position-history.service';
import { positionsOfTruck } from './truck-position.repository';

// A driver's rights over their data (NDPA 2023), answered by the transporter that employs them: a copy of
// everything held about the driver, their trips' positions included, and the erasure of where they went
// (decision 041).

/** An export reads every position of every trip of the driver; a few an hour is all a request needs. */
export const DRIVER_DATA_EXPORT_LIMIT = {
  name: 'data-export-driver',
  max: 5,
  windowSeconds: 3600,
} satisfies Limit;

const isoOrNull = (at: Date | null) => (at ? at.toISOString() : null);

/** Everything the platform holds about one of the caller's company's drivers. */
export async function exportDriverData(
  ctx: AppContext,
  principal: Principal,
  driverId: string,
): Promise<{ fileName: string; data: DriverDataExport }> {
  const driver = await getDriver(ctx, principal, driverId);
  await ctx.rateLimiter.hit(DRIVER_DATA_EXPORT_LIMIT, driver.id);
  const [extras, link, driven, actions, advances, expenses] = await Promise.all([
    driverRecordExtras(ctx.db, driver.id),
    findPhoneLinkOfDriver(ctx.db, driver.id),
    tripsDrivenBy(ctx.db, driver.id),
    actionsOfDriver(ctx.db, driver.id),
    advancesOfDriver(ctx.db, driver.id),
    expensesOfDriver(ctx.db, driver.id),
  ]);
  const kept = await keptRoutesOf(
    ctx.db,
    driven.map((t) => t.id),
  );
  const tripsOut: DriverDataExport['trips'] = [];
  for (const trip of driven) {
    const span = trip.truckId ? routeSpan(trip) : null;
    const recorded = span
      ? (await positionsOfTruck(ctx.db, trip.truckId!, span.from, span.until, KEEP_READ_LIMIT)).reverse()
      : [];
    const keptPoints = kept.get(trip.id)?.points ?? [];
    const positions = recorded.length > 0 ? recorded : keptPoints.map(fromKeptPoint);
    tripsOut.push({
      tripNumber: trip.tripNumber,
      status: trip.latestStatus,
      setOffAt: isoOrNull(trip.setOffAt),
      endedAt: isoOrNull(trip.cancelledAt ?? (trip.completed ? trip.latestStatusAt : null)),
      positionsFrom: recorded.length > 0 ? 'RECORDED' : keptPoints.length > 0 ? 'KEPT_ROUTE' : 'NONE',
      positions: positions.map((p) => [
        p.recordedAt.toISOString(),
        p.latitude,
        p.longitude,
        p.speedKmh,
        p.heading,
      ]),
    });
  }
  const now = new Date();
  return {
    fileName: driverDataFileName(driver.lastName, lagosToday(now)),
    data: {
      exportedAt: now.toISOString(),
      driver,
      phoneVerifiedAt: isoOrNull(extras.phoneVerifiedAt),
      ussdPinSetAt: isoOrNull(extras.ussdPinSetAt),
      phoneLink: link
        ? { createdAt: link.createdAt.toISOString(), lastPositionAt: isoOrNull(link.lastPositionAt) }
        : null,
      positionColumns: [...DRIVER_POSITION_COLUMNS],
      trips: tripsOut,
      actions: actions.map((a) => ({ tripNumber: a.tripNumber, action: a.action, at: a.at.toISOString() })),
      advances: advances.map((a) => ({ ...a, givenAt: a.givenAt.toISOString() })),
      expenses: expenses.map((e) => ({ ...e, spentAt: e.spentAt.toISOString() })),
    },
  };
}

export const driverOnLiveTrip = (name: string, tripNumber: string) =>
  `${name} is driving trip ${tripNumber}: its positions are the customer's tracking until it ends. Erase the location history once the trip is delivered or cancelled.`;

export const locationHistoryErased = (name: string, positions: number, trips: number) =>
  `${name}'s location history is erased: ${positions.toLocaleString('en-NG')} ${positions === 1 ? 'position' : 'positions'} and the routes of ${trips} ${trips === 1 ? 'trip' : 'trips'}.`;

/**
 * Erases where the driver went: the positions of every trip they drove, as recorded and as kept, where
 * the phone was when each expense was recorded (its place in words stays, as a trip's last place does),
 * and when their phone last sent one. The trips themselves stay with both companies (their record of the contract),
 * and so does each route's length, which the reports count. Refused while the driver is on a live trip.
 */
export async function eraseDriverLocationHistory(
  ctx: AppContext,
  principal: Principal,
  driverId: string,
  origin: RequestOrigin,
): Promise<DriverLocationErasureResponse> {
  const driver = await getDriver(ctx, principal, driverId);
  const name = `${driver.firstName} ${driver.lastName}`;
  return ctx.db.transaction(async (tx) => {
    const live = await liveTripOfDriver(tx, driver.id);
    if (live) throw new AppError('CONFLICT', driverOnLiveTrip(name, live.tripNumber));
    const driven = await tripsDrivenBy(tx, driver.id);
    let positions = 0;
    const touched = new Set<string>();
    for (const trip of driven) {
      const span = trip.truckId ? routeSpan(trip) : null;
      if (!span) continue;
      const deleted = await deletePositionsInSpan(tx, trip.truckId!, span.from, span.until);
      positions += deleted;
      if (deleted > 0) touched.add(trip.id);
    }
    for (const id of await eraseKeptRoutes(
      tx,
      driven.map((t) => t.id),
    ))
      touched.add(id);
    await forgetLastPhonePosition(tx, driver.id);
    const expenseSpots = await forgetExpenseSpots(tx, driver.id);
    await audit(tx, principal, origin, {
      action: 'driver.location_history_erased',
      entityType: 'driver',
      entityId: driver.id,
      data: { positions, trips: touched.size, expenseSpots },
    });
    return {
      status: 'Successful' as const,
      message: locationHistoryErased(name, positions, touched.size),
      trips: touched.size,
      positions,
    };
  });
}
