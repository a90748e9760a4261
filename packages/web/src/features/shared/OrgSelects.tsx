import { useTranslation } from 'react-i18next';
import type { OrgCascade } from '../../lib/use-org-cascade';
import { Field } from '../../ui/Field';
import type { FieldView } from '../../ui/FormFields';
import { Select } from '../../ui/Select';
import { hasRepeatedNames, type LookupOption, type Qualifier, qualifiedOptions } from './qualified-options';
import { toId, toOptions, useCompanyOffices, useDepartments, useDivisions, useJobPositions, useSections } from './use-lookups';

export interface LookupSelectProps {
  id?: string;
  name?: string;
  value: string | number | null | undefined;
  onChange: (value: string) => void;
  invalid?: boolean;
  disabled?: boolean;
  className?: string;
  /** Text of the blank first option, when the default does not fit (e.g. "All"). */
  placeholder?: string;
  'aria-label'?: string;
}

/**
 * A select of looked-up org items (spec §2): the blank first option reads `fallback` unless a
 * `placeholder` is given, "Loading..." while fetching; off and empty while not `enabled` (its parent
 * is not chosen yet).
 */
function LookupSelect({
  q,
  options,
  fallback,
  enabled = true,
  placeholder,
  disabled,
  ...props
}: LookupSelectProps & {
  q: { data?: Parameters<typeof toOptions>[0]; isFetching: boolean };
  /** The options when not simply the names (repeated names qualified, see useQualified). */
  options?: LookupOption[];
  fallback: string;
  enabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Select
      {...props}
      disabled={disabled || !enabled}
      options={enabled ? (options ?? toOptions(q.data)) : []}
      placeholder={placeholder ?? fallback}
      loading={enabled && q.isFetching}
      loadingText={t('select.loading')}
    />
  );
}

/**
 * Options of an org list whose names repeat across offices ("Finance & Accounting" in every office): a repeated
 * name is qualified by its department and/or office (issue 19 item 9). The office and department lists are
 * fetched (cached) only when some name repeats.
 */
function useQualified<T extends { id: number; name: string; companyOfficeId?: number; departmentId?: number | null }>(
  list: readonly T[] | undefined,
  levels: readonly ('office' | 'department')[],
): LookupOption[] {
  const repeated = hasRepeatedNames(list);
  const offices = useCompanyOffices({ enabled: repeated });
  const departments = useDepartments(undefined, { enabled: repeated && levels.includes('department') });
  if (!repeated) return toOptions(list);
  const officeName = new Map((offices.data ?? []).map((o) => [o.id, o.name]));
  const department = new Map((departments.data ?? []).map((d) => [d.id, d]));
  const officeOf = (i: T) => i.companyOfficeId ?? (i.departmentId ? department.get(i.departmentId)?.companyOfficeId : undefined);
  const qualifiers: Qualifier<T>[] = levels.map((level) =>
    level === 'office'
      ? (i) => {
          const id = officeOf(i);
          return id === undefined ? undefined : officeName.get(id);
        }
      : (i) => (i.departmentId ? department.get(i.departmentId)?.name : undefined),
  );
  return qualifiedOptions(list, qualifiers);
}

/** Spec §2: blank first option "Select Company Office", "Loading..." while fetching. */
export function CompanyOfficeSelect(props: LookupSelectProps) {
  const { t } = useTranslation();
  const q = useCompanyOffices();
  return <LookupSelect q={q} fallback={t('select.companyOffice')} {...props} />;
}

/** Departments of an office (all departments when no office is given, unless `requireParent`). */
export function DepartmentSelect({
  companyOfficeId,
  requireParent = false,
  ...props
}: LookupSelectProps & { companyOfficeId?: number | undefined; requireParent?: boolean }) {
  const { t } = useTranslation();
  const enabled = !requireParent || companyOfficeId !== undefined;
  const q = useDepartments(companyOfficeId, { enabled });
  const options = useQualified(q.data, ['office']);
  return <LookupSelect q={q} options={options} enabled={enabled} fallback={t('select.department')} {...props} />;
}

export function DivisionSelect({
  companyOfficeId,
  departmentId,
  requireParent = false,
  ...props
}: LookupSelectProps & { companyOfficeId?: number | undefined; departmentId?: number | undefined; requireParent?: boolean }) {
  const { t } = useTranslation();
  const enabled = !requireParent || departmentId !== undefined;
  const q = useDivisions({ companyOfficeId, departmentId }, { enabled });
  const options = useQualified(q.data, ['office', 'department']);
  return <LookupSelect q={q} options={options} enabled={enabled} fallback={t('select.division')} {...props} />;
}

export function SectionSelect({
  divisionId,
  departmentId,
  ...props
}: LookupSelectProps & { divisionId?: number | undefined; departmentId?: number | undefined }) {
  const { t } = useTranslation();
  const q = useSections({ divisionId, departmentId });
  const options = useQualified(q.data, ['office', 'department']);
  return <LookupSelect q={q} options={options} fallback={t('select.section')} {...props} />;
}

export function JobPositionSelect({
  departmentId,
  divisionId,
  sectionId,
  ...props
}: LookupSelectProps & { departmentId?: number | undefined; divisionId?: number | undefined; sectionId?: number | undefined }) {
  const { t } = useTranslation();
  const q = useJobPositions({ departmentId, divisionId, sectionId });
  const options = useQualified(q.data, ['department', 'office']);
  return <LookupSelect q={q} options={options} fallback={t('select.jobPosition')} {...props} />;
}

type OrgParentKey = 'companyOfficeId' | 'departmentId' | 'divisionId';

/** The office → department → division selects of a schema form: each lists only what its parents allow. */
const ORG_PARENT_VIEWS: Record<OrgParentKey, FieldView<OrgParentKey>> = {
  companyOfficeId: { key: 'companyOfficeId', render: (p) => <CompanyOfficeSelect {...p} /> },
  departmentId: {
    key: 'departmentId',
    render: (p, v) => <DepartmentSelect {...p} requireParent companyOfficeId={toId(v.companyOfficeId)} />,
  },
  divisionId: {
    key: 'divisionId',
    render: (p, v) => (
      <DivisionSelect {...p} requireParent companyOfficeId={toId(v.companyOfficeId)} departmentId={toId(v.departmentId)} />
    ),
  },
};

/** The views of a form's office / department / division fields (the form holds all the keys asked for and their parents). */
export function orgParentViews<K extends string>(...keys: (K & OrgParentKey)[]): FieldView<K>[] {
  return keys.map((k) => ORG_PARENT_VIEWS[k] as unknown as FieldView<K>);
}

type Trio<T> = { office: T; department: T; division: T };

const SELECT_NAMES: Trio<string> = { office: 'companyOfficeId', department: 'departmentId', division: 'divisionId' };

/**
 * The office → department → division fields of a form driven by `useOrgCascade` (choosing a parent
 * clears its children). `named` gives the selects the names companyOfficeId / departmentId / divisionId.
 */
export function OrgCascadeFields({
  org,
  ids,
  labels,
  errors = {},
  officeRequired = false,
  officeInvalid = Boolean(errors.office),
  onOffice = org.setOffice,
  requireParent = false,
  named = false,
  placeholders = {},
}: {
  org: OrgCascade;
  ids: Trio<string>;
  labels: Trio<string>;
  errors?: Partial<Trio<string | undefined>>;
  officeRequired?: boolean;
  officeInvalid?: boolean;
  onOffice?: (v: string) => void;
  requireParent?: boolean;
  named?: boolean;
  placeholders?: Partial<Trio<string>>;
}) {
  const field = (key: keyof Trio<string>) => ({ label: labels[key], htmlFor: ids[key], error: errors[key] });
  const select = (key: keyof Trio<string>) => ({
    id: ids[key],
    name: named ? SELECT_NAMES[key] : undefined,
    placeholder: placeholders[key],
  });
  const child = (key: 'department' | 'division') => ({ ...select(key), requireParent, companyOfficeId: toId(org.officeId) });
  return (
    <>
      <Field {...field('office')} required={officeRequired}>
        <CompanyOfficeSelect {...select('office')} value={org.officeId} invalid={officeInvalid} onChange={onOffice} />
      </Field>
      <Field {...field('department')}>
        <DepartmentSelect {...child('department')} value={org.departmentId} onChange={org.setDepartment} />
      </Field>
      <Field {...field('division')}>
        <DivisionSelect
          {...child('division')}
          departmentId={toId(org.departmentId)}
          value={org.divisionId}
          onChange={org.setDivision}
        />
      </Field>
    </>
  );
}
