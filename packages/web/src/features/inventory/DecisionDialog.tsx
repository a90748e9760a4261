import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionModal } from '../../ui/ActionModal';
import './texts';
import { TextField } from '../../ui/TextField';

/** Approve or reject with a note (the note is required to reject). */
export function DecisionDialog({
  title,
  decision,
  pending,
  onConfirm,
  onClose,
}: {
  title: string;
  decision: 'approve' | 'reject';
  pending: boolean;
  onConfirm: (note: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  const [invalid, setInvalid] = useState(false);
  const confirm = () => {
    if (decision === 'reject' && note.trim() === '') {
      setInvalid(true);
      document.getElementById('decision-note')?.focus();
      return;
    }
    onConfirm(note.trim());
  };
  return (
    <ActionModal
      onClose={onClose}
      title={title}
      actionLabel={decision === 'reject' ? t('inv.reject') : t('inv.approve')}
      busy={pending}
      onAction={confirm}
      variant={decision === 'reject' ? 'danger' : 'primary'}
    >
      <TextField
        id="decision-note"
        label={t('inv.decisionNote')}
        required={decision === 'reject'}
        value={note}
        maxLength={1000}
        invalid={invalid}
        onValue={setNote}
      />
    </ActionModal>
  );
}
