/**
 * What a trip document is, and the files accepted. Kept apart from the zod contract so the light driver
 * page (apps/web/src/public) can offer the same choices without carrying zod.
 */
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
