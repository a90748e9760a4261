import type { ParseKeys } from 'i18next';
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

/**
 * A native select over one lookup list: blank first option, "Loading..." while fetching; its
 * placeholder is `placeholderKey`'s text unless the caller passes one.
 */
function ListSelect({
  list,
  placeholder,
  placeholderKey,
  ...props
}: LookupSelectProps & { list: ListState; placeholderKey: ParseKeys }) {
  const { t } = useTranslation();
  return (
    <Select
      {...props}
      options={toOptions(list.data)}
      placeholder={placeholder ?? t(placeholderKey)}
      loading={list.isFetching}
      loadingText={SPEC_TEXT.loading}
    />
  );
}

/* Lookup dropdowns of spec §2 (bank, education, job level, marital status, religion, PTKP). */

export function ReligionSelect(props: LookupSelectProps) {
  return <ListSelect {...props} list={useReligions()} placeholderKey="select.religion" />;
}

export function EducationLevelSelect(props: LookupSelectProps) {
  return <ListSelect {...props} list={useEducationLevels()} placeholderKey="select.educationLevel" />;
}

export function MaritalStatusSelect(props: LookupSelectProps) {
  return <ListSelect {...props} list={useMaritalStatuses()} placeholderKey="select.maritalStatus" />;
}

export function BankSelect(props: LookupSelectProps) {
  return <ListSelect {...props} list={useBanks()} placeholderKey="select.bank" />;
}

export function JobLevelSelect(props: LookupSelectProps) {
  return <ListSelect {...props} list={useJobLevels()} placeholderKey="select.jobLevel" />;
}

export function PtkpSelect(props: LookupSelectProps) {
  return <ListSelect {...props} list={usePtkp()} placeholderKey="select.ptkp" />;
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
