import { useTranslation } from 'react-i18next';
import { TextInput } from '../../ui/TextInput';
import './texts';

/** The name-or-number search box of the income tax and bonus lists (sent to the server). */
export function SearchBox({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  return (
    <TextInput
      type="search"
      aria-label={t('salaryTax.search')}
      placeholder={t('salaryTax.search')}
      value={value}
      maxLength={100}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
