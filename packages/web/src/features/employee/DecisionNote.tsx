import { useTranslation } from 'react-i18next';
import { TextInput } from '../../ui/TextInput';

/** The optional note sent with an approval or a disapproval (resignations, update requests). */
export function DecisionNote({ value, onValue }: { value: string; onValue: (v: string) => void }) {
  const { t } = useTranslation();
  return (
    <TextInput
      aria-label={t('employeeDetail.note')}
      placeholder={t('employeeDetail.note')}
      value={value}
      maxLength={500}
      onChange={(e) => onValue(e.target.value)}
      className="max-w-xs"
    />
  );
}
