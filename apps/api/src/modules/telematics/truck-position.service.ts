import { placeOfPosition, plausibleHeading, plausibleSpeed, positionRefusal } from '@freightlane/domain';
import type { AppContext } from '../../context';
import { positionsStored } from '../../lib/metrics';
import {
  storePhonePositions,
  storePositions,
  type PositionRow,
  type StoredPositions,
  type TruckPositionRow,
} from './truck-position.repository';

/** A position from a provider or a phone, for a truck of `companyId`, before the platform's checks. */
export type IncomingPosition = Omit<TruckPositionRow, 'place'>;

export interface IngestOutcome {
  /** Positions stored now (a position already stored for its truck and time is not counted). */
  stored: number;
  /** The input indexes of the positions stored now. */
  storedIndexes: number[];
  /** Positions refused, by their index in the input, with the reason. */
  refused: { index: number; message: string }[];
}

/** What a position needs to be checked and stored, whoever sent it. */
type Fix = Pick<
  IncomingPosition,
  'recordedAt' | 'latitude' | 'longitude' | 'speedKmh' | 'heading' | 'accuracyM' | 'source'
> & { address?: string | null };

/**
 * The positions that pass the platform's checks, cleaned, each with its input index; the others refused
 * with the reason. The newest position of each `keyOf` (a truck, or a phone, which is on one truck) gets
 * the place it shows: only it can become its truck's latest position, so only its place is worked out.
 */
function checkPositions<T extends Fix>(
  positions: T[],
  now: Date,
  keyOf: (p: T) => string,
): { rows: (T & PositionRow)[]; indexOfRow: number[]; refused: IngestOutcome['refused'] } {
  const refused: IngestOutcome['refused'] = [];
  const rows: (T & PositionRow)[] = [];
  const indexOfRow: number[] = [];
  const newest = new Map<string, T & PositionRow>();
  positions.forEach((p, index) => {
    const message = positionRefusal(p, now);
    if (message) return void refused.push({ index, message });
    const row: T & PositionRow = {
      ...p,
      speedKmh: plausibleSpeed(p.speedKmh),
      heading: plausibleHeading(p.heading),
      accuracyM: p.accuracyM != null && Number.isFinite(p.accuracyM) && p.accuracyM >= 0 ? p.accuracyM : null,
      address: p.address?.slice(0, 500) ?? null,
      place: null,
    };
    indexOfRow.push(index);
    rows.push(row);
    const known = newest.get(keyOf(p));
    if (!known || known.recordedAt < row.recordedAt) newest.set(keyOf(p), row);
  });
  for (const row of newest.values()) row.place = placeOfPosition(row, row.address);
  return { rows, indexOfRow, refused };
}

/**
 * The first input of each truck and time stored now counts as stored; a repeat of it in the same call
 * does not.
 */
function storedIndexesOf(
  inserted: StoredPositions['inserted'],
  keys: (string | null)[],
  indexOfRow: number[],
): number[] {
  const fresh = new Set(inserted.map((r) => `${r.truckId}|${r.recordedAt.getTime()}`));
  const storedIndexes: number[] = [];
  keys.forEach((key, i) => {
    if (key !== null && fresh.delete(key)) storedIndexes.push(indexOfRow[i]!);
  });
  return storedIndexes;
}

/**
 * Stores a provider's positions and moves each truck's latest position forward; a truck's live trip
 * takes the place of its newest position when that is in another LGA (see storePositions). A refused
 * position never stops the others.
 */
export async function recordTruckPositions(
  ctx: Pick<AppContext, 'db'>,
  positions: IncomingPosition[],
  now: Date = new Date(),
): Promise<IngestOutcome> {
  const { rows, indexOfRow, refused } = checkPositions(positions, now, (p) => p.truckId);
  if (rows.length === 0) return { stored: 0, storedIndexes: [], refused };
  const { inserted } = await storePositions(ctx.db, rows);
  const storedIndexes = storedIndexesOf(
    inserted,
    rows.map((r) => `${r.truckId}|${r.recordedAt.getTime()}`),
    indexOfRow,
  );
  countStored(positions, storedIndexes);
  return { stored: storedIndexes.length, storedIndexes, refused };
}

/** Counts the positions stored, by their source, for GET /metrics. */
function countStored(positions: { source: string }[], storedIndexes: number[]): void {
  const bySource = new Map<string, number>();
  for (const i of storedIndexes) {
    const source = positions[i]!.source;
    bySource.set(source, (bySource.get(source) ?? 0) + 1);
  }
  for (const [source, n] of bySource) positionsStored.inc({ source }, n);
}

/** A phone's position, by the hash of the driver's link token. */
export type PhonePosition = Fix & { tokenHash: string };

export interface PhoneIngestOutcome extends IngestOutcome {
  /** Each known link's token hash and the truck of its driver's live trip (null when on none). */
  phones: Map<string, string | null>;
}

/**
 * Stores drivers' phone positions in one statement (storePhonePositions). Positions of a link whose
 * driver is on no trip are not kept; those of unknown links are neither stored nor refused (the caller
 * answers them as unknown).
 */
export async function recordPhonePositions(
  ctx: Pick<AppContext, 'db'>,
  positions: PhonePosition[],
  now: Date = new Date(),
): Promise<PhoneIngestOutcome> {
  const { rows, indexOfRow, refused } = checkPositions(positions, now, (p) => p.tokenHash);
  const tokenHashes = [...new Set(positions.map((p) => p.tokenHash))];
  const stored = await storePhonePositions(ctx.db, tokenHashes, rows);
  const phones = new Map(stored.phones.map((p) => [p.tokenHash, p.truckId]));
  const storedIndexes = storedIndexesOf(
    stored.inserted,
    rows.map((r) => {
      const truckId = phones.get(r.tokenHash);
      return truckId ? `${truckId}|${r.recordedAt.getTime()}` : null;
    }),
    indexOfRow,
  );
  countStored(positions, storedIndexes);
  return { stored: storedIndexes.length, storedIndexes, refused, phones };
}
