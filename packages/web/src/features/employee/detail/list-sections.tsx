import type { EmployeeDetail } from '@hr/core/browser';
import type { TFunction } from 'i18next';
import type { ComponentProps } from 'react';
import { FIXED_OPTIONS } from '../../shared/fixed-options';
import { EducationLevelSelect } from '../../shared/ReferenceSelects';
import type { EmployeeField } from '../text-keys';
import type { ListColumn, ListSectionDialog, Row } from './ListSectionDialog';

export type ListSection = 'emergency' | 'parents' | 'sibling' | 'previousCompany';

/**
 * What a repeating section's dialog shows (`ListSectionDialog`'s rows and columns) and `input`: its
 * rows as the save procedure's input.
 */
export type ListSectionSpec<I> = Omit<ComponentProps<typeof ListSectionDialog>, 'title' | 'save' | 'pending' | 'onClose'> & {
  input: (rows: Row[]) => I;
};

export interface SpecContext {
  d: EmployeeDetail;
  /** A field's label. */
  f: (k: EmployeeField) => string;
  t: TFunction;
}

const orNull = (v: string | undefined) => (v === undefined || v.trim() === '' ? null : v);

/** The name column every person's row starts with. */
const nameColumn = (f: SpecContext['f']): ListColumn => ({ key: 'name', label: f('name'), required: true, maxLength: 100 });

/**
 * A section of repeating rows (up to `max`): the save input holds the rows, each as `item` makes it,
 * under the section's `listKey` (`contacts`, `siblings`, `companies`).
 */
function rowsSpec<K extends string, T>(
  d: EmployeeDetail,
  listKey: K,
  max: number,
  rows: Pick<ListSectionSpec<unknown>, 'columns' | 'blank' | 'initial'> & { item: (r: Row) => T },
) {
  const { item, ...dialog } = rows;
  return {
    ...dialog,
    listKey,
    max,
    input: (saved: Row[]) => ({ id: d.id, [listKey]: saved.map(item) }) as { id: number } & Record<K, T[]>,
  } satisfies ListSectionSpec<unknown>;
}

export const emergencySpec = ({ d, f }: SpecContext) =>
  rowsSpec(d, 'contacts', 5, {
    columns: [
      nameColumn(f),
      { key: 'relationship', label: f('relationship'), kind: 'select', options: FIXED_OPTIONS.familyFriend },
      { key: 'phone', label: f('phone'), required: true, maxLength: 24 },
      { key: 'address', label: f('address'), maxLength: 500 },
    ],
    blank: { name: '', relationship: 'Family', phone: '', address: '' },
    initial: d.emergency.contacts.map((x) => ({ ...x, address: x.address ?? '' })),
    item: (r) => ({
      name: r.name ?? '',
      relationship: r.relationship as 'Family' | 'Friend',
      phone: r.phone ?? '',
      address: orNull(r.address),
    }),
  });

export const siblingSpec = ({ d, f }: SpecContext) =>
  rowsSpec(d, 'siblings', 20, {
    columns: [
      nameColumn(f),
      { key: 'gender', label: f('gender'), kind: 'select', options: FIXED_OPTIONS.gender },
      { key: 'birthDate', label: f('birthDate'), kind: 'date' },
      {
        key: 'educationLevelId',
        label: f('educationLevelId'),
        render: (p) => <EducationLevelSelect id={p.id} value={p.value} onChange={p.onChange} invalid={p.invalid} />,
      },
      { key: 'occupation', label: f('occupation'), maxLength: 100 },
    ],
    blank: { name: '', gender: 'Male', birthDate: '', educationLevelId: '', occupation: '' },
    initial: d.sibling.siblings.map((x) => ({
      name: x.name,
      gender: x.gender,
      birthDate: x.birthDate ?? '',
      educationLevelId: x.educationLevel ? String(x.educationLevel.id) : '',
      occupation: x.occupation ?? '',
    })),
    item: (r) => ({
      name: r.name ?? '',
      gender: r.gender as 'Male' | 'Female',
      birthDate: orNull(r.birthDate),
      educationLevelId: r.educationLevelId ? Number(r.educationLevelId) : null,
      occupation: orNull(r.occupation),
    }),
  });

export const previousCompanySpec = ({ d, f }: SpecContext) =>
  rowsSpec(d, 'companies', 20, {
    columns: [
      { key: 'companyName', label: f('companyName'), required: true, maxLength: 150 },
      { key: 'jobTitle', label: f('jobTitle'), maxLength: 100 },
      { key: 'startDate', label: f('startDate'), kind: 'date', required: true },
      { key: 'endDate', label: f('endDate'), kind: 'date' },
      { key: 'reasonForLeaving', label: f('reasonForLeaving'), maxLength: 300 },
    ],
    blank: { companyName: '', jobTitle: '', startDate: '', endDate: '', reasonForLeaving: '' },
    initial: d.previousCompany.companies.map((x) => ({
      companyName: x.companyName,
      jobTitle: x.jobTitle ?? '',
      startDate: x.startDate,
      endDate: x.endDate ?? '',
      reasonForLeaving: x.reasonForLeaving ?? '',
    })),
    item: (r) => ({
      companyName: r.companyName ?? '',
      jobTitle: orNull(r.jobTitle),
      startDate: r.startDate ?? '',
      endDate: orNull(r.endDate),
      reasonForLeaving: orNull(r.reasonForLeaving),
    }),
  });

/** The father and the mother: two named rows, each saved as a parent or, left blank, as none. */
export function parentsSpec({ d, f, t }: SpecContext) {
  const row = (x: EmployeeDetail['parents']['father']): Row => ({
    name: x?.name ?? '',
    birthDate: x?.birthDate ?? '',
    phone: x?.phone ?? '',
    occupation: x?.occupation ?? '',
    alive: x && !x.alive ? 'no' : 'yes',
  });
  const toParent = (r: Row | undefined) =>
    r?.name
      ? {
          name: r.name,
          birthDate: orNull(r.birthDate),
          phone: orNull(r.phone),
          occupation: orNull(r.occupation),
          alive: r.alive !== 'no',
        }
      : null;
  const yesNo = [
    { value: 'yes', label: t('employeeDetail.alive') },
    { value: 'no', label: t('employeeDetail.deceased') },
  ];
  return {
    listKey: 'parents',
    max: 2,
    fixedRows: [
      { key: 'father', label: t('employeeDetail.father') },
      { key: 'mother', label: t('employeeDetail.mother') },
    ],
    columns: [
      nameColumn(f),
      { key: 'birthDate', label: f('birthDate'), kind: 'date' },
      { key: 'phone', label: f('phone'), maxLength: 24 },
      { key: 'occupation', label: f('occupation'), maxLength: 100 },
      { key: 'alive', label: f('alive'), kind: 'select', options: yesNo },
    ],
    blank: {},
    initial: [row(d.parents.father), row(d.parents.mother)],
    input: (rows) => ({ id: d.id, father: toParent(rows[0]), mother: toParent(rows[1]) }),
  } satisfies ListSectionSpec<unknown>;
}
