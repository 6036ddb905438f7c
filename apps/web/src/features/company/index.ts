/** What other features may use from company. */
export { VerificationChecklistCard } from './components/verification-checklist';
export { useCompanyValidation, COMPANY_VALIDATION_QUERY_KEY } from './api/company-api';
