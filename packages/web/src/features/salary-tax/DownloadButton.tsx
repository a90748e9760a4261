import { useState } from 'react';
import { saveBase64 } from '../../lib/save-file';
import { Button } from '../../ui/Button';

/** Fetches a `{ fileName, contentType, base64 }` download and saves it; disabled while it runs. */
export function DownloadButton({
  label,
  fetchFile,
}: {
  label: string;
  fetchFile: () => Promise<{ fileName: string; contentType: string; base64: string }>;
}) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      saveBase64(await fetchFile());
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="sm" variant="secondary" disabled={busy} onClick={() => void run()}>
      {label}
    </Button>
  );
}
