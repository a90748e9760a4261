import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBase64 } from '../../lib/save-file';
import { Button } from '../../ui/Button';
import './texts';

/**
 * Fetches a file from a download procedure (`{ fileName, contentType, base64 }`) and saves it.
 * A failure shows as the usual error notification (the query cache reports it).
 */
export function DownloadButton({
  fetchFile,
  label,
  size = 'md',
  variant = 'secondary',
}: {
  fetchFile: () => Promise<{ fileName: string; contentType: string; base64: string }>;
  label?: string;
  size?: 'sm' | 'md';
  variant?: 'secondary' | 'ghost';
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      saveBase64(await fetchFile());
    } catch {
      // Reported by the query cache's error handler.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant={variant} size={size} disabled={busy} onClick={() => void run()}>
      {busy ? t('inv.downloading') : (label ?? t('inv.download'))}
    </Button>
  );
}
