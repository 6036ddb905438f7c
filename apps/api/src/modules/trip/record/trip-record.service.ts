import type { TripRecordCheck, TripRecordKind, TripRecordProblem } from '@freightlane/domain';
import type { Executor } from '../../../db/client';
import { checkTripRecordRow } from './trip-record.repository';

const KIND_OF_TABLE: Record<string, TripRecordKind> = {
  trip_status_logs: 'STATUS',
  trip_issues: 'ISSUE',
  trip_notes: 'NOTE',
  trip_documents: 'DOCUMENT',
  trip_expenses: 'EXPENSE',
};

/**
 * Checks the trip's record now (decision 049): the chain recomputed link by link, its head, and every entry
 * against its last link. A trip written wholly before records were kept is not broken, only unchecked.
 */
export async function checkTripRecord(
  db: Executor,
  tripId: string,
  now = new Date(),
): Promise<TripRecordCheck> {
  const row = await checkTripRecordRow(db, tripId);
  const problem = row.problem as TripRecordProblem | null;
  return {
    intact: problem === null,
    checkedAt: now.toISOString(),
    links: row.links,
    head: row.head || null,
    broken:
      problem === null
        ? null
        : {
            link: row.brokenSeq,
            kind: row.brokenKind ? (KIND_OF_TABLE[row.brokenKind] ?? null) : null,
            problem,
          },
  };
}
