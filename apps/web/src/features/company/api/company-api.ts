import type {
  Company,
  CompanyDocument,
  CompanyDocumentsValidation,
  CompanyDocumentType,
  CompanyResponse,
  Profile,
  UpdateCompanyRequest,
} from '@freightlane/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSessionStore } from '../../../lib/session-context';
import { api, downloadFile } from '../../../lib/api';
import { PROFILE_QUERY_KEY } from '../../profile';
import { uploadCompanyDocument } from './upload-company-document';

/** Both company document queries start with this key, so one invalidation refreshes them together. */
const COMPANY_DOCUMENTS_KEY = ['company', 'documents'] as const;
export const COMPANY_VALIDATION_QUERY_KEY = [...COMPANY_DOCUMENTS_KEY, 'validate'] as const;
export const COMPANY_DOCUMENT_LIST_QUERY_KEY = [...COMPANY_DOCUMENTS_KEY, 'list'] as const;

/** GET /api/v1/company/documents/validate: what still stands between the company and verification. */
export function useCompanyValidation() {
  return useQuery({
    queryKey: COMPANY_VALIDATION_QUERY_KEY,
    queryFn: () => api.get<CompanyDocumentsValidation>('/api/v1/company/documents/validate'),
  });
}

/** GET /api/v1/company/documents: the current document of each type. */
export function useCompanyDocuments() {
  return useQuery({
    queryKey: COMPANY_DOCUMENT_LIST_QUERY_KEY,
    queryFn: () => api.get<CompanyDocument[]>('/api/v1/company/documents'),
  });
}

export function useUpdateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateCompanyRequest) =>
      (await api.put<CompanyResponse>('/api/v1/user/company', body)).data,
    onSuccess: (company: Company) => {
      queryClient.setQueryData<Profile>(PROFILE_QUERY_KEY, (profile) =>
        profile ? { ...profile, company } : profile,
      );
      void queryClient.invalidateQueries({ queryKey: COMPANY_VALIDATION_QUERY_KEY });
    },
  });
}

export interface UploadVariables {
  type: CompanyDocumentType;
  file: File;
  onProgress: (percent: number) => void;
}

export function useUploadCompanyDocument() {
  const queryClient = useQueryClient();
  const store = useSessionStore();
  return useMutation({
    mutationFn: ({ type, file, onProgress }: UploadVariables) =>
      uploadCompanyDocument(type, file, store, onProgress),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: COMPANY_DOCUMENTS_KEY });
      // An upload can move the company into review, which the profile carries.
      void queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY });
    },
  });
}

/** GET /api/v1/company/documents/{id}/file, saved under the document's own name. */
export function downloadCompanyDocument(document: Pick<CompanyDocument, 'id' | 'fileName'>): Promise<void> {
  return downloadFile(`/api/v1/company/documents/${encodeURIComponent(document.id)}/file`, document.fileName);
}
