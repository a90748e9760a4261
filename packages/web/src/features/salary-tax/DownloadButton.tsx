import { Button } from '../../ui/Button';
import { useFileDownload } from '../../lib/use-file-download';

/** Fetches a `{ fileName, contentType, base64 }` download and saves it; disabled while it runs. */
export function DownloadButton({
  label,
  fetchFile,
}: {
  label: string;
  fetchFile: () => Promise<{ fileName: string; contentType: string; base64: string }>;
}) {
  const { busy, download } = useFileDownload();
  const run = () => download(fetchFile);
  return (
    <Button size="sm" variant="secondary" disabled={busy} onClick={() => void run()}>
      {label}
    </Button>
  );
}
