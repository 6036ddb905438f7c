import {
  placeOfPosition,
  plausibleHeading,
  plausibleSpeed,
  positionRefusal,
  type TrackingProviderKind,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import { locateLiveTripOfTruck } from '../trip/trip.service';
import {
  insertPositions,
  latestPositionsOf,
  thinOldPositions,
  upsertLatestPositions,
  type NewTruckPosition,
} from './truck-position.repository';

/** A position from a provider or a phone, for a truck of `companyId`, before the platform's checks. */
export interface IncomingPosition {
  truckId: string;
  companyId: string;
  recordedAt: Date;
  latitude: number;
  longitude: number;
  speedKmh: number | null;
  heading: number | null;
  accuracyM: number | null;
  source: TrackingProviderKind;
  address: string | null;
}

export interface IngestOutcome {
  /** Positions stored now (a position already stored for its truck and time is not counted). */
  stored: number;
  /** Positions refused, by their index in the input, with the reason. */
  refused: { index: number; message: string }[];
}

/**
 * Stores positions and moves each truck's latest position forward. When a truck's newest position is in
 * another LGA than before, the trip it is on takes that place as its current location (the ongoing
 * table's Last Location), so trips change only when the place they show changes. A refused position
 * never stops the others.
 */
export async function recordTruckPositions(
  ctx: Pick<AppContext, 'db'>,
  positions: IncomingPosition[],
  now: Date = new Date(),
): Promise<IngestOutcome> {
  const refused: IngestOutcome['refused'] = [];
  const rows: NewTruckPosition[] = [];
  positions.forEach((p, index) => {
    const message = positionRefusal(p, now);
    if (message) return void refused.push({ index, message });
    rows.push({
      truckId: p.truckId,
      companyId: p.companyId,
      recordedAt: p.recordedAt,
      latitude: p.latitude,
      longitude: p.longitude,
      speedKmh: plausibleSpeed(p.speedKmh),
      heading: plausibleHeading(p.heading),
      accuracyM: p.accuracyM != null && Number.isFinite(p.accuracyM) && p.accuracyM >= 0 ? p.accuracyM : null,
      source: p.source,
      address: p.address?.slice(0, 500) ?? null,
    });
  });
  if (rows.length === 0) return { stored: 0, refused };

  const newest = new Map<string, NewTruckPosition>();
  for (const row of rows) {
    const known = newest.get(row.truckId);
    if (!known || known.recordedAt < row.recordedAt) newest.set(row.truckId, row);
  }

  const stored = await ctx.db.transaction(async (tx) => {
    const count = await insertPositions(tx, rows);
    const before = new Map((await latestPositionsOf(tx, [...newest.keys()])).map((l) => [l.truckId, l]));
    const moved = [...newest.values()].filter((p) => {
      const last = before.get(p.truckId);
      return !last || last.recordedAt < p.recordedAt;
    });
    const latest = moved.map((p) => {
      const place = placeOfPosition(p, p.address ?? null);
      return { position: p, place };
    });
    await upsertLatestPositions(
      tx,
      latest.map(({ position: p, place }) => ({
        truckId: p.truckId,
        companyId: p.companyId,
        recordedAt: p.recordedAt,
        latitude: p.latitude,
        longitude: p.longitude,
        speedKmh: p.speedKmh ?? null,
        heading: p.heading ?? null,
        source: p.source,
        lga: place.lga,
        state: place.state,
      })),
    );
    for (const { position, place } of latest) {
      const last = before.get(position.truckId);
      if (last && last.lga === place.lga && last.state === place.state) continue;
      await locateLiveTripOfTruck(tx, position.truckId, {
        state: place.state,
        lga: place.lga,
        description: place.description,
      });
    }
    return count;
  });
  return { stored, refused };
}

/** Thins position history older than TRACKING_HISTORY_DAYS to one position per truck per 5 minutes. */
export async function thinTruckHistory(ctx: Pick<AppContext, 'db' | 'env'>): Promise<number> {
  let deleted = 0;
  for (;;) {
    const n = await thinOldPositions(ctx.db, ctx.env.TRACKING_HISTORY_DAYS, 5, 10_000);
    deleted += n;
    if (n < 10_000) return deleted;
  }
}
