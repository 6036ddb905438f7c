import { desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { rowsAsJson } from '../../../db/rows-as-json';
import { companies, drivers, tripDocuments, users } from '../../../db/schema';

export type TripDocumentRecord = typeof tripDocuments.$inferSelect;
export type NewTripDocument = typeof tripDocuments.$inferInsert;

export interface TripDocumentRow {
  document: TripDocumentRecord;
  uploaderFirstName: string | null;
  uploaderLastName: string | null;
  uploaderCompanyName: string;
}

function selectDocuments(db: Executor) {
  return db
    .select({
      document: tripDocuments,
      // A driver has no user account: a photo from the phone link names the driver.
      uploaderFirstName: sql<string | null>`coalesce(${users.firstName}, ${drivers.firstName})`,
      uploaderLastName: sql<string | null>`coalesce(${users.lastName}, ${drivers.lastName})`,
      uploaderCompanyName: companies.name,
    })
    .from(tripDocuments)
    .innerJoin(companies, eq(companies.id, tripDocuments.uploadedByCompanyId))
    .leftJoin(users, eq(users.id, tripDocuments.uploadedByUserId))
    .leftJoin(drivers, eq(drivers.id, tripDocuments.uploadedByDriverId));
}

/** A trip's documents (`tripId` a placeholder), the newest first. */
function documentsOfTripQuery(db: Executor) {
  return selectDocuments(db)
    .where(eq(tripDocuments.tripId, sql.placeholder('tripId')))
    .orderBy(desc(tripDocuments.createdAt), desc(tripDocuments.id));
}

/** A trip's documents as one value of a bigger statement (the trip page's), `tripId` its placeholder. */
export const documentsOfTripPart = (db: Executor) => rowsAsJson(documentsOfTripQuery(db));

export async function findTripDocumentRow(db: Executor, documentId: string): Promise<TripDocumentRow | null> {
  const [row] = await selectDocuments(db).where(eq(tripDocuments.id, documentId)).limit(1);
  return row ?? null;
}

/** The document row, locked so a racing delete sees it gone rather than deleting it twice. */
export async function lockTripDocument(db: Executor, documentId: string): Promise<TripDocumentRecord | null> {
  const [row] = await db
    .select()
    .from(tripDocuments)
    .where(eq(tripDocuments.id, documentId))
    .limit(1)
    .for('update');
  return row ?? null;
}

export async function insertTripDocument(db: Executor, values: NewTripDocument): Promise<TripDocumentRecord> {
  const [row] = await db.insert(tripDocuments).values(values).returning();
  return row!;
}

export async function deleteTripDocument(db: Executor, documentId: string): Promise<void> {
  await db.delete(tripDocuments).where(eq(tripDocuments.id, documentId));
}
