import type { JobPositionRow } from '@hr/core/browser';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { Modal } from '../../ui/Modal';
import { Select } from '../../ui/Select';
import { DepartmentSelect } from '../shared/OrgSelects';
import './assign-texts';
import { useRefreshOrg } from './use-refresh';
import { toastThen } from '../../lib/toast-then';
import { RowActionButton } from '../../ui/RowActionButton';

/** Where a job position can be assigned (spec §7 `mapping`, `assignation`, `assign`, `unassign`). */
export type AssignParent = 'section' | 'division' | 'jobLevel' | 'department' | 'office';

/** A position always has one office and one department: it leaves them only by being assigned elsewhere. */
const movesInOnly = (parent: AssignParent) => parent === 'office' || parent === 'department';

const place = (p: JobPositionRow) => [p.department, p.division, p.section].filter(Boolean).join(' · ');

/**
 * The job positions of an office, department, section, division or job level (mapping) with
 * Unassign (not for an office or department), and a choice of the positions that can join it
 * (assignation) with Assign; a position joining an office goes into one of its departments.
 * Working employees follow a position that moves (the server does that).
 */
export function AssignPositionsDialog({
  parent,
  id,
  name,
  onClose,
}: {
  parent: AssignParent;
  id: number;
  name: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const refresh = useRefreshOrg();
  const api = trpc.org[parent];
  const mapped = api.mapping.useQuery({ id, pageSize: 500 });
  const candidates = api.assignation.useQuery({ id, pageSize: 500 });
  const [chosen, setChosen] = useState('');
  const [department, setDepartment] = useState('');
  const done = () => {
    setChosen('');
    setDepartment('');
    // Every org list (and the cached job position lookups): the position's place changed.
    void refresh.jobPosition();
  };
  const assign = api.assign.useMutation(toastThen(done));
  const unassign = api.unassign.useMutation(toastThen(done));
  const options = (candidates.data?.rows ?? []).map((p) => ({ value: p.id, label: `${p.name} (${place(p)})` }));
  const rows = mapped.data?.rows ?? [];
  return (
    <Modal open onClose={onClose} title={t('orgAssign.title', { name })}>
      <ul className="divide-y divide-slate-100 text-sm" aria-label={t('orgAssign.open')}>
        {rows.map((p) => (
          <li key={p.id} className="flex items-center justify-between gap-2 py-1">
            <span>
              {p.name} <span className="text-xs text-slate-500">{place(p)}</span>
            </span>
            {movesInOnly(parent) ? null : (
              <RowActionButton
                label={t('orgAssign.unassign')}
                of={p.name}
                variant="ghost"
                busy={unassign.isPending}
                onClick={() => unassign.mutate({ id, jobPositionId: p.id })}
              />
            )}
          </li>
        ))}
        {rows.length === 0 && !mapped.isLoading ? <li className="py-1 text-slate-500">{t('orgAssign.none')}</li> : null}
      </ul>
      {movesInOnly(parent) ? <p className="pb-2 text-xs text-slate-500">{t('orgAssign.movesInOnly')}</p> : null}
      <div className="flex items-end gap-2 border-t border-slate-200 pt-3">
        <Field label={t('orgAssign.candidate')} htmlFor="assign-position" className="flex-1">
          <Select
            id="assign-position"
            value={chosen}
            onChange={setChosen}
            options={options}
            loading={candidates.isFetching}
            placeholder={options.length || candidates.isFetching ? '' : t('orgAssign.noCandidates')}
          />
        </Field>
        {parent === 'office' ? (
          <Field label={t('orgAssign.department')} htmlFor="assign-department" className="flex-1">
            <DepartmentSelect id="assign-department" companyOfficeId={id} value={department} onChange={setDepartment} />
          </Field>
        ) : null}
        <Button
          disabled={!chosen || (parent === 'office' && !department) || assign.isPending}
          onClick={() =>
            assign.mutate({ id, jobPositionId: Number(chosen), ...(department ? { departmentId: Number(department) } : {}) })
          }
        >
          {t('orgAssign.assign')}
        </Button>
      </div>
    </Modal>
  );
}
