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
import { useSessionStore, useApi } from '../../../lib/session-context';
import type { ApiClient } from '../../../lib/api';
import { profileKeys } from '../../profile';
import { companyKeys } from './company-keys';
import { uploadCompanyDocument } from './upload-company-document';

/** GET /api/v1/company/documents/validate: what still stands between the company and verification. */
export function useCompanyValidation() {
  const api = useApi();
  return useQuery({
    queryKey: companyKeys.validation(),
    queryFn: () => api.get<CompanyDocumentsValidation>('/api/v1/company/documents/validate'),
  });
}

/** GET /api/v1/company/documents: the current document of each type. */
export function useCompanyDocuments() {
  const api = useApi();
  return useQuery({
    queryKey: companyKeys.documentList(),
    queryFn: () => api.get<CompanyDocument[]>('/api/v1/company/documents'),
  });
}

export function useUpdateCompany() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateCompanyRequest) =>
      (await api.put<CompanyResponse>('/api/v1/user/company', body)).data,
    onSuccess: (company: Company) => {
      queryClient.setQueryData<Profile>(profileKeys.me, (profile) =>
        profile ? { ...profile, company } : profile,
      );
      void queryClient.invalidateQueries({ queryKey: companyKeys.validation() });
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
      void queryClient.invalidateQueries({ queryKey: companyKeys.documents });
      // An upload can move the company into review, which the profile carries.
      void queryClient.invalidateQueries({ queryKey: profileKeys.me });
    },
  });
}

/** GET /api/v1/company/documents/{id}/file, saved under the document's own name. */
export function downloadCompanyDocument(
  api: ApiClient,
  document: Pick<CompanyDocument, 'id' | 'fileName'>,
): Promise<void> {
  return api.downloadFile(
    `/api/v1/company/documents/${encodeURIComponent(document.id)}/file`,
    document.fileName,
  );
}
