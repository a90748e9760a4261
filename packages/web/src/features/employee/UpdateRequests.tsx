import type { FieldChange, UpdateRequestRow } from '@hr/core/browser';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../lib/can';
import { formatDateTime } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { isEmployeeField, isEmployeeSection } from './text-keys';
import { toastThen } from '../../lib/toast-then';
import { DecisionNote } from './DecisionNote';
import { enumLabel } from '../../lib/enum-labels';

/** A value of a proposed change as text: lists and objects as readable lines, empty as "-". */
export function valueText(v: unknown): string {
  if (v === null || v === undefined || v === '') return '-';
  if (Array.isArray(v)) return v.length === 0 ? '-' : v.map(valueText).join('; ');
  if (typeof v === 'object') {
    return Object.entries(v as Record<string, unknown>)
      .filter(([, x]) => x !== null && x !== undefined && x !== '')
      .map(([k, x]) => `${k}: ${valueText(x)}`)
      .join(', ');
  }
  return String(v);
}

function Changes({ changes }: { changes: FieldChange[] }) {
  const { t } = useTranslation();
  const label = (f: string) => {
    return isEmployeeField(f) ? t(`employeeDetail.fields.${f}`) : f;
  };
  return (
    <ul className="space-y-1">
      {changes.map((c) => (
        <li key={c.field} className="text-sm">
          <span className="font-medium text-slate-700">{label(c.field)}:</span>{' '}
          <span className="text-slate-500 line-through">{valueText(c.old)}</span> →{' '}
          <span className="text-slate-900">{valueText(c.new)}</span>
        </li>
      ))}
    </ul>
  );
}

const sectionLabel = (t: TFunction, s: string) => (isEmployeeSection(s) ? t(`employeeDetail.sections.${s}`) : s);

/** The signed-in employee's own update requests (profile page), with cancel for pending ones. */
export function MyUpdateRequestsCard() {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const q = trpc.employee.updateRequest.mine.useQuery({ pageSize: 20 });
  const cancel = trpc.employee.updateRequest.cancel.useMutation(
    toastThen(() => void utils.employee.updateRequest.mine.invalidate()),
  );
  const rows = q.data?.rows ?? [];
  return (
    <Card title={t('employeeDetail.myRequests')}>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-500">{q.isLoading ? t('app.loading') : t('employeeDetail.noRequests')}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {rows.map((r) => (
            <li key={r.id} className="py-2" data-testid="my-update-request">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="text-sm font-medium text-slate-900">
                  {sectionLabel(t, r.section)} · {enumLabel('requestStatus', r.status)}
                </span>
                {r.status === 3 ? (
                  <Button variant="secondary" size="sm" disabled={cancel.isPending} onClick={() => cancel.mutate({ id: r.id })}>
                    {t('employeeDetail.cancelRequest')}
                  </Button>
                ) : null}
              </div>
              <Changes changes={r.changes} />
              {r.note ? <p className="text-sm text-slate-500">{r.note}</p> : null}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function PendingRow({ r }: { r: UpdateRequestRow }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const [note, setNote] = useState('');
  const done = () => {
    void utils.employee.updateRequest.list.invalidate();
    void utils.employee.detail.invalidate({ id: r.employeeId });
  };
  const approve = trpc.employee.updateRequest.approve.useMutation(toastThen(done));
  const disapprove = trpc.employee.updateRequest.disapprove.useMutation(toastThen(done));
  const busy = approve.isPending || disapprove.isPending;
  // Nobody decides a request about their own record (the server refuses it too).
  const own = useSession().employeeId === r.employeeId;
  return (
    <li className="py-3" data-testid="pending-update-request">
      <div className="mb-1 flex flex-wrap items-baseline gap-2">
        <Link to={`/employee/list/${r.employeeId}/detail`} className="font-medium text-sky-700 hover:underline">
          {r.employeeName}
        </Link>
        <span className="text-xs text-slate-500">
          {r.employeeNumber} · {sectionLabel(t, r.section)} · {formatDateTime(r.requestedAt)}
        </span>
      </div>
      <Changes changes={r.changes} />
      <div className={own ? 'hidden' : 'mt-2 flex flex-wrap items-center gap-2'}>
        <DecisionNote value={note} onValue={setNote} />
        <Button size="sm" disabled={busy} onClick={() => approve.mutate({ id: r.id, ...(note ? { note } : {}) })}>
          {t('employeeDetail.approve')}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={busy}
          onClick={() => disapprove.mutate({ id: r.id, ...(note ? { note } : {}) })}
        >
          {t('employeeDetail.disapprove')}
        </Button>
      </div>
    </li>
  );
}

/** Pending data update requests of employees in scope, with old → new per field (HR). */
export function PendingUpdateRequestsCard() {
  const { t } = useTranslation();
  const q = trpc.employee.updateRequest.list.useQuery({ pageSize: 50 });
  const rows = q.data?.rows ?? [];
  if (rows.length === 0) return null;
  return (
    <Card title={t('employeeDetail.pendingRequests', { count: q.data?.total ?? rows.length })} className="mb-4">
      <ul className="divide-y divide-slate-100">
        {rows.map((r) => (
          <PendingRow key={r.id} r={r} />
        ))}
      </ul>
    </Card>
  );
}
