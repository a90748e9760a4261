import { useTranslation } from 'react-i18next';
import { useFileDownload } from '../../lib/use-file-download';
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
  const { busy, download } = useFileDownload();
  const run = () =>
    download(fetchFile).catch(() => {
      // Reported by the query cache's error handler.
    });
  return (
    <Button variant={variant} size={size} disabled={busy} onClick={() => void run()}>
      {busy ? t('inv.downloading') : (label ?? t('inv.download'))}
    </Button>
  );
}
