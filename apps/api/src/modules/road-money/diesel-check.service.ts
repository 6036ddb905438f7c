import {
  DIESEL_MEDIAN_MIN_TRIPS,
  DIESEL_MEDIAN_TRIPS,
  DIESEL_MIN_KM,
  dieselFlagged,
  litresPer100Km,
  medianOf,
  type TripDiesel,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { queueNotification, type NotificationEvent } from '../notification';
import {
  dieselLitresOfTrip,
  dieselTripOf,
  insertDieselFlag,
  keptDistanceOfTrip,
  truckDieselTrips,
  type DieselTrip,
} from './road-money.repository';

/** The trip's diesel against its kept route, and its truck's median of earlier trips; null without diesel. */
export async function tripDieselOf(db: Executor, trip: DieselTrip): Promise<TripDiesel | null> {
  const litres = await dieselLitresOfTrip(db, trip.id);
  if (litres <= 0) return null;
  const distanceKm = await keptDistanceOfTrip(db, trip.id);
  const rate = litresPer100Km(litres, distanceKm);
  const earlier = trip.truckId
    ? await truckDieselTrips(db, {
        companyId: trip.transporterCompanyId,
        truckId: trip.truckId,
        exceptTripId: trip.id,
        before: trip.completed && trip.latestStatusAt ? trip.latestStatusAt : new Date(),
        minKm: DIESEL_MIN_KM,
        limit: DIESEL_MEDIAN_TRIPS,
      })
    : [];
  const rates = earlier.flatMap((t) => {
    const r = litresPer100Km(t.litres, t.distanceKm);
    return r === null ? [] : [r];
  });
  const median = rates.length >= DIESEL_MEDIAN_MIN_TRIPS ? medianOf(rates) : null;
  return {
    litres,
    distanceKm: distanceKm === null ? null : Math.round(distanceKm * 10) / 10,
    litresPer100Km: rate,
    truckMedianPer100Km: median === null ? null : Math.round(median * 10) / 10,
    truckTrips: rates.length,
    flagged: dieselFlagged(rate, rates),
  };
}

/** ROAD_MONEY to the transporter's people: a trip's diesel is more than 25 % above its truck's median. */
function dieselFlagNotification(trip: DieselTrip, diesel: TripDiesel): NotificationEvent {
  const rate = diesel.litresPer100Km!;
  const median = diesel.truckMedianPer100Km!;
  const values = {
    tripNumber: trip.tripNumber,
    plate: trip.plate ?? '',
    litres: diesel.litres.toLocaleString('en-NG'),
    km: Math.round(diesel.distanceKm!).toLocaleString('en-NG'),
    rate: rate.toLocaleString('en-NG'),
    median: median.toLocaleString('en-NG'),
    percent: Math.round((rate / median - 1) * 100),
    trips: diesel.truckTrips,
  };
  const title = { key: 'dieselFlagged.title', values } as const;
  return {
    kind: 'ROAD_MONEY',
    to: { companyIds: [trip.transporterCompanyId] },
    title,
    body: { key: 'dieselFlagged.body', values },
    link: `/trips/${trip.id}#trip-cash`,
    key: `diesel-flag:${trip.id}`,
    email: {
      subject: title,
      paragraphs: [
        { key: 'dieselFlagged.email.paragraph1', values },
        { key: 'dieselFlagged.email.paragraph2', values },
      ],
      actionLabel: { key: 'dieselFlagged.email.action' },
    },
  };
}

/**
 * Judges the trip's diesel now (its route kept, or a diesel expense recorded or reviewed): when it is more
 * than 25 % above its truck's median, the trip is flagged and the transporter told, once per trip.
 */
export async function checkTripDiesel(ctx: AppContext, tx: Executor, tripId: string): Promise<void> {
  const trip = await dieselTripOf(tx, tripId);
  if (!trip?.completed) return;
  const diesel = await tripDieselOf(tx, trip);
  if (!diesel?.flagged) return;
  const flagged = await insertDieselFlag(tx, {
    tripId: trip.id,
    transporterCompanyId: trip.transporterCompanyId,
    litresPer100Km: diesel.litresPer100Km!,
    truckMedianPer100Km: diesel.truckMedianPer100Km!,
  });
  if (flagged) await queueNotification(ctx, tx, dieselFlagNotification(trip, diesel));
}

/** checkTripDiesel for trips whose routes were just kept, each in a transaction of its own. */
export async function checkDieselOfTrips(ctx: AppContext, tripIds: readonly string[]): Promise<void> {
  for (const tripId of tripIds) {
    await ctx.db.transaction((tx) => checkTripDiesel(ctx, tx, tripId));
  }
}
