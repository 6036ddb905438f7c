/** What other features may use from company. */
export { VerificationChecklistCard } from './components/verification-checklist';
export { useCompanyValidation } from './api/company-api';
export {
  DETAIL_LABELS,
  DOCUMENT_STATUS_COLORS,
  DOCUMENT_STATUS_LABELS,
  useVerificationLabels,
  VERIFICATION_STATUS_COLORS,
  VERIFICATION_STATUS_LABELS,
} from './components/verification-labels';
export { formatFileSize } from './components/company-documents-card';
