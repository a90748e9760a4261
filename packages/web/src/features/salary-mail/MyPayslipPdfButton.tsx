import { useTranslation } from 'react-i18next';
import { trpc } from '../../lib/trpc';
import { DownloadButton } from '../attendance/shared';
import './texts';

/** On the personal salary page: download one of my payslips as PDF. */
export function MyPayslipPdfButton({ payslipId }: { payslipId: number }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  return (
    <DownloadButton size="sm" testId="my-payslip-pdf" fetchFile={() => utils.salary.payslip.myPdf.fetch({ id: payslipId })}>
      {t('mail.downloadPdf')}
    </DownloadButton>
  );
}
