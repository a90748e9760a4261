import { type ComponentProps, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldsOf } from '../../lib/errors';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { SearchableSelect } from '../../ui/Combobox';
import { ActionModal } from '../../ui/ActionModal';
import { Select, type SelectProps } from '../../ui/Select';
import { TextInput } from '../../ui/TextInput';
import { Card } from '../../ui/Card';
import type { Column } from '../../ui/DataTable';
import { PagedTable, usePaging } from '../shared/PagedTable';
import './texts';
import { SearchInput } from '../../ui/SearchInput';

export type SalaryEmployeeRow = RouterOutputs['salary']['employee']['list']['rows'][number];
export type SalaryEmployeeDetail = RouterOutputs['salary']['employee']['detail'];
export type QueueRow = RouterOutputs['salary']['queue']['list']['rows'][number];
export type ComponentRow = RouterOutputs['salary']['formula']['list'][number];
export type EmployeeComponentRow = RouterOutputs['salary']['employeeComponent']['list']['rows'][number];
export type BonusCutRow = RouterOutputs['salary']['bonusCut']['list']['rows'][number];

/**
 * Component kinds of core's COMPONENT_KINDS (payroll/runs/schema.ts, not on the browser surface); the
 * two checks keep this list equal to the server's type.
 */
export const COMPONENT_KINDS_UI = ['fixed-allowance', 'non-fixed-allowance', 'deduction'] as const;
type KindsMatch<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
export const KINDS_MATCH: KindsMatch<(typeof COMPONENT_KINDS_UI)[number], ComponentRow['kind']> = true;

/**
 * Whole rupiah shown with Indonesian thousands dots: "15000000" → "Rp 15.000.000", -224000 → "-Rp 224.000".
 * Digit strings go through BigInt (never a float); numbers are the calculators' safe integers.
 */
export function rp(v: string | number | null | undefined): string {
  if (v === null || v === undefined || v === '') return '-';
  const s = String(v);
  if (!/^-?\d+$/.test(s)) return s;
  const n = BigInt(s);
  const abs = (n < 0n ? -n : n).toLocaleString('id-ID');
  return n < 0n ? `-Rp ${abs}` : `Rp ${abs}`;
}

/** What a user typed in a money box → digits only ("Rp 1.500.000" → "1500000"). */
export function digitsOnly(v: string): string {
  return v.replace(/\D/g, '').replace(/^0+(?=\d)/, '');
}

/** 'yyyy-mm' → 'mm/yyyy' (spec §9 month display). */
export function monthText(v: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})$/.exec(v ?? '');
  return m ? `${m[2]}/${m[1]}` : '';
}

/** The server's field errors of a failed write, keyed by field ("formula" → "unknown variable … at position 0"). */
export function serverFields(err: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of fieldsOf(err)) out[f.param.split('.')[0]!] ??= f.msg;
  return out;
}

/** A rupiah amount box: numeric keyboard, digits only. */
export function MoneyInput({
  id,
  value,
  onChange,
  invalid,
  disabled,
}: {
  id: string;
  value: string;
  onChange: (digits: string) => void;
  invalid?: boolean;
  disabled?: boolean;
}) {
  return (
    <TextInput
      id={id}
      inputMode="numeric"
      maxLength={16}
      value={value}
      invalid={invalid ?? false}
      disabled={disabled}
      onChange={(e) => onChange(digitsOnly(e.target.value))}
    />
  );
}

/**
 * Employee picker of the salary screens: a search box (name or number) and a searchable select over
 * the employees in the caller's salary scope.
 */
export function EmployeePicker({
  id,
  value,
  onChange,
  invalid,
}: {
  id: string;
  value: string;
  onChange: (id: string) => void;
  invalid?: boolean;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), 300);
  const found = trpc.salary.employee.list.useQuery({ search: debounced || undefined, pageSize: 20 });
  return (
    <div className="grid gap-2 sm:grid-cols-2">
      <SearchInput label={t('salaryData.findEmployee')} value={search} onValue={setSearch} />
      <SearchableSelect
        id={id}
        value={value}
        onChange={onChange}
        options={(found.data?.rows ?? []).map((e) => ({ value: e.id, label: `${e.employeeNumber} ${e.name}` }))}
        placeholder={t('salaryData.selectEmployee')}
        loading={found.isFetching}
        invalid={invalid ?? false}
      />
    </div>
  );
}

/**
 * The filters of a paged list by employee (the picker's element id `pickerId`) and one more value,
 * kept in the URL under `key` and chosen in a select named `label` whose empty choice reads `all`:
 * their values, the paging, and the query input's paging and employee part (`input`).
 */
export function useEmployeeFilters(key: string, pickerId: string, label: string, all: string) {
  const paging = usePaging();
  const { value: employeeId, set: setEmployeeId } = paging.param('employee');
  const { value, set: setValue } = paging.param(key);
  return {
    pickerId,
    label,
    all,
    paging,
    employeeId,
    setEmployeeId,
    value,
    setValue,
    input: { page: paging.page, pageSize: paging.pageSize, ...(employeeId ? { employeeId: Number(employeeId) } : {}) },
  };
}

/** A card of a paged list with its filters (`useEmployeeFilters`): the employee picker and the select of `options`. */
export function EmployeeFilteredCard<T>({
  filters: f,
  options,
  ...table
}: {
  filters: ReturnType<typeof useEmployeeFilters>;
  options: SelectProps['options'];
  columns: Column<T>[];
  query: ComponentProps<typeof PagedTable<T>>['query'];
  empty: ReactNode;
}) {
  return (
    <Card>
      <div className="mb-4 grid gap-3 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <EmployeePicker id={f.pickerId} value={f.employeeId} onChange={f.paging.resetting(f.setEmployeeId)} />
        </div>
        <Select
          aria-label={f.label}
          placeholder={f.all}
          value={f.value}
          onChange={f.paging.resetting(f.setValue)}
          options={options}
        />
      </div>
      <PagedTable {...table} paging={f.paging} />
    </Card>
  );
}

/** "Delete …?" confirmation dialog. */
export function ConfirmDelete({
  what,
  pending,
  onConfirm,
  onClose,
}: {
  what: string | null;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ActionModal
      variant="danger"
      open={what !== null}
      title={t('salaryData.confirmDelete', { what: what ?? '' })}
      actionLabel={t('salaryData.delete')}
      busy={pending}
      onAction={onConfirm}
      onClose={onClose}
    >
      <p className="text-sm text-slate-700">{what}</p>
    </ActionModal>
  );
}

/** A small "label: value" list. */
export function Facts({ items }: { items: [string, string, string][] }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {items.map(([label, value, key]) => (
        <div key={key}>
          <dt className="text-xs text-slate-500">{label}</dt>
          <dd className="text-lg font-semibold tabular-nums" data-testid={`fact-${key}`}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
