import {
  placeOfPosition,
  plausibleHeading,
  plausibleSpeed,
  positionRefusal,
  type TrackingProviderKind,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { locateLiveTripOfTruck } from '../trip/trip.service';
import { storePositions, thinOldPositions, type NewTruckPosition } from './truck-position.repository';

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
  /** The input indexes of the positions stored now. */
  storedIndexes: number[];
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
  return ctx.db.transaction((tx) => storeTruckPositions(tx, positions, now));
}

/** recordTruckPositions inside the caller's transaction. */
export async function storeTruckPositions(
  tx: Executor,
  positions: IncomingPosition[],
  now: Date = new Date(),
): Promise<IngestOutcome> {
  const refused: IngestOutcome['refused'] = [];
  const rows: NewTruckPosition[] = [];
  const indexOfRow: number[] = [];
  positions.forEach((p, index) => {
    const message = positionRefusal(p, now);
    if (message) return void refused.push({ index, message });
    indexOfRow.push(index);
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
  if (rows.length === 0) return { stored: 0, storedIndexes: [], refused };

  const newest = new Map<string, NewTruckPosition>();
  for (const row of rows) {
    const known = newest.get(row.truckId);
    if (!known || known.recordedAt < row.recordedAt) newest.set(row.truckId, row);
  }

  // Rows in truck order: two batches stored at once then lock the same rows in the same order, never in
  // a cycle.
  const byTruck = (a: { truckId: string }, b: { truckId: string }) =>
    a.truckId < b.truckId ? -1 : a.truckId > b.truckId ? 1 : 0;
  const places = new Map(
    [...newest.values()].map((p) => [p.truckId, placeOfPosition(p, p.address ?? null)] as const),
  );
  const { inserted, moved } = await storePositions(
    tx,
    [...rows].sort(byTruck),
    [...newest.values()].sort(byTruck).map((p) => {
      const place = places.get(p.truckId)!;
      return {
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
      };
    }),
  );
  // The trip a truck is on shows where it is only when the truck entered another LGA.
  for (const { truckId, before } of moved.sort(byTruck)) {
    const place = places.get(truckId)!;
    if (before && before.lga === place.lga && before.state === place.state) continue;
    await locateLiveTripOfTruck(tx, truckId, {
      state: place.state,
      lga: place.lga,
      description: place.description,
    });
  }
  // The first input of each truck and time stored now counts as stored; a repeat of it in the same call
  // does not.
  const fresh = new Set(inserted.map((r) => `${r.truckId}|${r.recordedAt.getTime()}`));
  const storedIndexes: number[] = [];
  rows.forEach((row, i) => {
    const key = `${row.truckId}|${row.recordedAt.getTime()}`;
    if (fresh.delete(key)) storedIndexes.push(indexOfRow[i]!);
  });
  return { stored: storedIndexes.length, storedIndexes, refused };
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
