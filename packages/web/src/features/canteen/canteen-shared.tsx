import { MEAL_KIND_LABELS, MEAL_KINDS, MENU_PREFERENCE_LABELS, MENU_PREFERENCES } from '@hr/core/browser';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import { Select } from '../../ui/Select';
import './texts';

export type CanteenSetting = RouterOutputs['canteen']['setting']['get'][number];

/** Integer rupiah digits with Indonesian thousands dots: "1250000" → "1.250.000". */
export function formatRp(digits: string): string {
  const neg = digits.startsWith('-');
  const body = (neg ? digits.slice(1) : digits).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return neg ? `-${body}` : body;
}

/** Today in the company's time zone (Asia/Jakarta), 'yyyy-mm-dd'. */
export function todayWib(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(now);
}

/** 'yyyy-mm-dd' plus n days. */
export function addDays(iso: string, n: number): string {
  return new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** An instant as hh:mm in the company's time zone. */
export function wibTime(v: Date | string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Jakarta',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(v));
}

export const MEAL_OPTIONS = MEAL_KINDS.map((k) => ({ value: k, label: MEAL_KIND_LABELS[k] }));
export const PREFERENCE_OPTIONS = MENU_PREFERENCES.map((k) => ({ value: k, label: MENU_PREFERENCE_LABELS[k] }));

/** The canteens with their meals (spec §7 "Get canteen setting"), fetched once and cached. */
export function useCanteens() {
  return trpc.canteen.setting.get.useQuery({}, { staleTime: 60_000 });
}

export function CanteenSelect({
  id,
  value,
  onChange,
  placeholder,
  invalid,
  'aria-label': ariaLabel,
}: {
  id?: string;
  value: string;
  onChange: (v: string) => void;
  placeholder: string;
  invalid?: boolean;
  'aria-label'?: string;
}) {
  const q = useCanteens();
  return (
    <Select
      id={id}
      aria-label={ariaLabel}
      value={value}
      onChange={onChange}
      invalid={invalid ?? false}
      placeholder={placeholder}
      loading={q.isFetching && !q.data}
      options={(q.data ?? []).map((c) => ({ value: c.id, label: `${c.name} (${c.companyOffice})` }))}
    />
  );
}

/** Every meal of every canteen, "Lunch — Main Canteen (Jakarta) 11:30–13:00". */
export function MealSelect({
  id,
  value,
  onChange,
  placeholder,
  invalid,
  'aria-label': ariaLabel,
}: {
  id?: string;
  value: string;
  onChange: (v: string) => void;
  placeholder: string;
  invalid?: boolean;
  'aria-label'?: string;
}) {
  const q = useCanteens();
  const options = (q.data ?? []).flatMap((c) =>
    c.meals
      .filter((m) => m.active && c.active)
      .map((m) => ({ value: m.id, label: `${m.label} — ${c.name} (${c.companyOffice}) ${m.startTime}–${m.endTime}` })),
  );
  return (
    <Select
      id={id}
      aria-label={ariaLabel}
      value={value}
      onChange={onChange}
      invalid={invalid ?? false}
      placeholder={placeholder}
      loading={q.isFetching && !q.data}
      options={options}
    />
  );
}
