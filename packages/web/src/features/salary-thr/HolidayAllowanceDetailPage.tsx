import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useCan } from '../../lib/can';
import { formatIsoDate } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { Card, PageTitle } from '../../ui/Card';
import { Modal } from '../../ui/Modal';
import { Pagination } from '../../ui/Pagination';
import { Select } from '../../ui/Select';
import { usePaging } from '../shared/PagedTable';
import { rupiah, statusKey } from './thr-format';
import { ThrLinesTable } from './ThrLinesTable';
import './texts';
import { useFileDownload } from '../../lib/use-file-download';

type Filter = 'all' | 'eligible' | 'notEligible';

/** /salary/holidayAllowance/:id/detail: the run, its lines with traces, finalise / cancel (drafts) and XLSX. */
export function HolidayAllowanceDetailPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const canUpdate = useCan('salary.update');
  const utils = trpc.useUtils();
  const paging = usePaging(50);
  const [filter, setFilter] = useState<Filter>('all');
  const [confirm, setConfirm] = useState<'finalise' | 'cancel' | null>(null);
  const q = trpc.salary.holidayAllowance.detail.useQuery(
    { id, page: paging.page, pageSize: paging.pageSize, eligible: filter },
    { placeholderData: keepPreviousData, enabled: Number.isInteger(id) && id > 0 },
  );
  const done = () => {
    setConfirm(null);
    void utils.salary.holidayAllowance.invalidate();
  };
  const finalise = trpc.salary.holidayAllowance.finalise.useMutation({
    meta: { successMessage: 'server' },
    onSuccess: done,
    onError: () => setConfirm(null),
  });
  const cancel = trpc.salary.holidayAllowance.cancel.useMutation({
    meta: { successMessage: 'server' },
    onSuccess: done,
    onError: () => setConfirm(null),
  });
  const { busy: downloading, download: save } = useFileDownload();
  const download = () => save(() => utils.salary.holidayAllowance.download.fetch({ id }));
  const run = q.data;
  const draft = run?.status === 'draft';
  return (
    <div>
      <PageTitle actions={<Link to="/salary/holidayAllowance">{t('thr.back')}</Link>}>
        {run ? `THR ${run.holidayName} ${run.year}` : t('routes.salary.holidayAllowanceDetail')}
      </PageTitle>
      {run ? (
        <Card
          actions={
            <div className="flex gap-2">
              <Button variant="secondary" disabled={downloading} onClick={() => void download()}>
                {t('thr.download')}
              </Button>
              {canUpdate && draft ? (
                <>
                  <Button variant="danger" onClick={() => setConfirm('cancel')}>
                    {t('thr.cancel')}
                  </Button>
                  <Button onClick={() => setConfirm('finalise')}>{t('thr.finalise')}</Button>
                </>
              ) : null}
            </div>
          }
        >
          <dl className="grid gap-2 text-sm sm:grid-cols-4">
            <div>
              <dt className="text-slate-500">{t('thr.status')}</dt>
              <dd data-testid="thr-run-status">{t(statusKey(run.status))}</dd>
            </div>
            <div>
              <dt className="text-slate-500">{t('thr.holidayDate')}</dt>
              <dd>{formatIsoDate(run.holidayDate)}</dd>
            </div>
            <div>
              <dt className="text-slate-500">{t('thr.payDate')}</dt>
              <dd>{formatIsoDate(run.payDate)}</dd>
            </div>
            <div>
              <dt className="text-slate-500">{t('thr.scope')}</dt>
              <dd>{run.companyOffice ?? t('thr.wholeCompany')}</dd>
            </div>
            <div>
              <dt className="text-slate-500">{t('thr.employees')}</dt>
              <dd>{run.employees}</dd>
            </div>
            <div>
              <dt className="text-slate-500">{t('thr.notEligible')}</dt>
              <dd>{run.notEligible}</dd>
            </div>
            <div>
              <dt className="text-slate-500">{t('thr.total')}</dt>
              <dd data-testid="thr-run-total">{rupiah(run.total)}</dd>
            </div>
            <div>
              <dt className="text-slate-500">{t('thr.pph21Estimate')}</dt>
              <dd>{rupiah(run.pph21Estimate)}</dd>
            </div>
          </dl>
        </Card>
      ) : null}
      <div className="my-4 max-w-xs">
        <Select
          aria-label={t('thr.eligible')}
          value={filter}
          onChange={(v) => paging.resetting(setFilter)(v as Filter)}
          options={[
            { value: 'all', label: t('thr.filterAll') },
            { value: 'eligible', label: t('thr.filterEligible') },
            { value: 'notEligible', label: t('thr.filterNotEligible') },
          ]}
        />
      </div>
      <ThrLinesTable rows={run?.lines.rows ?? []} loading={q.isFetching} />
      <Pagination
        page={paging.page}
        pageSize={paging.pageSize}
        total={run?.lines.total ?? 0}
        onPage={paging.setPage}
        onPageSize={paging.setPageSize}
      />
      <Modal
        open={confirm !== null}
        onClose={() => setConfirm(null)}
        title={confirm === 'finalise' ? t('thr.finalise') : t('thr.cancel')}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirm(null)}>
              {t('thr.close')}
            </Button>
            <Button
              variant={confirm === 'cancel' ? 'danger' : 'primary'}
              disabled={finalise.isPending || cancel.isPending}
              onClick={() => (confirm === 'finalise' ? finalise.mutate({ id }) : cancel.mutate({ id }))}
            >
              {confirm === 'finalise' ? t('thr.finalise') : t('thr.cancel')}
            </Button>
          </>
        }
      >
        <p className="text-sm">{confirm === 'finalise' ? t('thr.confirmFinalise') : t('thr.confirmCancel')}</p>
      </Modal>
    </div>
  );
}
