import { FileDownloadButton } from '../../ui/FileDownloadButton';

/** A small download button (ui `FileDownloadButton`) reading `label`. */
export function DownloadButton({
  label,
  fetchFile,
}: {
  label: string;
  fetchFile: () => Promise<{ fileName: string; contentType: string; base64: string }>;
}) {
  return (
    <FileDownloadButton size="sm" fetchFile={fetchFile}>
      {label}
    </FileDownloadButton>
  );
}
