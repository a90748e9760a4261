import { useState } from 'react';
import type { ListState } from '../../lib/use-list-state';
import { Select } from '../../ui/Select';
import { PeriodFilter } from './approvals/PeriodFilter';

/**
 * One filter of a server-paginated list: its value and a setter that goes back to page 1, to spread
 * onto the filter's select (`<FilterSelect {...status} … />`). Empty means "no filter". With a `key`
 * the filter lives in the URL beside the list's page (Back shows the list filtered as it was).
 */
export function useListFilter(list: ListState, key?: string, initial = '') {
  const [local, setLocal] = useState(initial);
  const url = list.param(key ?? '', initial);
  return key ? { value: url.value, onChange: url.set } : { value: local, onChange: list.filter(setLocal) };
}

/**
 * The "from" and "to" dates of a list (each empty means open-ended): the part of the list query they
 * set and their two date pickers, kept in the URL (`from`, `to`). A change goes back to page 1.
 */
export function usePeriodFilter(list: ListState, labels: { from: string; to: string }, initial = { from: '', to: '' }) {
  const { value: from, set: setFrom } = list.param('from', initial.from);
  const { value: to, set: setTo } = list.param('to', initial.to);
  return {
    input: { ...(from ? { from } : {}), ...(to ? { to } : {}) },
    control: <PeriodFilter fromLabel={labels.from} toLabel={labels.to} from={from} to={to} onFrom={setFrom} onTo={setTo} />,
  };
}

/** A list filter over a lookup (types, categories): its rows by name, "Loading…" while they load. */
export function LookupFilter({
  label,
  all,
  lookup,
  value,
  onChange,
}: {
  label: string;
  all: string;
  lookup: { data?: readonly { id: number; name: string }[] | undefined; isLoading: boolean };
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <Select
      aria-label={label}
      placeholder={all}
      loading={lookup.isLoading}
      value={value}
      onChange={onChange}
      options={(lookup.data ?? []).map((x) => ({ value: x.id, label: x.name }))}
    />
  );
}
