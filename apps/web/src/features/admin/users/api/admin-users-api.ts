import { USER_SEARCH_PREFIX, type AdminUser } from '@freightlane/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { adminKeys } from '../../api/admin-keys';

export function userSearchPath(phone: string): string {
  // URLSearchParams encodes the + of +234 as %2B, so the API reads it as a plus, not a space.
  return `/api/v1/internal/user/search?${new URLSearchParams({ q: `${USER_SEARCH_PREFIX}${phone}` }).toString()}`;
}

/** GET /api/v1/internal/user/search?q=phoneNumber:{value}: the users with that phone number. */
export function useUserSearch(phone: string | null) {
  return useQuery({
    queryKey: adminKeys.userSearch(phone),
    queryFn: ({ signal }) => api.get<AdminUser[]>(userSearchPath(phone ?? ''), { signal }),
    enabled: phone !== null,
  });
}
