import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../lib/can';
import { trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { DownloadButton } from '../attendance/shared';
import { SendPayslipsDialog } from './SendPayslipsDialog';
import './texts';

export { MyPayslipPdfButton } from './MyPayslipPdfButton';
export { PayslipPdfPasswordCard } from './PayslipPdfPasswordCard';
export { OutboxPanel } from './OutboxPanel';

export interface PayslipActionsProps {
  /** The payroll run (salary report) id. */
  runId: number;
  /** The run's status: 'draft' | 'finalised' | 'cancelled'. */
  status: string;
}

/** Buttons on the salary report detail: download all payslips as PDF, send payslips by e-mail. */
export function PayslipActions({ runId, status }: PayslipActionsProps) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const canSend = useCan('salary.update');
  const [asking, setAsking] = useState(false);
  const finalised = status === 'finalised';
  return (
    <div data-testid="payslip-actions" className="flex flex-wrap items-center gap-2">
      <DownloadButton size="sm" testId="payslips-pdf" fetchFile={() => utils.salary.payslip.runPdf.fetch({ id: runId })}>
        {t('mail.downloadAll')}
      </DownloadButton>
      {canSend ? (
        <Button
          size="sm"
          disabled={!finalised}
          title={finalised ? undefined : t('mail.finaliseFirst')}
          onClick={() => setAsking(true)}
        >
          {t('mail.sendEmail')}
        </Button>
      ) : null}
      {asking ? <SendPayslipsDialog runId={runId} onClose={() => setAsking(false)} /> : null}
    </div>
  );
}
