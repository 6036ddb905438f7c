/** The query keys of the company's documents: both start with ['company', 'documents'], so one invalidation refreshes them together. */
export const companyKeys = {
  documents: ['company', 'documents'] as const,
  validation: () => [...companyKeys.documents, 'validate'] as const,
  documentList: () => [...companyKeys.documents, 'list'] as const,
};
