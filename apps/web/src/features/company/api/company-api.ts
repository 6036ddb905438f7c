import type {
  Company,
  CompanyDocumentsValidation,
  CompanyResponse,
  Profile,
  UpdateCompanyRequest,
} from '@freightlane/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { PROFILE_QUERY_KEY } from '../../profile';

export const COMPANY_VALIDATION_QUERY_KEY = ['company', 'documents', 'validate'] as const;

/** GET /api/v1/company/documents/validate: what still stands between the company and verification. */
export function useCompanyValidation() {
  return useQuery({
    queryKey: COMPANY_VALIDATION_QUERY_KEY,
    queryFn: () => api.get<CompanyDocumentsValidation>('/api/v1/company/documents/validate'),
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
