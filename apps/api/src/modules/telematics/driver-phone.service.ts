import {
  DRIVER_POSITION_INTERVAL_SECONDS,
  knotsToKmh,
  osmandTime,
  type DriverLanguageRequest,
  type DriverPage,
  type DriverPhoneLink,
  type OsmandQuery,
  type PhonePositionsRequest,
  type PositionIngestResponse,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../errors';
import { audit, type RequestOrigin } from '../../lib/audit';
import { hashToken, randomToken } from '../../lib/secure-token';
import type { Principal } from '../../plugins/auth';
import { getDriver } from '../fleet';
import { driverTripCash } from '../road-money';
import { liveTripOfDriver, terminalsOfTripRows, tripCourseOf } from '../trip';
import {
  deletePhoneLink,
  findDriverOfToken,
  findPhoneLinkOfDriver,
  findTruckPlate,
  saveDriverLanguage,
  upsertPhoneLink,
  type DriverPhoneLinkRow,
} from './driver-phone.repository';
import { unknownLink, type PhoneFix } from './phone-position-batch.job';

const linkContext = (driverId: string) => `driver-phone-link:${driverId}`;

function toLink(ctx: AppContext, row: DriverPhoneLinkRow): DriverPhoneLink {
  const token = ctx.secretBox.open(row.tokenSealed, linkContext(row.driverId));
  return {
    url: `${ctx.env.appUrl}/driver/${token}`,
    osmandUrl: `${ctx.env.appUrl}/api/v1/driver/osmand`,
    token,
    createdAt: row.createdAt.toISOString(),
    lastPositionAt: row.lastPositionAt?.toISOString() ?? null,
  };
}

/** The driver's phone link, for the transporter to send again. 404 when none was issued. */
export async function getDriverPhoneLink(
  ctx: AppContext,
  principal: Principal,
  driverId: string,
): Promise<DriverPhoneLink> {
  await getDriver(ctx, principal, driverId);
  const row = await findPhoneLinkOfDriver(ctx.db, driverId);
  if (!row) throw notFound('Phone link');
  return toLink(ctx, row);
}

/** Issues the driver a new phone link; an earlier link stops working at once. */
export async function issueDriverPhoneLink(
  ctx: AppContext,
  principal: Principal,
  driverId: string,
  origin: RequestOrigin,
): Promise<DriverPhoneLink> {
  const driver = await getDriver(ctx, principal, driverId);
  if (!driver.active) {
    const message = 'This driver is retired; reactivate the driver before giving a phone link';
    throw new AppError('CONFLICT', message);
  }
  const token = randomToken(24);
  const row = await ctx.db.transaction(async (tx) => {
    const issued = await upsertPhoneLink(tx, {
      driverId,
      companyId: principal.companyId,
      tokenHash: hashToken(token),
      tokenSealed: ctx.secretBox.seal(token, linkContext(driverId)),
    });
    await audit(tx, principal, origin, {
      action: 'driver_phone_link.issued',
      entityType: 'driver',
      entityId: driverId,
    });
    return issued;
  });
  return toLink(ctx, row);
}

export async function revokeDriverPhoneLink(
  ctx: AppContext,
  principal: Principal,
  driverId: string,
  origin: RequestOrigin,
): Promise<void> {
  await getDriver(ctx, principal, driverId);
  await ctx.db.transaction(async (tx) => {
    if (!(await deletePhoneLink(tx, driverId))) throw notFound('Phone link');
    await audit(tx, principal, origin, {
      action: 'driver_phone_link.revoked',
      entityType: 'driver',
      entityId: driverId,
    });
  });
}

/** The driver of a phone link token: the token is the access check of every driver-page call. */
export async function driverOfToken(ctx: AppContext, token: string) {
  const driver = await findDriverOfToken(ctx.db, hashToken(token));
  if (!driver) throw unknownLink();
  return driver;
}

export async function driverPageOf(ctx: AppContext, token: string): Promise<DriverPage> {
  const driver = await driverOfToken(ctx, token);
  const trip = await liveTripOfDriver(ctx.db, driver.driverId);
  const course = trip ? tripCourseOf(trip, await terminalsOfTripRows(ctx.db, [{ trip }])) : null;
  const plate = trip?.truckId ? await findTruckPlate(ctx.db, trip.truckId) : null;
  const cash = trip && course ? await driverTripCash(ctx.db, trip.id) : null;
  return {
    driver: { firstName: driver.firstName, lastName: driver.lastName, language: driver.language },
    company: { name: driver.companyName },
    truck: plate ? { registrationNumber: plate } : null,
    trip:
      trip && course && cash
        ? {
            id: trip.id,
            tripNumber: trip.tripNumber,
            cargoType: trip.cargoType,
            latestTripStatus: trip.latestStatus,
            pickup: course.pickup,
            recipient: course.recipient,
            currentLocation: trip.currentLocation
              ? { ...trip.currentLocation, description: trip.currentLocation.description ?? null }
              : null,
            cash,
          }
        : null,
    positionIntervalSeconds: DRIVER_POSITION_INTERVAL_SECONDS,
  };
}

/**
 * The language the driver chose on the phone page, kept as the driver's own: the USSD menu and the next
 * SMS speak it too. The same choice again changes nothing and is not logged again.
 */
export async function chooseDriverLanguage(
  ctx: AppContext,
  token: string,
  input: DriverLanguageRequest,
  origin: RequestOrigin,
): Promise<DriverLanguageRequest> {
  const driver = await driverOfToken(ctx, token);
  if (driver.language === input.language) return { language: input.language };
  await ctx.db.transaction(async (tx) => {
    await saveDriverLanguage(tx, driver.driverId, input.language);
    await audit(tx, { userId: null, companyId: driver.companyId, driverId: driver.driverId }, origin, {
      action: 'driver.language_changed',
      entityType: 'driver',
      entityId: driver.driverId,
      data: { before: { language: driver.language }, after: { language: input.language }, by: 'PHONE_PAGE' },
    });
  });
  return { language: input.language };
}

/**
 * Stores the phone's positions as those of the truck of the trip the driver is on, together with other
 * phones' (PhonePositionBatcher). Without such a trip every position is refused with the reason (and the
 * phone stops resending them); an unknown link is a 404.
 */
function recordPhoneFixes(
  ctx: AppContext,
  token: string,
  fixes: PhoneFix[],
): Promise<PositionIngestResponse> {
  return ctx.phonePositions.submit(hashToken(token), fixes);
}

export async function recordPhonePositions(
  ctx: AppContext,
  token: string,
  input: PhonePositionsRequest,
): Promise<PositionIngestResponse> {
  return recordPhoneFixes(
    ctx,
    token,
    input.positions.map((p) => ({
      recordedAt: new Date(p.recordedAt),
      latitude: p.latitude,
      longitude: p.longitude,
      speedKmh: p.speedKmh ?? null,
      heading: p.heading ?? null,
      accuracyM: p.accuracyM ?? null,
    })),
  );
}

/** One position in the OsmAnd protocol of the Traccar Client app (speed in knots). */
export async function recordOsmandPosition(
  ctx: AppContext,
  query: OsmandQuery,
): Promise<PositionIngestResponse> {
  const recordedAt = osmandTime(query.timestamp);
  if (!recordedAt) {
    throw new AppError('BAD_REQUEST', 'timestamp is not a time', {
      errors: [{ field: 'timestamp', message: 'Send Unix seconds or an ISO 8601 date-time' }],
    });
  }
  return recordPhoneFixes(ctx, query.id, [
    {
      recordedAt,
      latitude: query.lat,
      longitude: query.lon,
      speedKmh: query.speed === undefined ? null : knotsToKmh(query.speed),
      heading: query.bearing ?? null,
      accuracyM: query.accuracy ?? null,
    },
  ]);
}
