import type { PositionIngestResponse } from '@freightlane/domain';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { recordPhonePositions, type IncomingPosition, type PhonePosition } from './truck-position.service';

/** A phone position before the platform's checks: what the phone page and the OsmAnd protocol send. */
export type PhoneFix = Pick<
  IncomingPosition,
  'recordedAt' | 'latitude' | 'longitude' | 'speedKmh' | 'heading' | 'accuracyM'
>;

export const NOT_ON_TRIP = 'You are not on a trip with a truck: positions are kept only during a trip';

export const unknownLink = () =>
  new AppError('NOT_FOUND', 'This driver link is not valid. Ask your transporter for a new one.');

interface Waiting {
  tokenHash: string;
  fixes: PhoneFix[];
  resolve: (answer: PositionIngestResponse) => void;
  reject: (error: unknown) => void;
}

export interface BatchLimits {
  /** Positions stored in one transaction at most. */
  maxBatch: number;
  /** Positions waiting at most; beyond it phones are asked to send again later (503). */
  maxWaiting: number;
  /** Batches stored at once. */
  parallel: number;
}

const DEFAULT_LIMITS: BatchLimits = { maxBatch: 1000, maxWaiting: 20_000, parallel: 2 };

/**
 * Phones send their positions one request at a time, thousands of phones at once. Storing each alone
 * costs a handful of round trips and a commit per position; here every request's positions wait while a
 * store is running and go into the next one together (group commit): one statement looks up the links,
 * stores the positions and the trucks' latest places, and marks the links seen. A quiet server
 * stores a request at once; a busy one gathers more per batch. Each request is answered only once its
 * positions are committed, so an answered position is never lost.
 */
export class PhonePositionBatcher {
  private readonly queue: Waiting[] = [];
  private waitingFixes = 0;
  private running = 0;

  constructor(
    private readonly ctx: Pick<AppContext, 'db'>,
    private readonly limits: BatchLimits = DEFAULT_LIMITS,
  ) {}

  submit(tokenHash: string, fixes: PhoneFix[]): Promise<PositionIngestResponse> {
    if (this.waitingFixes + fixes.length > this.limits.maxWaiting) {
      return Promise.reject(
        new AppError('UNAVAILABLE', 'Too many positions are arriving at once; send them again shortly'),
      );
    }
    this.waitingFixes += fixes.length;
    return new Promise((resolve, reject) => {
      this.queue.push({ tokenHash, fixes, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.running < this.limits.parallel && this.queue.length > 0) {
      const batch: Waiting[] = [];
      let size = 0;
      while (
        this.queue.length > 0 &&
        (batch.length === 0 || size + this.queue[0]!.fixes.length <= this.limits.maxBatch)
      ) {
        const next = this.queue.shift()!;
        size += next.fixes.length;
        batch.push(next);
      }
      this.waitingFixes -= size;
      this.running += 1;
      void this.run(batch).finally(() => {
        this.running -= 1;
        this.pump();
      });
    }
  }

  private async run(batch: Waiting[]): Promise<void> {
    try {
      await this.store(batch);
    } catch (error) {
      if (batch.length === 1) return batch[0]!.reject(error);
      // Whatever failed the batch must fail only the request that caused it: each again, alone.
      for (const item of batch) await this.store([item]).catch(item.reject);
    }
  }

  /**
   * One statement per batch, which is its own transaction: the links looked up, the positions stored,
   * the links marked seen.
   */
  private async store(batch: Waiting[]): Promise<void> {
    const owners: { item: number; fix: number }[] = [];
    const positions: PhonePosition[] = [];
    batch.forEach((waiting, item) =>
      waiting.fixes.forEach((fix, index) => {
        positions.push({ ...fix, tokenHash: waiting.tokenHash, source: 'DRIVER_PHONE' });
        owners.push({ item, fix: index });
      }),
    );
    const outcome = await recordPhonePositions(this.ctx, positions);
    const answers = batch.map((): PositionIngestResponse => ({ stored: 0, refused: [] }));
    const refusedAt = new Map(outcome.refused.map((r) => [r.index, r.message]));
    owners.forEach(({ item, fix }, index) => {
      // A driver on no trip hears that for every position, whatever else is wrong with it.
      const onTrip = outcome.phones.get(batch[item]!.tokenHash) != null;
      const message = onTrip ? refusedAt.get(index) : NOT_ON_TRIP;
      if (message) answers[item]!.refused.push({ index: fix, message });
    });
    for (const index of outcome.storedIndexes) answers[owners[index]!.item]!.stored += 1;
    batch.forEach((waiting, item) => {
      if (outcome.phones.has(waiting.tokenHash)) waiting.resolve(answers[item]!);
      else waiting.reject(unknownLink());
    });
  }
}
