import { keepPreviousData } from '@tanstack/react-query';
import type { ResignationRow } from '@hr/core/browser';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useSession } from '../../lib/can';
import { enumLabel } from '../../lib/enum-labels';
import { REQUEST_STATUS_OPTIONS } from '../shared/approvals/request-status';
import { appCodeOf } from '../../lib/errors';
import { formatDateTime, formatIsoDate, requiredNotice } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { Button } from '../../ui/Button';
import { Card, PageTitle } from '../../ui/Card';
import type { Column } from '../../ui/DataTable';
import { DatePicker } from '../../ui/DatePicker';
import { Field } from '../../ui/Field';
import { Select } from '../../ui/Select';
import { Spinner } from '../../ui/Spinner';
import { NotFoundPage } from '../shell/StatusPages';
import { fieldMessage, trimmedOrOmitted } from '../../lib/use-schema-form';
import { fieldsOf } from '../../lib/errors';
import { isResignationText } from './text-keys';
import { ResignationEditDialog } from './ResignationEditDialog';
import './correction-texts';
import { FilteredListPage, useFilteredList } from './filtered-list';
import { DecisionNote } from './DecisionNote';
import { TextLink } from '../../ui/TextLink';
import { linkColumn, RowLink } from '../../ui/link-column';
import { toastThen } from '../../lib/toast-then';
import { TextField } from '../../ui/TextField';

const STATUS_OPTIONS = REQUEST_STATUS_OPTIONS;
const statusText = (s: number) => enumLabel('requestStatus', s);

function useColumns(): Column<ResignationRow>[] {
  const { t } = useTranslation();
  return [
    linkColumn(
      'employee',
      t('resignation.employee'),
      (r) => `/employee/resignation/${r.id}/detail`,
      (r) => r.employeeName,
    ),
    { key: 'number', header: t('employees.number'), cell: (r) => r.employeeNumber },
    { key: 'department', header: t('employees.department'), cell: (r) => r.department ?? '-' },
    { key: 'lastWorkingDay', header: t('resignation.lastWorkingDay'), cell: (r) => formatIsoDate(r.lastWorkingDay) },
    { key: 'status', header: t('employees.status'), cell: (r) => statusText(r.status) },
  ];
}

/** /employee/resignation: resignations in scope, filtered by status and searched by name or number. */
export function ResignationListPage() {
  const { t } = useTranslation();
  const filter = useFilteredList('3');
  const { debounced, value: status, page, pageSize } = filter;
  const list = trpc.employee.resignation.list.useQuery(
    { status: status ? Number(status) : undefined, search: debounced || undefined, page, pageSize },
    { placeholderData: keepPreviousData },
  );
  return (
    <FilteredListPage
      title={t('routes.employee.resignation')}
      actions={<TextLink to="/employee/resignation/add">{t('routes.employee.resignationAdd')}</TextLink>}
      list={filter}
      selectLabel={t('employees.status')}
      options={STATUS_OPTIONS}
      columns={useColumns()}
      query={list}
      empty={t('resignation.empty')}
    />
  );
}

/** Last working day + reason, shared by HR's add page and the employee's own request page. */
function ResignationForm({
  employeePicker,
  submit,
  pending,
}: {
  employeePicker?: ReactNode;
  submit: (v: { lastWorkingDay: string; reason: string }) => Promise<unknown>;
  pending: boolean;
}) {
  const { t } = useTranslation();
  const [lastWorkingDay, setLastWorkingDay] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const next: Record<string, string> = {};
    if (!lastWorkingDay) next.lastWorkingDay = requiredNotice(t('resignation.lastWorkingDay'));
    if (!reason.trim()) next.reason = requiredNotice(t('resignation.reason'));
    setErrors(next);
    if (Object.keys(next).length) return;
    submit({ lastWorkingDay, reason }).catch((err: unknown) => {
      const server: Record<string, string> = {};
      for (const f of fieldsOf(err))
        server[f.param] = fieldMessage(isResignationText(f.param) ? t(`resignation.${f.param}`) : f.param, f.msg);
      setErrors(server);
    });
  };
  return (
    <form onSubmit={onSubmit} noValidate className="max-w-xl space-y-4">
      {employeePicker}
      <Field
        label={t('resignation.lastWorkingDay')}
        htmlFor="resign-lastWorkingDay"
        required
        error={errors.lastWorkingDay || undefined}
      >
        <DatePicker
          id="resign-lastWorkingDay"
          value={lastWorkingDay}
          onChange={setLastWorkingDay}
          invalid={!!errors.lastWorkingDay}
        />
      </Field>
      <Field label={t('resignation.reason')} htmlFor="resign-reason" required error={errors.reason || undefined}>
        <textarea
          id="resign-reason"
          className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
          rows={4}
          maxLength={1000}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </Field>
      <Button type="submit" disabled={pending}>
        {t('resignation.submit')}
      </Button>
    </form>
  );
}

/** /employee/resignation/add: HR records a resignation for an employee found by name or number. */
export function ResignationAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [employeeId, setEmployeeId] = useState('');
  const [employeeError, setEmployeeError] = useState('');
  const debounced = useDebouncedValue(search.trim(), 300);
  const found = trpc.employee.list.useQuery(
    { search: debounced || undefined, pageSize: 20, resigned: 0 },
    { enabled: debounced.length > 1 },
  );
  const create = trpc.employee.resignation.create.useMutation(
    toastThen((r) => void navigate(`/employee/resignation/${r.id}/detail`)),
  );
  return (
    <>
      <PageTitle>{t('routes.employee.resignationAdd')}</PageTitle>
      <Card>
        <ResignationForm
          pending={create.isPending}
          employeePicker={
            <div className="grid gap-3 sm:grid-cols-2">
              <TextField id="resign-search" label={t('resignation.findEmployee')} value={search} onValue={setSearch} />
              <Field label={t('resignation.employee')} htmlFor="resign-employeeId" required error={employeeError || undefined}>
                <Select
                  id="resign-employeeId"
                  value={employeeId}
                  onChange={(v) => {
                    setEmployeeId(v);
                    setEmployeeError('');
                  }}
                  invalid={!!employeeError}
                  placeholder={t('select.option')}
                  options={(found.data?.rows ?? []).map((r) => ({ value: r.id, label: `${r.name} (${r.employeeNumber})` }))}
                />
              </Field>
            </div>
          }
          submit={async (v) => {
            if (!employeeId) {
              setEmployeeError(requiredNotice(t('resignation.employee')));
              return;
            }
            await create.mutateAsync({ employeeId: Number(employeeId), ...v });
          }}
        />
      </Card>
    </>
  );
}

/** /employee/resignation/{id}/detail: the resignation and HR's decision buttons for its status. */
export function ResignationDetailPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const q = trpc.employee.resignation.get.useQuery({ id }, { enabled: id > 0, retry: false, meta: { silent: true } });
  const [note, setNote] = useState('');
  const [editing, setEditing] = useState(false);
  const me = useSession();
  const refresh = () => void utils.employee.resignation.invalidate();
  const opts = { meta: { successMessage: 'server' }, onSuccess: refresh } as const;
  const approve = trpc.employee.resignation.approve.useMutation(opts);
  const disapprove = trpc.employee.resignation.disapprove.useMutation(opts);
  const cancel = trpc.employee.resignation.cancel.useMutation(opts);
  const remove = trpc.employee.resignation.delete.useMutation(toastThen(() => void navigate('/employee/resignation')));
  if (!(id > 0) || appCodeOf(q.error) === 'GL0004' || q.error?.data?.code === 'NOT_FOUND') return <NotFoundPage />;
  if (!q.data) return <Spinner />;
  const r = q.data;
  const busy = approve.isPending || disapprove.isPending || cancel.isPending || remove.isPending;
  const withNote = { id, ...trimmedOrOmitted('note', note) };
  return (
    <>
      <PageTitle actions={<TextLink to="/employee/resignation">{t('routes.employee.resignation')}</TextLink>}>
        {t('routes.employee.resignationDetail')}
      </PageTitle>
      <Card>
        <dl className="grid gap-3 sm:grid-cols-2">
          {[
            [
              t('resignation.employee'),
              <RowLink key="e" to={`/employee/list/${r.employeeId}/detail`}>{`${r.employeeName} (${r.employeeNumber})`}</RowLink>,
            ],
            [t('employees.department'), r.department ?? '-'],
            [t('resignation.requestDate'), formatIsoDate(r.requestDate)],
            [t('resignation.lastWorkingDay'), formatIsoDate(r.lastWorkingDay)],
            [
              t('employees.status'),
              <span key="s" data-testid="resignation-status">
                {statusText(r.status)}
              </span>,
            ],
            [t('resignation.decidedBy'), r.decidedBy ? `${r.decidedBy} · ${formatDateTime(r.decidedAt)}` : '-'],
            [t('resignation.reason'), r.reason],
            [t('resignation.decisionNote'), r.decisionNote ?? '-'],
          ].map(([label, value]) => (
            <div key={String(label)}>
              <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
              <dd className="mt-0.5 whitespace-pre-wrap break-words text-sm text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
        <div className="mt-4 flex flex-wrap items-center gap-2 border-t border-slate-200 pt-4">
          {r.status === 3 || r.status === 1 ? <DecisionNote value={note} onValue={setNote} /> : null}
          {/* Nobody decides their own resignation (the server refuses it too). */}
          {r.status === 3 && r.employeeId !== me.employeeId ? (
            <>
              <Button disabled={busy} onClick={() => approve.mutate(withNote)}>
                {t('employeeDetail.approve')}
              </Button>
              <Button variant="secondary" disabled={busy} onClick={() => disapprove.mutate(withNote)}>
                {t('employeeDetail.disapprove')}
              </Button>
            </>
          ) : null}
          {r.status === 3 && r.employeeId !== me.employeeId ? (
            <Button variant="secondary" disabled={busy} onClick={() => setEditing(true)}>
              {t('corrections.edit')}
            </Button>
          ) : null}
          {r.status === 3 || r.status === 1 ? (
            <Button variant="secondary" disabled={busy} onClick={() => cancel.mutate(withNote)}>
              {t('resignation.cancel')}
            </Button>
          ) : (
            <Button variant="secondary" disabled={busy} onClick={() => remove.mutate({ id })}>
              {t('resignation.delete')}
            </Button>
          )}
        </div>
        {editing ? <ResignationEditDialog r={r} onClose={() => setEditing(false)} /> : null}
      </Card>
    </>
  );
}

/** /employee/resignation/request: the employee's own resignations and a form to submit one. */
export function ResignationRequestPage() {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const mine = trpc.employee.resignation.mine.useQuery({ pageSize: 20 });
  const request = trpc.employee.resignation.request.useMutation(
    toastThen(() => void utils.employee.resignation.mine.invalidate()),
  );
  const cancel = trpc.employee.resignation.cancelOwn.useMutation(
    toastThen(() => void utils.employee.resignation.mine.invalidate()),
  );
  const [editing, setEditing] = useState<ResignationRow | null>(null);
  const rows = mine.data?.rows ?? [];
  const open = rows.some((r) => r.status === 3 || r.status === 1);
  return (
    <>
      <PageTitle>{t('routes.employee.resignationRequest')}</PageTitle>
      <div className="grid gap-4 xl:grid-cols-2">
        <Card title={t('resignation.mine')}>
          {rows.length === 0 ? (
            <p className="text-sm text-slate-500">{t('resignation.noneYet')}</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {rows.map((r) => (
                <li
                  key={r.id}
                  className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm"
                  data-testid="my-resignation"
                >
                  <span>
                    {formatIsoDate(r.lastWorkingDay)} · <strong>{statusText(r.status)}</strong>
                    {r.decisionNote ? ` · ${r.decisionNote}` : ''}
                  </span>
                  {r.status === 3 ? (
                    <span className="flex gap-1">
                      <Button variant="secondary" size="sm" onClick={() => setEditing(r)}>
                        {t('corrections.edit')}
                      </Button>
                      <Button
                        variant="secondary"
                        size="sm"
                        disabled={cancel.isPending}
                        onClick={() => cancel.mutate({ id: r.id })}
                      >
                        {t('resignation.cancel')}
                      </Button>
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
          {editing ? <ResignationEditDialog r={editing} own onClose={() => setEditing(null)} /> : null}
        </Card>
        {open ? null : (
          <Card title={t('resignation.new')}>
            <ResignationForm pending={request.isPending} submit={(v) => request.mutateAsync(v)} />
          </Card>
        )}
      </div>
    </>
  );
}
