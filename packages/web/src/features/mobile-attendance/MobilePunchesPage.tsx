import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../lib/can';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import { useListState } from '../../lib/use-list-state';
import { Button } from '../../ui/Button';
import { Card, PageTitle } from '../../ui/Card';
import { type Column, DataTable } from '../../ui/DataTable';
import { Modal } from '../../ui/Modal';
import { Pagination } from '../../ui/Pagination';
import { Select } from '../../ui/Select';
import { TextInput } from '../../ui/TextInput';
import { FencePlot, type PlotPoint } from './FencePlot';
import './texts';
import { toastThen } from '../../lib/toast-then';
import { todayWib } from '../../lib/company-date';

type Row = RouterOutputs['mobileAttendance']['punches']['rows'][number];

const TONE: Record<Row['status'], PlotPoint['tone']> = {
  accepted: 'inside',
  approved: 'inside',
  pending: 'pending',
  rejected: 'rejected',
};

/**
 * /attendance/mobile: a day's clock-ins from phones of the employees in the caller's scope, with the
 * distance to the area, the GPS accuracy, the selfie and a map (SVG plot) of the areas and punches.
 * Punches outside every area wait here for approval (attendance.approve).
 */
export function MobilePunchesPage() {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const canDecide = useCan('attendance.approve');
  // Date, filters, search and page live in the URL (lib/use-list-state): Back shows the list as it was.
  const state = useListState();
  const { search, setSearch, page, setPage, pageSize, setPageSize } = state;
  const debounced = state.query.search;
  const { value: date, set: setDate } = state.param('date', todayWib());
  const { value: officeId, set: setOfficeId } = state.param('office');
  const { value: status, set: setStatus } = state.param('status');
  const offices = trpc.lookup.companyOffices.useQuery();
  const list = trpc.mobileAttendance.punches.useQuery({
    date,
    page,
    pageSize,
    companyOfficeId: officeId ? Number(officeId) : undefined,
    status: (status || undefined) as Row['status'] | undefined,
    search: debounced || undefined,
  });
  const [selfie, setSelfie] = useState<{ row: Row; src: string | null } | null>(null);
  const decide = trpc.mobileAttendance.decide.useMutation(toastThen(() => void utils.mobileAttendance.punches.invalidate()));
  const showSelfie = async (row: Row) => {
    setSelfie({ row, src: null });
    const s = await utils.mobileAttendance.selfie.fetch({ id: row.id });
    setSelfie({ row, src: `data:${s.contentType};base64,${s.contentBase64}` });
  };
  const first =
    <V,>(set: (v: V) => void) =>
    (v: V) => {
      set(v);
      setPage(1);
    };

  const columns: Column<Row>[] = [
    { key: 'time', header: t('mob.time'), cell: (r) => r.localTime.slice(11, 16), className: 'whitespace-nowrap' },
    { key: 'employee', header: t('mob.employee'), cell: (r) => `${r.employeeName} (${r.employeeNumber})` },
    {
      key: 'kind',
      header: t('mob.kind'),
      cell: (r) => (
        <>
          {r.kind === 'in' ? t('mob.kindIn') : t('mob.kindOut')}
          {r.offline ? <span className="block text-xs text-slate-500">{t('mob.offlineFlag')}</span> : null}
        </>
      ),
    },
    {
      key: 'status',
      header: t('mob.statusHeader'),
      cell: (r) => (
        <span className={r.status === 'pending' ? 'text-amber-700' : r.status === 'rejected' ? 'text-red-700' : 'text-green-700'}>
          {t(`mob.status.${r.status}`)}
        </span>
      ),
    },
    {
      key: 'distance',
      header: t('mob.distance'),
      cell: (r) => (
        <span className={r.inside ? '' : 'font-medium text-red-700'}>
          {r.distanceM ?? '–'} m <span className="text-xs text-slate-500">(±{r.accuracyM} m)</span>
        </span>
      ),
      className: 'whitespace-nowrap',
    },
    { key: 'place', header: t('mob.place'), cell: (r) => [r.fence, r.companyOffice].filter(Boolean).join(' · ') },
    {
      key: 'photo',
      header: t('mob.photo'),
      cell: (r) =>
        r.hasSelfie ? (
          <Button size="sm" variant="secondary" onClick={() => void showSelfie(r)}>
            {t('mob.showPhoto')}
          </Button>
        ) : (
          <span className="text-xs text-slate-500">{t('mob.photoRemoved')}</span>
        ),
    },
    {
      key: 'decide',
      header: '',
      cell: (r) =>
        canDecide && r.status === 'pending' ? (
          <div className="flex gap-2">
            <Button size="sm" disabled={decide.isPending} onClick={() => decide.mutate({ id: r.id, decision: 'approve' })}>
              {t('mob.approve')}
            </Button>
            <Button
              size="sm"
              variant="danger"
              disabled={decide.isPending}
              onClick={() => decide.mutate({ id: r.id, decision: 'reject' })}
            >
              {t('mob.reject')}
            </Button>
          </div>
        ) : null,
    },
  ];

  const data = list.data;
  return (
    <>
      <PageTitle>{t('mob.punchesTitle')}</PageTitle>
      <div className="space-y-4">
        <Card>
          <div className="grid gap-3 sm:grid-cols-4">
            <TextInput
              aria-label={t('mob.date')}
              type="date"
              value={date}
              onChange={(e) => first(setDate)(e.target.value || todayWib())}
            />
            <Select
              aria-label={t('mob.office')}
              value={officeId}
              onChange={first(setOfficeId)}
              placeholder={t('mob.allOffices')}
              loading={offices.isLoading}
              options={(offices.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
            />
            <Select
              aria-label={t('mob.statusHeader')}
              value={status}
              onChange={first(setStatus)}
              placeholder={t('mob.allStatuses')}
              options={(['accepted', 'pending', 'approved', 'rejected'] as const).map((s) => ({
                value: s,
                label: t(`mob.status.${s}`),
              }))}
            />
            <TextInput
              aria-label={t('mob.search')}
              placeholder={t('mob.search')}
              value={search}
              onChange={(e) => first(setSearch)(e.target.value)}
            />
          </div>
        </Card>
        <div className="grid gap-4 lg:grid-cols-3">
          <Card className="lg:col-span-2">
            <DataTable
              columns={columns}
              rows={data?.rows ?? []}
              loading={list.isFetching}
              failed={list.isError && !data}
              onRetry={() => void list.refetch()}
              empty={t('mob.noPunches')}
            />
            <Pagination
              page={page}
              pageSize={pageSize}
              total={data?.total ?? 0}
              onPage={setPage}
              onPageSize={first(setPageSize)}
            />
          </Card>
          <Card title={t('mob.map')}>
            {data && (data.fences.length > 0 || data.rows.length > 0) ? (
              <FencePlot
                title={t('mob.map')}
                fences={data.fences}
                points={data.rows.map((r) => ({
                  id: r.id,
                  latitude: r.latitude,
                  longitude: r.longitude,
                  accuracyM: r.accuracyM,
                  tone: TONE[r.status],
                  label: `${r.localTime.slice(11, 16)} ${r.employeeName}`,
                }))}
              />
            ) : null}
            <p className="mt-2 text-xs text-slate-500">{t('mob.mapHint')}</p>
          </Card>
        </div>
      </div>
      <Modal
        open={selfie !== null}
        onClose={() => setSelfie(null)}
        title={selfie ? t('mob.selfieOf', { name: selfie.row.employeeName, time: selfie.row.localTime.slice(11, 16) }) : ''}
        closeLabel={t('mob.close')}
      >
        {selfie?.src ? (
          <img src={selfie.src} alt={t('mob.photo')} className="mx-auto max-h-96 rounded-md" />
        ) : (
          <p className="text-sm">…</p>
        )}
      </Modal>
    </>
  );
}
