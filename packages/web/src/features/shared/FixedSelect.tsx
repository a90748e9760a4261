import { useTranslation } from 'react-i18next';
import { Select, type SelectProps } from '../../ui/Select';
import { FIXED_OPTIONS, type FixedListName } from './fixed-options';

export interface FixedSelectProps extends Omit<SelectProps, 'options'> {
  list: FixedListName;
}

/** One of the fixed lists of spec §2: gender, yes/no, true/false, family/friend, holiday, … */
export function FixedSelect({ list, placeholder, ...props }: FixedSelectProps) {
  const { t } = useTranslation();
  return <Select options={FIXED_OPTIONS[list]} placeholder={placeholder ?? t('select.option')} {...props} />;
}
