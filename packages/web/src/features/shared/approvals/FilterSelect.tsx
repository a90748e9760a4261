import { Select, type SelectOption, type SelectProps } from '../../../ui/Select';

/** A list filter: a select named by `label` whose blank option (`all`) means "no filter". */
export function FilterSelect({
  label,
  all,
  value,
  onChange,
  options,
}: {
  label: string;
  all: string;
  value: SelectProps['value'];
  onChange: (v: string) => void;
  options: readonly SelectOption[];
}) {
  return <Select aria-label={label} placeholder={all} value={value} onChange={onChange} options={options} />;
}
