import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useCan } from '../../lib/can';
import { requiredNotice } from '../../lib/format';
import { useToastThenGo } from '../../lib/toast-then';
import { trpc } from '../../lib/trpc';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { Card, PageTitle } from '../../ui/Card';
import { Field } from '../../ui/Field';
import { Select } from '../../ui/Select';
import { Spinner } from '../../ui/Spinner';
import { BalanceCard, LeaveForm, StatusBadge } from './leave-shared';
import { AdjustBalanceCard } from './LeaveApprovals';
import './texts';
import { NotFoundNote } from '../../ui/NotFoundNote';
import { TextField } from '../../ui/TextField';

/** /attendance/leave/add: HR or a manager adds a leave request for an employee in their scope. */
export function LeaveAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canManage = useCan('attendance.manage');
  const [search, setSearch] = useState('');
  const [employeeId, setEmployeeId] = useState('');
  const debounced = useDebouncedValue(search.trim(), 300);
  const found = trpc.employee.list.useQuery(
    { search: debounced || undefined, pageSize: 20, resigned: 0 },
    { enabled: debounced.length > 1 },
  );
  const balance = trpc.leave.balance.useQuery({ employeeId: Number(employeeId) }, { enabled: employeeId !== '' });
  const create = trpc.leave.create.useMutation(useToastThenGo('/attendance/leave', (u) => u.leave.invalidate()));
  return (
    <>
      <PageTitle>{t('routes.attendance.leaveAdd')}</PageTitle>
      <div className="space-y-4">
        <Card>
          <LeaveForm
            own={false}
            employeeId={employeeId ? Number(employeeId) : undefined}
            employeeError={() => (employeeId ? null : requiredNotice(t('leave.employee')))}
            employeePicker={
              <div className="grid gap-3 sm:grid-cols-2">
                <TextField id="lv-search" label={t('leave.findEmployee')} value={search} maxLength={100} onValue={setSearch} />
                <Field label={t('leave.employee')} htmlFor="lv-employeeId" required>
                  <Select
                    id="lv-employeeId"
                    value={employeeId}
                    onChange={setEmployeeId}
                    placeholder={t('leave.selectEmployee')}
                    loading={found.isFetching}
                    options={(found.data?.rows ?? []).map((r) => ({ value: r.id, label: `${r.name} (${r.employeeNumber})` }))}
                  />
                </Field>
              </div>
            }
            submitLabel={t('leave.submitRequest')}
            pending={create.isPending}
            onSubmit={(v) => create.mutateAsync({ ...v, employeeId: Number(employeeId) })}
            onCancel={() => void navigate('/attendance/leave')}
          />
        </Card>
        {employeeId && balance.data ? <BalanceCard balance={balance.data} /> : null}
        {employeeId && balance.data && canManage ? (
          <AdjustBalanceCard employeeId={Number(employeeId)} year={balance.data.year} />
        ) : null}
      </div>
    </>
  );
}

/** /attendance/leave/{id}/edit: change a pending request (type, dates, half day, reason, attachment). */
export function LeaveEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const leave = trpc.leave.get.useQuery({ id }, { enabled: valid, retry: false });
  const update = trpc.leave.update.useMutation(useToastThenGo('/attendance/leave', (u) => u.leave.invalidate()));
  const r = leave.data;
  return (
    <>
      <PageTitle>{t('routes.attendance.leaveEdit')}</PageTitle>
      <Card>
        {!valid || leave.isError ? (
          <NotFoundNote text={t('leave.notFound')} back={t('leave.back')} to="/attendance/leave" />
        ) : !r ? (
          <Spinner />
        ) : (
          <>
            <p className="mb-4 flex items-center gap-3 text-sm text-slate-700">
              <strong>
                {r.employeeNumber} {r.employeeName}
              </strong>
              <StatusBadge status={r.status} label={r.statusLabel} />
            </p>
            {r.can.edit ? (
              <LeaveForm
                own={false}
                employeeId={r.employeeId}
                initial={r}
                existingAttachment={r.attachmentName}
                submitLabel={t('leave.save')}
                pending={update.isPending}
                onSubmit={(v) => update.mutateAsync({ ...v, id: r.id })}
                onCancel={() => void navigate('/attendance/leave')}
              />
            ) : (
              <p className="text-sm text-slate-700">{t('leave.onlyPending')}</p>
            )}
          </>
        )}
      </Card>
    </>
  );
}
