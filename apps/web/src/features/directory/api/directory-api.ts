import type { CompanyProfile, Page, DirectoryTransporter } from '@freightlane/domain';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useActionError } from '../../../components/action-error';
import { notifySuccess } from '../../../lib/notify';
import { useApi } from '../../../lib/session-context';
import { useAddPreferredPartner } from '../../partners';
import { useDirectoryText } from '../text';
import { directoryKeys, type DirectoryFilters } from './directory-keys';

export const DIRECTORY_PAGE_SIZE = 20;

function directoryPath({ page, sort, q, ...filters }: DirectoryFilters): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value !== null) query.set(key, String(value));
  if (q) query.set('q', q);
  query.set('sort', sort);
  query.set('page', String(page));
  query.set('size', String(DIRECTORY_PAGE_SIZE));
  return `/api/v1/transporter-directory?${query}`;
}

/** GET /api/v1/transporter-directory: one page of verified transporters, filtered and sorted by the API. */
export function useTransporterDirectory(filters: DirectoryFilters) {
  const api = useApi();
  return useQuery({
    queryKey: directoryKeys.list(filters),
    queryFn: ({ signal }) => api.get<Page<DirectoryTransporter>>(directoryPath(filters), { signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/v1/companies/{companyId}/profile */
export function useCompanyProfile(companyId: string) {
  const api = useApi();
  return useQuery({
    queryKey: directoryKeys.profile(companyId),
    queryFn: ({ signal }) =>
      api.get<CompanyProfile>(`/api/v1/companies/${encodeURIComponent(companyId)}/profile`, { signal }),
  });
}

/**
 * Inviting a transporter as a preferred partner (the partners feature's call), then reading the directory and
 * the profiles again so the invited company shows as a partner. `inviting` is the company on its way.
 */
export function useInvitePartner() {
  const t = useDirectoryText();
  const add = useAddPreferredPartner();
  const queryClient = useQueryClient();
  const showActionError = useActionError();
  const [inviting, setInviting] = useState<string | null>(null);

  async function invite(companyId: string, name: string) {
    setInviting(companyId);
    try {
      await add.mutateAsync(companyId);
      notifySuccess(t('invite.done', { name }));
    } catch (error) {
      showActionError(error);
    } finally {
      // Read again either way: a refusal as already a partner (from another tab) flips the row too.
      await queryClient.invalidateQueries({ queryKey: directoryKeys.all });
      setInviting(null);
    }
  }

  return { invite, inviting };
}
