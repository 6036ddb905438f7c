import {
  lagosToday,
  myDataFileName,
  type EraseMyAccountRequest,
  type ErasureResponse,
} from '@freightlane/domain';
import { useMutation } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api';
import { useApi } from '../../../lib/session-context';

export const MY_DATA_PATH = '/api/v1/user/me/data';

/** GET /api/v1/user/me/data, saved as freightlane-my-data-<Lagos date>.json. */
export function downloadMyData(api: ApiClient): Promise<void> {
  return api.downloadFile(MY_DATA_PATH, myDataFileName(lagosToday()));
}

/** POST /api/v1/user/me/erasure: the server ends every session of the person when it succeeds. */
export function useEraseMyAccount() {
  const api = useApi();
  return useMutation({
    mutationFn: (body: EraseMyAccountRequest) => api.post<ErasureResponse>('/api/v1/user/me/erasure', body),
  });
}
