import { useTranslation } from 'react-i18next';
import { SPEC_TEXT } from '../../lib/spec-text';
import { SearchableSelect } from '../../ui/Combobox';
import { Select } from '../../ui/Select';
import type { LookupSelectProps } from './OrgSelects';
import {
  toOptions,
  useBanks,
  useCountries,
  useEducationLevels,
  useJobLevels,
  useMaritalStatuses,
  usePtkp,
  useReligions,
} from './use-lookups';

interface ListState {
  data: readonly { id: number; name: string }[] | undefined;
  isFetching: boolean;
}

/** A native select over one lookup list: blank first option, "Loading..." while fetching. */
function ListSelect({ list, placeholder, ...props }: LookupSelectProps & { list: ListState; placeholder: string }) {
  return (
    <Select
      {...props}
      options={toOptions(list.data)}
      placeholder={placeholder}
      loading={list.isFetching}
      loadingText={SPEC_TEXT.loading}
    />
  );
}

/* Lookup dropdowns of spec §2 (bank, education, job level, marital status, religion, PTKP). */

export function ReligionSelect({ placeholder, ...props }: LookupSelectProps) {
  const { t } = useTranslation();
  return <ListSelect {...props} list={useReligions()} placeholder={placeholder ?? t('select.religion')} />;
}

export function EducationLevelSelect({ placeholder, ...props }: LookupSelectProps) {
  const { t } = useTranslation();
  return <ListSelect {...props} list={useEducationLevels()} placeholder={placeholder ?? t('select.educationLevel')} />;
}

export function MaritalStatusSelect({ placeholder, ...props }: LookupSelectProps) {
  const { t } = useTranslation();
  return <ListSelect {...props} list={useMaritalStatuses()} placeholder={placeholder ?? t('select.maritalStatus')} />;
}

export function BankSelect({ placeholder, ...props }: LookupSelectProps) {
  const { t } = useTranslation();
  return <ListSelect {...props} list={useBanks()} placeholder={placeholder ?? t('select.bank')} />;
}

export function JobLevelSelect({ placeholder, ...props }: LookupSelectProps) {
  const { t } = useTranslation();
  return <ListSelect {...props} list={useJobLevels()} placeholder={placeholder ?? t('select.jobLevel')} />;
}

export function PtkpSelect({ placeholder, ...props }: LookupSelectProps) {
  const { t } = useTranslation();
  return <ListSelect {...props} list={usePtkp()} placeholder={placeholder ?? t('select.ptkp')} />;
}

/** Countries are a long list: searchable. */
export function CountrySelect({ placeholder, id, name, value, onChange, invalid, disabled }: LookupSelectProps) {
  const { t } = useTranslation();
  const q = useCountries();
  return (
    <SearchableSelect
      id={id}
      name={name}
      value={value}
      onChange={onChange}
      invalid={invalid}
      disabled={disabled}
      options={toOptions(q.data)}
      placeholder={placeholder ?? t('select.country')}
      loading={q.isFetching}
    />
  );
}
