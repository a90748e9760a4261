import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../lib/can';
import { useDeleteMutation, useSaveMutations } from '../../lib/use-crud-mutations';
import type { ListState } from '../../lib/use-list-state';
import { useSchemaForm } from '../../lib/use-schema-form';
import type { Messages } from '../../i18n/en';
import { Button } from '../../ui/Button';
import type { Column } from '../../ui/DataTable';
import { FormDialog, type FormDialogProps } from '../../ui/FormDialog';
import type { FieldView } from '../../ui/FormFields';
import { CompanyOfficeSelect, DepartmentSelect, DivisionSelect, SectionSelect } from '../shared/OrgSelects';
import { toId } from '../shared/use-lookups';
import { type AssignParent, AssignPositionsDialog } from './AssignPositionsDialog';
import './assign-texts';
import { useRefreshOrg } from './use-refresh';

type OrgEntity = keyof ReturnType<typeof useRefreshOrg>;

/**
 * Plain columns whose header is the field's name (`org.fields.<key>`) and whose cell is the row's
 * value, in order.
 */
export function useOrgColumns<R>(...keys: (keyof R & keyof Messages['org']['fields'])[]): Column<R>[] {
  const { t } = useTranslation();
  return keys.map((key) => ({ key, header: t(`org.fields.${key}`), cell: (r: R) => r[key] as ReactNode }));
}

/** Create/update of an org entity: the server's message ("Department created"), then the org lists and that entity's cached lookup. */
export function useOrgSave<C, U extends { id: number }>(api: Parameters<typeof useSaveMutations<C, U>>[0], entity: OrgEntity) {
  const refresh = useRefreshOrg();
  return useSaveMutations(api, { refresh: refresh[entity] });
}

/** Delete of an org entity: the server's message ("Department deleted"), then the org lists and that entity's cached lookup. */
export function useOrgDelete(api: Parameters<typeof useDeleteMutation>[0], entity: OrgEntity) {
  const refresh = useRefreshOrg();
  return useDeleteMutation(api, { refresh: refresh[entity] });
}

/** "Add <what>" / "Edit <name>" with the form's fields, Cancel and Save. */
export function OrgFormDialog<K extends string, I>({
  what,
  editing,
  ...props
}: Omit<FormDialogProps<K, I>, 'title'> & {
  what: string;
  /** The name of the row edited; null when adding. */
  editing: string | null;
}) {
  const { t } = useTranslation();
  return <FormDialog title={editing === null ? t('org.addWhat', { what }) : t('org.editWhat', { name: editing })} {...props} />;
}

/**
 * The add/edit dialog of an org entity whose form maps one to one onto its create and update
 * inputs: "Add <entity>" / "Edit <name>", the schema form, and the save that refreshes its lookup.
 */
export function OrgEntityDialog<K extends string, C, U extends { id: number }>({
  api,
  entity,
  row,
  views,
  onClose,
  ...formOptions
}: {
  api: Parameters<typeof useSaveMutations<C, U>>[0];
  entity: Exclude<OrgEntity, 'idIndex'>;
  row: { id: number; name: string } | null;
  views: readonly FieldView<K>[];
  onClose: () => void;
} & Parameters<typeof useSchemaForm<K, C & Omit<U, 'id'>>>[0]) {
  const { t } = useTranslation();
  const { save, pending } = useOrgSave(api, entity);
  const form = useSchemaForm(formOptions);
  return (
    <OrgFormDialog
      what={t(`org.entity.${entity}`)}
      editing={row?.name ?? null}
      form={form}
      views={views}
      pending={pending}
      save={(input) => save(row, input)}
      onClose={onClose}
    />
  );
}

type EntityDialogProps<K extends string, C, U extends { id: number }> = Omit<
  Parameters<typeof OrgEntityDialog<K, C, U>>[0],
  'api' | 'entity' | 'row' | 'onClose'
>;

/**
 * What the list card of an org entity with job positions shares (spread `card` onto CrudListCard):
 * "Nothing here yet", the write buttons for org.manage, "Job positions" among the row actions (and
 * its dialog), Delete; and `form(dialog)`, its add/edit dialog given that entity's own fields.
 */
export function useOrgCrud<C, U extends { id: number }>(
  entity: AssignParent & Exclude<OrgEntity, 'idIndex'>,
  api: Parameters<typeof useSaveMutations<C, U>>[0] & Parameters<typeof useDeleteMutation>[0],
) {
  const { t } = useTranslation();
  const remove = useOrgDelete(api, entity);
  const positions = usePositionsAction(entity);
  return {
    positions,
    card: {
      empty: t('org.empty'),
      canManage: useCan('org.manage'),
      rowActions: positions.button,
      remove: { name: (r: { name: string }) => r.name, run: remove },
      children: positions.dialog,
    },
    form:
      <R extends { id: number; name: string }, K extends string>(dialog: (row: R | null) => EntityDialogProps<K, C, U>) =>
      (row: R | null, onClose: () => void) => (
        <OrgEntityDialog api={api} entity={entity} row={row} onClose={onClose} {...dialog(row)} />
      ),
  };
}

/** "Job positions" among a row's actions, and the assignment dialog it opens. */
export function usePositionsAction(parent: AssignParent) {
  const { t } = useTranslation();
  const [of, setOf] = useState<{ id: number; name: string } | null>(null);
  return {
    button: (row: { id: number; name: string }) => (
      <Button size="sm" variant="secondary" onClick={() => setOf(row)}>
        {t('orgAssign.open')}
      </Button>
    ),
    dialog: of ? <AssignPositionsDialog parent={parent} id={of.id} name={of.name} onClose={() => setOf(null)} /> : null,
  };
}

type Filter = readonly [value: string, set: (v: string) => void];

/**
 * The office → department → division → section filters of an org list ("All …" first); choosing
 * one clears the ones below it and returns to page 1.
 */
export function OrgFilters({
  list,
  office,
  department,
  division,
  section,
}: {
  list: ListState;
  office: Filter;
  department?: Filter;
  division?: Filter;
  section?: Filter;
}) {
  const { t } = useTranslation();
  const below = (...filters: (Filter | undefined)[]) => filters.flatMap((f) => (f ? [f[1]] : []));
  return (
    <>
      <CompanyOfficeSelect
        aria-label={t('org.fields.companyOffice')}
        placeholder={t('org.allOffices')}
        value={office[0]}
        onChange={list.filter(office[1], ...below(department, division, section))}
      />
      {department ? (
        <DepartmentSelect
          aria-label={t('org.fields.department')}
          placeholder={t('org.allDepartments')}
          companyOfficeId={toId(office[0])}
          value={department[0]}
          onChange={list.filter(department[1], ...below(division, section))}
        />
      ) : null}
      {division ? (
        <DivisionSelect
          aria-label={t('org.fields.division')}
          placeholder={t('org.allDivisions')}
          companyOfficeId={toId(office[0])}
          departmentId={toId(department?.[0] ?? '')}
          value={division[0]}
          onChange={list.filter(division[1], ...below(section))}
        />
      ) : null}
      {section ? (
        <SectionSelect
          aria-label={t('org.fields.section')}
          placeholder={t('org.allSections')}
          divisionId={toId(division?.[0] ?? '')}
          departmentId={toId(department?.[0] ?? '')}
          value={section[0]}
          onChange={list.filter(section[1])}
        />
      ) : null}
    </>
  );
}
