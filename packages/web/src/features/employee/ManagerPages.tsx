import { keepPreviousData } from '@tanstack/react-query';
import type { ManagerRow } from '@hr/core/browser';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { appCodeOf, fieldsOf } from '../../lib/errors';
import { requiredNotice } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { Button } from '../../ui/Button';
import { Card, PageTitle } from '../../ui/Card';
import type { Column } from '../../ui/DataTable';
import { Field } from '../../ui/Field';
import { Select } from '../../ui/Select';
import { Spinner } from '../../ui/Spinner';
import { TextInput } from '../../ui/TextInput';
import { NotFoundPage } from '../shell/StatusPages';
import { FilteredListPage, useFilteredList } from './filtered-list';
import { TextLink } from '../../ui/TextLink';
import { linkColumn } from '../../ui/link-column';
import { toastThen } from '../../lib/toast-then';
import { TextField } from '../../ui/TextField';

/** Employees found by name, number or e-mail (at least two characters typed). */
function useEmployeeSearch(search: string) {
  const debounced = useDebouncedValue(search.trim(), 300);
  return trpc.employee.list.useQuery(
    { search: debounced || undefined, pageSize: 20, resigned: 0 },
    { enabled: debounced.length > 1, placeholderData: keepPreviousData },
  );
}

/** One employee chosen from a search: a search box and a select of the matches. */
function EmployeePicker({
  id,
  label,
  value,
  onChange,
  error,
  initialLabel,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string | undefined;
  initialLabel?: string;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const found = useEmployeeSearch(search);
  const options = (found.data?.rows ?? []).map((r) => ({ value: r.id, label: `${r.name} (${r.employeeNumber})` }));
  if (value && initialLabel && !options.some((o) => String(o.value) === value))
    options.unshift({ value: Number(value), label: initialLabel });
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <TextField id={`${id}-search`} label={t('managers.find')} value={search} onValue={setSearch} />
      <Field label={label} htmlFor={id} required error={error}>
        <Select id={id} value={value} onChange={onChange} invalid={!!error} placeholder={t('select.option')} options={options} />
      </Field>
    </div>
  );
}

/** /employee/managers: who manages whom, with activate / inactivate. */
export function ManagerListPage() {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const filter = useFilteredList('1');
  const { debounced, value: active, page, pageSize } = filter;
  const list = trpc.employee.manager.list.useQuery(
    { search: debounced || undefined, active: active === '' ? undefined : Number(active), page, pageSize },
    { placeholderData: keepPreviousData },
  );
  const done = { onSuccess: () => void utils.employee.manager.list.invalidate() };
  const activate = trpc.employee.manager.activate.useMutation({
    meta: { successMessage: 'server' },
    ...done,
  });
  const inactivate = trpc.employee.manager.inactivate.useMutation({
    meta: { successMessage: 'server' },
    ...done,
  });
  const columns: Column<ManagerRow>[] = [
    { key: 'manager', header: t('managers.manager'), cell: (r) => `${r.managerName} (${r.managerNumber})` },
    linkColumn(
      'employee',
      t('managers.employee'),
      (r) => `/employee/list/${r.employeeId}/detail`,
      (r) => `${r.employeeName} (${r.employeeNumber})`,
    ),
    { key: 'department', header: t('employees.department'), cell: (r) => r.department ?? '-' },
    { key: 'status', header: t('employees.status'), cell: (r) => (r.active ? t('managers.active') : t('managers.inactive')) },
    {
      key: 'actions',
      header: t('app.actions'),
      cell: (r) => (
        <div className="flex gap-2">
          <TextLink to={`/employee/managers/${r.id}/edit`}>{t('app.edit')}</TextLink>
          <button
            type="button"
            className="text-sm text-sky-700 hover:underline"
            onClick={() => (r.active ? inactivate.mutate({ id: r.id }) : activate.mutate({ id: r.id }))}
          >
            {r.active ? t('managers.inactivate') : t('managers.activate')}
          </button>
        </div>
      ),
    },
  ];
  return (
    <FilteredListPage
      title={t('routes.employee.managers')}
      actions={<TextLink to="/employee/managers/add">{t('routes.employee.managersAdd')}</TextLink>}
      list={filter}
      selectLabel={t('employees.status')}
      options={[
        { value: 1, label: t('managers.active') },
        { value: 0, label: t('managers.inactive') },
      ]}
      columns={columns}
      query={list}
      empty={t('managers.empty')}
    />
  );
}

/** /employee/managers/add: one manager, the employees they manage (chosen from searches). */
export function ManagerAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [managerId, setManagerId] = useState('');
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<{ id: number; label: string }[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const found = useEmployeeSearch(search);
  const create = trpc.employee.manager.create.useMutation(toastThen(() => void navigate('/employee/managers')));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: Record<string, string> = {};
    if (!managerId) next.managerEmployeeId = requiredNotice(t('managers.manager'));
    if (chosen.length === 0) next.employeeIds = requiredNotice(t('managers.employees'));
    setErrors(next);
    if (Object.keys(next).length) return;
    create.mutateAsync({ managerEmployeeId: Number(managerId), employeeIds: chosen.map((c) => c.id) }).catch((err: unknown) => {
      const server: Record<string, string> = {};
      for (const f of fieldsOf(err)) {
        const m = /^employeeIds\.(\d+)$/.exec(f.param);
        if (m) server.employeeIds = `${chosen[Number(m[1])]?.label ?? ''} ${f.msg}`;
        else server[f.param] = `${t('managers.manager')} ${f.msg}`;
      }
      setErrors(server);
    });
  };
  return (
    <>
      <PageTitle>{t('routes.employee.managersAdd')}</PageTitle>
      <Card>
        <form onSubmit={submit} noValidate className="max-w-3xl space-y-4">
          <EmployeePicker
            id="manager-managerEmployeeId"
            label={t('managers.manager')}
            value={managerId}
            onChange={setManagerId}
            error={errors.managerEmployeeId || undefined}
          />
          <Field label={t('managers.addEmployees')} htmlFor="manager-employee-search" error={errors.employeeIds || undefined}>
            <TextInput id="manager-employee-search" value={search} onChange={(e) => setSearch(e.target.value)} />
          </Field>
          <ul className="max-h-60 divide-y divide-slate-100 overflow-y-auto rounded border border-slate-200">
            {(found.data?.rows ?? [])
              .filter((r) => String(r.id) !== managerId)
              .map((r) => {
                const label = `${r.name} (${r.employeeNumber})`;
                const on = chosen.some((c) => c.id === r.id);
                return (
                  <li key={r.id} className="px-3 py-1.5 text-sm">
                    <label className="flex items-center gap-2">
                      <input
                        type="checkbox"
                        checked={on}
                        onChange={() => setChosen((cs) => (on ? cs.filter((c) => c.id !== r.id) : [...cs, { id: r.id, label }]))}
                      />
                      {label} · {r.department ?? '-'}
                    </label>
                  </li>
                );
              })}
          </ul>
          {chosen.length ? (
            <p className="text-sm text-slate-700" data-testid="chosen-employees">
              {t('managers.chosen', { count: chosen.length })}: {chosen.map((c) => c.label).join(', ')}
            </p>
          ) : null}
          <Button type="submit" disabled={create.isPending}>
            {t('app.save')}
          </Button>
        </form>
      </Card>
    </>
  );
}

/** /employee/managers/{id}/edit: hand the employee to another manager, or change the note. */
export function ManagerEditPage() {
  const id = Number(useParams().id);
  const q = trpc.employee.manager.get.useQuery({ id }, { enabled: id > 0, retry: false, meta: { silent: true } });
  if (!(id > 0) || appCodeOf(q.error) === 'GL0004' || q.error?.data?.code === 'NOT_FOUND') return <NotFoundPage />;
  if (!q.data) return <Spinner />;
  return <ManagerEditForm row={q.data} />;
}

function ManagerEditForm({ row }: { row: ManagerRow }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [managerId, setManagerId] = useState(String(row.managerEmployeeId));
  const [note, setNote] = useState(row.note ?? '');
  const [error, setError] = useState('');
  const update = trpc.employee.manager.update.useMutation(toastThen(() => void navigate('/employee/managers')));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!managerId) {
      setError(requiredNotice(t('managers.manager')));
      return;
    }
    update.mutateAsync({ id: row.id, managerEmployeeId: Number(managerId), note }).catch((err: unknown) => {
      setError(fieldsOf(err).map((f) => `${t('managers.manager')} ${f.msg}`)[0] ?? '');
    });
  };
  return (
    <>
      <PageTitle>{t('routes.employee.managersEdit')}</PageTitle>
      <Card>
        <form onSubmit={submit} noValidate className="max-w-3xl space-y-4">
          <p className="text-sm text-slate-700">
            {t('managers.employee')}: <strong>{`${row.employeeName} (${row.employeeNumber})`}</strong>
          </p>
          <EmployeePicker
            id="manager-edit-managerEmployeeId"
            label={t('managers.manager')}
            value={managerId}
            onChange={setManagerId}
            error={error || undefined}
            initialLabel={`${row.managerName} (${row.managerNumber})`}
          />
          <TextField id="manager-note" label={t('managers.note')} value={note} maxLength={300} onValue={setNote} />
          <Button type="submit" disabled={update.isPending}>
            {t('app.save')}
          </Button>
        </form>
      </Card>
    </>
  );
}
