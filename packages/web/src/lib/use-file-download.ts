import { useState } from 'react';
import { saveBase64 } from './save-file';

/**
 * Saving a file that a download procedure returns (`{ fileName, contentType, base64 }`): `busy`
 * while it is fetched. A failure rejects `download` (the query cache has already reported it).
 */
export function useFileDownload() {
  const [busy, setBusy] = useState(false);
  const download = async (fetchFile: () => Promise<{ fileName: string; contentType: string; base64: string }>) => {
    setBusy(true);
    try {
      saveBase64(await fetchFile());
    } finally {
      setBusy(false);
    }
  };
  return { busy, download };
}
