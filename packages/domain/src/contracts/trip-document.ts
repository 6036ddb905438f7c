import { z } from 'zod';

export const tripDocumentIdParams = z.object({ id: z.uuid({ error: 'Document not found' }) });
// ---------------------------------------------------------------------------------------------------------
// Documents

export const TRIP_DOCUMENT_KINDS = [
  'WAYBILL',
  'TERMINAL_DELIVERY_ORDER',
  'EQUIPMENT_INTERCHANGE_RECEIPT',
  'PROOF_OF_DELIVERY',
  'PHOTO',
  'OTHER',
] as const;
export type TripDocumentKind = (typeof TRIP_DOCUMENT_KINDS)[number];
export const TRIP_DOCUMENT_KIND_LABELS: Record<TripDocumentKind, string> = {
  WAYBILL: 'Waybill',
  TERMINAL_DELIVERY_ORDER: 'Terminal delivery order',
  EQUIPMENT_INTERCHANGE_RECEIPT: 'Equipment interchange receipt',
  PROOF_OF_DELIVERY: 'Proof of delivery',
  PHOTO: 'Photo',
  OTHER: 'Other',
};
export const MAX_TRIP_DOCUMENT_BYTES = 10 * 1024 * 1024;
export const TRIP_DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'] as const;

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
