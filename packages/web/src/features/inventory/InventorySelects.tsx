import { SPEC_TEXT } from '../../lib/spec-text';
import { trpc } from '../../lib/trpc';
import { SearchableSelect, type SearchableSelectProps } from '../../ui/Combobox';
import { Select, type SelectProps } from '../../ui/Select';

type Props = Omit<SelectProps, 'options'>;

/** Lookups that keep asking until options exist (spec §5); they never go stale otherwise. */
const UNTIL_OPTIONS = {
  staleTime: Number.POSITIVE_INFINITY,
  refetchInterval: (query: { state: { data?: readonly unknown[] | undefined } }) =>
    query.state.data && query.state.data.length > 0 ? false : 1000,
};

/** A select of looked-up options: "Loading..." (spec text) while they load. */
function LookupSelect({ loading, ...props }: SelectProps & { loading: boolean }) {
  return <Select loading={loading} loadingText={SPEC_TEXT.loading} {...props} />;
}

/** The item-warehouse selector (spec §2 "Select Item"; a variant without a name shows "-"). */
export function ItemWarehouseSelect(props: Props) {
  const q = trpc.inventory.item.warehouses.useQuery({}, { staleTime: Number.POSITIVE_INFINITY });
  const options = (q.data ?? []).map((v) => ({ value: v.id, label: `${v.item} (${v.name})` }));
  return <LookupSelect placeholder={SPEC_TEXT.selectItem} loading={q.isLoading} options={options} {...props} />;
}

/** The unit selector; it keeps retrying until options exist (spec §5). */
export function UnitSelect(props: Props) {
  const q = trpc.inventory.unit.options.useQuery(undefined, UNTIL_OPTIONS);
  const options = (q.data ?? []).map((u) => ({ value: u.id, label: u.name }));
  return <LookupSelect placeholder={SPEC_TEXT.selectUnit} loading={q.isLoading} options={options} {...props} />;
}

/**
 * The service selector: searchable (spec §2 "a searchable service dropdown", issue 20 item 11); it keeps
 * retrying until options exist (spec §5).
 */
export function ServiceSelect(props: Omit<SearchableSelectProps, 'options' | 'placeholder'>) {
  const q = trpc.inventory.service.options.useQuery(undefined, UNTIL_OPTIONS);
  const options = (q.data ?? []).map((s) => ({ value: s.id, label: s.name }));
  return <SearchableSelect placeholder={SPEC_TEXT.selectService} loading={q.isLoading} options={options} {...props} />;
}

export function WarehouseSelect(props: Props) {
  const q = trpc.inventory.warehouse.list.useQuery({}, { staleTime: Number.POSITIVE_INFINITY });
  const options = (q.data ?? []).map((w) => ({ value: w.id, label: `${w.name} (${w.companyOffice})` }));
  return <LookupSelect loading={q.isLoading} options={options} {...props} />;
}

/** "1250000" → "1.250.000" (integer rupiah as a digit string; no float conversion). */
export function formatRupiah(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/** Empty string → undefined, else the number (ids of selects). */
export const idOrUndefined = (v: string): number | undefined => (v === '' ? undefined : Number(v));

/** Whole rupiah typed by a user → digits only (no float conversion). */
export const digitsOnly = (v: string): string => v.replace(/\D/g, '');
