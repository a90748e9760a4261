import type { ReactNode } from 'react';
import { useFileDownload } from '../lib/use-file-download';
import { Button, type ButtonProps } from './Button';

/**
 * A button that fetches a file from a download procedure (`{ fileName, contentType, base64 }`) and
 * saves it; off while it runs, reading `busyLabel` then when one is given. A failure is left alone:
 * the query cache's error handler has shown it (spec §8).
 */
export function FileDownloadButton({
  fetchFile,
  children,
  busyLabel,
  variant = 'secondary',
  size = 'md',
  testId,
}: {
  fetchFile: () => Promise<{ fileName: string; contentType: string; base64: string }>;
  children: ReactNode;
  busyLabel?: string;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  testId?: string;
}) {
  const { busy, download } = useFileDownload();
  const run = () => download(fetchFile).catch(() => {});
  return (
    <Button variant={variant} size={size} disabled={busy} onClick={() => void run()} data-testid={testId}>
      {busy && busyLabel !== undefined ? busyLabel : children}
    </Button>
  );
}
