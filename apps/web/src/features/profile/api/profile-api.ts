import type { Profile, ProfileResponse, UpdateProfileRequest } from '@freightlane/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSessionStore, useApi } from '../../../lib/session-context';
import { profileKeys } from './profile-keys';

/** GET /api/v1/user/me: the signed-in person, their company and country. */
export function useProfile() {
  const api = useApi();
  return useQuery({
    queryKey: profileKeys.me,
    queryFn: async () => (await api.get<ProfileResponse>('/api/v1/user/me')).data,
  });
}

export function useUpdateProfile() {
  const api = useApi();
  const queryClient = useQueryClient();
  const store = useSessionStore();
  return useMutation({
    mutationFn: async (body: UpdateProfileRequest) =>
      (await api.put<ProfileResponse>('/api/v1/user/me', body)).data,
    onSuccess: (profile: Profile) => {
      queryClient.setQueryData(profileKeys.me, profile);
      // The greeting and the sidebar read the stored first name.
      store.setFirstName(profile.firstName);
    },
  });
}
