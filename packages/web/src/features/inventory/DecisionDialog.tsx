import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { Modal } from '../../ui/Modal';
import { TextInput } from '../../ui/TextInput';
import './texts';

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
    <Modal
      open
      onClose={onClose}
      title={title}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('app.cancel')}
          </Button>
          <Button variant={decision === 'reject' ? 'danger' : 'primary'} disabled={pending} onClick={confirm}>
            {decision === 'reject' ? t('inv.reject') : t('inv.approve')}
          </Button>
        </>
      }
    >
      <Field label={t('inv.decisionNote')} htmlFor="decision-note" required={decision === 'reject'}>
        <TextInput id="decision-note" value={note} maxLength={1000} invalid={invalid} onChange={(e) => setNote(e.target.value)} />
      </Field>
    </Modal>
  );
}
