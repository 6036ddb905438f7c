import { useState } from 'react';
import type { ApiClient } from './api';
import { notifyError } from './notify';
import { useApi } from './session-context';

/**
 * Runs a file download with the session's API client and a busy flag for its button; a failure becomes a
 * "Download failed" toast.
 */
export function useDownload() {
  const api = useApi();
  const [downloading, setDownloading] = useState(false);
  async function download(save: (api: ApiClient) => Promise<void>) {
    setDownloading(true);
    try {
      await save(api);
    } catch (error) {
      notifyError(error, 'Download failed');
    } finally {
      setDownloading(false);
    }
  }
  return { downloading, download };
}
