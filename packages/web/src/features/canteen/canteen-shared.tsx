import { type MealKind, MEAL_KIND_LABELS, MEAL_KINDS, MENU_PREFERENCE_LABELS, MENU_PREFERENCES } from '@hr/core/browser';
import { useTranslation } from 'react-i18next';
import type { ListState } from '../../lib/use-list-state';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import type { Column } from '../../ui/DataTable';
import { Select, type SelectOption } from '../../ui/Select';
import { FilterSelect } from '../shared/approvals/FilterSelect';
import { OfficeDepartmentFilter } from '../shared/approvals/OfficeDepartmentFilter';
import './texts';

export type CanteenSetting = RouterOutputs['canteen']['setting']['get'][number];

export { formatRp } from '../shared/approvals/rupiah';

export { todayWib } from '../../lib/company-date';

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

/** What a canteen or meal picker takes; `invalid` marks it as failing validation. */
interface PickerProps {
  id?: string;
  value: string;
  onChange: (v: string) => void;
  placeholder: string;
  invalid?: boolean;
  'aria-label'?: string;
}

/** A select over the cached canteens; `options` turns them into its choices. */
function CanteenDataSelect({
  options,
  invalid,
  ...props
}: PickerProps & { options: (canteens: readonly CanteenSetting[]) => SelectOption[] }) {
  const q = useCanteens();
  return <Select {...props} invalid={invalid ?? false} loading={q.isFetching && !q.data} options={options(q.data ?? [])} />;
}

const canteenOptions = (canteens: readonly CanteenSetting[]) =>
  canteens.map((c) => ({ value: c.id, label: `${c.name} (${c.companyOffice})` }));

const mealOptions = (canteens: readonly CanteenSetting[]) =>
  canteens.flatMap((c) =>
    c.meals
      .filter((m) => m.active && c.active)
      .map((m) => ({ value: m.id, label: `${m.label} — ${c.name} (${c.companyOffice}) ${m.startTime}–${m.endTime}` })),
  );

export function CanteenSelect(props: PickerProps) {
  return <CanteenDataSelect {...props} options={canteenOptions} />;
}

/** Every meal of every canteen, "Lunch — Main Canteen (Jakarta) 11:30–13:00". */
export function MealSelect(props: PickerProps) {
  return <CanteenDataSelect {...props} options={mealOptions} />;
}

/** A red "Delete" button that asks `question` (window.confirm) before calling `onConfirm`. */
export function ConfirmDeleteButton({
  label,
  question,
  busy,
  onConfirm,
}: {
  label: string;
  question: string;
  busy: boolean;
  onConfirm: () => void;
}) {
  return (
    <Button
      size="sm"
      variant="ghost"
      className="text-red-700"
      disabled={busy}
      onClick={() => {
        if (window.confirm(question)) onConfirm();
      }}
    >
      {label}
    </Button>
  );
}

/** The employee number, name and department columns that open a canteen list of employees. */
export function useEmployeeColumns<T extends { employeeNumber: string; name: string; department: string | null }>(): Column<T>[] {
  const { t } = useTranslation();
  return [
    { key: 'number', header: t('cnt.employeeNumber'), cell: (r) => r.employeeNumber },
    { key: 'name', header: t('cnt.employee'), cell: (r) => r.name },
    { key: 'department', header: t('cnt.department'), cell: (r) => r.department ?? '' },
  ];
}

/**
 * The meal kind, office and department filters of a canteen list: their controls and the part of
 * the list query they set. Each change goes back to page 1; `onMealKind` also runs (with '') when
 * the meal kind changes.
 */
export function useMealOfficeFilters(list: ListState, onMealKind?: () => void) {
  const { t } = useTranslation();
  // Kept in the URL with the list's page (lib/use-list-state), so Back shows the list as it was.
  const { value: mealKind, set: setMealKind } = list.param('meal');
  const { value: officeId, set: setOfficeId } = list.param('office');
  const { value: departmentId, set: setDepartmentId } = list.param('department');
  return {
    input: {
      ...(mealKind ? { mealKind: mealKind as MealKind } : {}),
      ...(officeId ? { companyOfficeId: Number(officeId) } : {}),
      ...(departmentId ? { departmentId: Number(departmentId) } : {}),
    },
    mealKindFilter: (
      <FilterSelect
        label={t('cnt.meal')}
        all={t('cnt.allMeals')}
        value={mealKind}
        onChange={onMealKind ? list.filter(setMealKind, onMealKind) : list.filter(setMealKind)}
        options={MEAL_OPTIONS}
      />
    ),
    officeFilter: (
      <OfficeDepartmentFilter
        officeLabel={t('cnt.office')}
        allOffices={t('cnt.allOffices')}
        departmentLabel={t('cnt.department')}
        allDepartments={t('cnt.allDepartments')}
        officeId={officeId}
        departmentId={departmentId}
        onOffice={list.filter(setOfficeId, setDepartmentId)}
        onDepartment={list.filter(setDepartmentId)}
      />
    ),
  };
}
