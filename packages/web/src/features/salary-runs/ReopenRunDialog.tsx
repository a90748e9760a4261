import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../lib/trpc';
import { CancelButton } from '../../ui/ActionModal';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { Modal } from '../../ui/Modal';
import { TextArea } from '../../ui/TextArea';
import { formatPeriod } from './run-format';
import './texts';
import { toastThen } from '../../lib/toast-then';

/**
 * HR reopens a finalised run (issue 19 item 17): the month's corrections, overtime and leave can be decided again,
 * and the run goes back to draft. A reason is required (it is kept in the audit log); the server refuses once a bank
 * transfer file was exported, and of two concurrent reopens only one succeeds (its refusal is a toast).
 */
export function ReopenRunDialog({
  runId,
  period,
  open,
  onClose,
}: {
  runId: number;
  period: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const reopen = trpc.salary.report.reopen.useMutation(
    toastThen(() => {
      void utils.salary.report.invalidate();
      void utils.salary.personal.invalidate();
      setReason('');
      setTried(false);
      onClose();
    }),
  );
  const missing = reason.trim() === '';
  const submit = () => {
    setTried(true);
    if (!missing) reopen.mutate({ id: runId, reason: reason.trim() });
  };
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('salaryRuns.reopen')}
      footer={
        <>
          <CancelButton onCancel={onClose}>{t('salaryRuns.keep')}</CancelButton>
          <Button variant="danger" disabled={reopen.isPending} onClick={submit}>
            {t('salaryRuns.reopen')}
          </Button>
        </>
      }
    >
      <p className="mb-3 text-sm text-slate-700">{t('salaryRuns.reopenConfirm', { period: formatPeriod(period) })}</p>
      <Field
        label={t('salaryRuns.reopenReason')}
        htmlFor="reopen-reason"
        required
        error={tried && missing ? t('salaryRuns.reopenReasonRequired') : null}
      >
        <TextArea
          id="reopen-reason"
          rows={3}
          maxLength={500}
          value={reason}
          onValue={setReason}
          invalid={tried && missing}
          aria-invalid={tried && missing ? true : undefined}
        />
      </Field>
    </Modal>
  );
}
