import { z } from 'zod';
import { TRIP_DOCUMENT_KINDS } from '../trip-document-kinds';

export {
  MAX_TRIP_DOCUMENT_BYTES,
  TRIP_DOCUMENT_KINDS,
  TRIP_DOCUMENT_KIND_LABELS,
  TRIP_DOCUMENT_TYPES,
  type TripDocumentKind,
} from '../trip-document-kinds';

export const tripDocumentIdParams = z.object({ id: z.uuid({ error: 'Document not found' }) });
// ---------------------------------------------------------------------------------------------------------
// Documents

export const tripDocumentSchema = z.object({
  id: z.string(),
  kind: z.enum(TRIP_DOCUMENT_KINDS),
  fileName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  uploadedBy: z.string(),
  uploadedAt: z.string(),
  /** Whether the caller may delete it: the uploader's company, or an admin. */
  canDelete: z.boolean(),
});
export type TripDocument = z.infer<typeof tripDocumentSchema>;
export const tripDocumentList = z.array(tripDocumentSchema);
