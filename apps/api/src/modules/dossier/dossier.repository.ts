import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { tripDocuments } from '../../db/schema';

/** The SHA-256 of each of the trip's documents (null for files stored before it was kept). */
export async function documentHashesOfTrip(
  db: Executor,
  tripId: string,
): Promise<Map<string, string | null>> {
  const rows = await db
    .select({ id: tripDocuments.id, sha256: tripDocuments.sha256 })
    .from(tripDocuments)
    .where(eq(tripDocuments.tripId, tripId));
  return new Map(rows.map((r) => [r.id, r.sha256]));
}
