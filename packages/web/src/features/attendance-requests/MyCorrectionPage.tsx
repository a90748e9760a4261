import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { PageTitle } from '../../ui/Card';
import type { Column } from '../../ui/DataTable';
import { CorrectionDetailModal } from './CorrectionDetailModal';
import { CorrectionForm } from './CorrectionForm';
import { RequestListCard, useMyRequestList, useRequestColumns } from './request-list';
import type { CorrectionRow } from './shared';
import './texts';
import { useEnumLabel } from '../../lib/enum-labels';

/**
 * /personal/attendance/correction: the employee requests a correction of one of their days (the
 * form shows that day's timesheet) and follows their requests: change or cancel while pending.
 */
export function MyCorrectionPage() {
  const { t } = useTranslation();
  const enumLabel = useEnumLabel();
  const state = useMyRequestList();
  const [editing, setEditing] = useState<CorrectionRow | null>(null);
  const query = trpc.attendanceRequest.correction.mine.useQuery(
    { ...state.input, ...(state.kind ? { type: Number(state.kind) } : {}) },
    { placeholderData: keepPreviousData },
  );
  const c = useRequestColumns<CorrectionRow>();
  const details = c.details(state.setOpen);
  const columns: Column<CorrectionRow>[] = [
    c.date,
    { key: 'type', header: t('attreq.type'), cell: (r) => enumLabel('permitType', r.type, r.typeLabel) },
    c.times,
    c.reason,
    c.status((r) => `my-correction-status-${r.id}`),
    {
      key: 'actions',
      header: '',
      cell: (r) => (
        <div className="flex gap-2">
          {r.status === 3 ? (
            <Button size="sm" variant="secondary" onClick={() => setEditing(r)}>
              {t('attreq.edit')}
            </Button>
          ) : null}
          {details.cell(r)}
        </div>
      ),
    },
  ];
  return (
    <>
      <PageTitle>{t('routes.personal.attendanceCorrection')}</PageTitle>
      <div className="space-y-4">
        <CorrectionForm editing={editing} onDone={() => setEditing(null)} />
        <RequestListCard
          title={t('attreq.myCorrections')}
          state={state}
          kind="type"
          query={query}
          columns={columns}
          empty={t('attreq.noCorrections')}
        />
      </div>
      <CorrectionDetailModal id={state.open} onClose={() => state.setOpen(null)} />
    </>
  );
}
