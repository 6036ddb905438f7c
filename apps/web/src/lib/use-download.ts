import { useState } from 'react';
import { notifyError } from './notify';

/** Runs a file download with a busy flag for its button; a failure becomes a "Download failed" toast. */
export function useDownload() {
  const [downloading, setDownloading] = useState(false);
  async function download(save: () => Promise<void>) {
    setDownloading(true);
    try {
      await save();
    } catch (error) {
      notifyError(error, 'Download failed');
    } finally {
      setDownloading(false);
    }
  }
  return { downloading, download };
}
