import { useTranslation } from 'react-i18next';
import { FileDownloadButton } from '../../ui/FileDownloadButton';
import './texts';

/** A download button (ui `FileDownloadButton`) reading "Download" (or `label`), "Downloading…" while it runs. */
export function DownloadButton({
  label,
  ...props
}: {
  fetchFile: () => Promise<{ fileName: string; contentType: string; base64: string }>;
  label?: string;
  size?: 'sm' | 'md';
  variant?: 'secondary' | 'ghost';
}) {
  const { t } = useTranslation();
  return (
    <FileDownloadButton {...props} busyLabel={t('inv.downloading')}>
      {label ?? t('inv.download')}
    </FileDownloadButton>
  );
}
