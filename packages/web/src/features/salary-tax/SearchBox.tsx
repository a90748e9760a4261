import { useTranslation } from 'react-i18next';
import './texts';
import { SearchInput } from '../../ui/SearchInput';

/** The name-or-number search box of the income tax and bonus lists (sent to the server). */
export function SearchBox({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  return <SearchInput label={t('salaryTax.search')} value={value} onValue={onChange} />;
}
