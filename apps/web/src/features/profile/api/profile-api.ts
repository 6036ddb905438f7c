import type { Profile, ProfileResponse, UpdateProfileRequest } from '@freightlane/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSessionStore } from '../../../lib/session-context';
import { api } from '../../../lib/api';

export const PROFILE_QUERY_KEY = ['me'] as const;

/** GET /api/v1/user/me: the signed-in person, their company and country. */
export function useProfile() {
  return useQuery({
    queryKey: PROFILE_QUERY_KEY,
    queryFn: async () => (await api.get<ProfileResponse>('/api/v1/user/me')).data,
  });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  const store = useSessionStore();
  return useMutation({
    mutationFn: async (body: UpdateProfileRequest) =>
      (await api.put<ProfileResponse>('/api/v1/user/me', body)).data,
    onSuccess: (profile: Profile) => {
      queryClient.setQueryData(PROFILE_QUERY_KEY, profile);
      // The greeting and the sidebar read the stored first name.
      store.setFirstName(profile.firstName);
    },
  });
}
