import { useTranslation } from 'react-i18next';
import { trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { formatPeriod } from './run-format';
import './texts';

export type RunAction = 'finalise' | 'cancel';

/**
 * Confirms finalising or cancelling a draft run. The server guards the transition (only a draft,
 * one winner of two concurrent calls); its refusal is shown as a toast.
 */
export function ConfirmRunDialog({
  runId,
  period,
  action,
  onClose,
}: {
  runId: number;
  period: string;
  action: RunAction | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const done = {
    onSuccess: () => {
      void utils.salary.report.invalidate();
      void utils.salary.personal.invalidate();
      onClose();
    },
  };
  const finalise = trpc.salary.report.finalise.useMutation({
    ...done,
    meta: { successMessage: 'server' },
  });
  const cancel = trpc.salary.report.cancel.useMutation({
    ...done,
    meta: { successMessage: 'server' },
  });
  const busy = finalise.isPending || cancel.isPending;
  const label = action === 'cancel' ? t('salaryRuns.cancelRun') : t('salaryRuns.finalise');
  return (
    <Modal
      open={action !== null}
      onClose={onClose}
      title={label}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('salaryRuns.keep')}
          </Button>
          <Button
            variant={action === 'cancel' ? 'danger' : 'primary'}
            disabled={busy}
            onClick={() => (action === 'cancel' ? cancel : finalise).mutate({ id: runId })}
          >
            {label}
          </Button>
        </>
      }
    >
      <p className="text-sm text-slate-700">
        {t(action === 'cancel' ? 'salaryRuns.cancelConfirm' : 'salaryRuns.finaliseConfirm', { period: formatPeriod(period) })}
      </p>
    </Modal>
  );
}
