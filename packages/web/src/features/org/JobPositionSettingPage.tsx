import type { JobPositionRow } from '@hr/core/browser';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useCan } from '../../lib/can';
import { messageOf } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { Banner } from '../../ui/Banner';
import { Button } from '../../ui/Button';
import { Card, PageTitle } from '../../ui/Card';
import { Spinner } from '../../ui/Spinner';
import { toId } from '../shared/use-lookups';
import { ConfirmDeleteDialog } from '../../ui/ConfirmDeleteDialog';
import { JobPositionPermissionsCard } from '../permissions/JobPositionPermissionsCard';
import { useJobPositionForm, jobPositionViews } from './job-position-form';
import { FormFields } from '../../ui/FormFields';
import { useRefreshOrg } from './use-refresh';
import { toastThen } from '../../lib/toast-then';

function SettingForm({ position }: { position: JobPositionRow }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const refresh = useRefreshOrg();
  const form = useJobPositionForm(position);
  const views = jobPositionViews();
  const update = trpc.org.jobPosition.update.useMutation(toastThen(() => void refresh.jobPosition()));
  const remove = trpc.org.jobPosition.delete.useMutation({
    meta: { silent: true, successMessage: 'server' },
    onSuccess: () => {
      void refresh.jobPosition();
      void navigate('/misc/jobPosition');
    },
  });
  const [deleting, setDeleting] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void form.submit(async (input) => {
      try {
        await update.mutateAsync({ id: position.id, ...input });
      } catch (err) {
        form.showServerErrors(err);
      }
    });
  };
  return (
    <form onSubmit={submit} noValidate className="max-w-xl space-y-4">
      <FormFields form={form} views={views} />
      <p className="text-xs text-slate-500">{t('org.hints.positionMove')}</p>
      <div className="flex flex-wrap justify-between gap-2 border-t border-slate-200 pt-3">
        <Button variant="danger" onClick={() => setDeleting(true)}>
          {t('org.delete')}
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {t('app.save')}
        </Button>
      </div>
      {deleting ? (
        <ConfirmDeleteDialog
          name={position.name}
          onConfirm={() => remove.mutateAsync({ id: position.id })}
          onClose={() => setDeleting(false)}
        />
      ) : null}
    </form>
  );
}

/** Read-only view for users without org.manage. */
function SettingView({ position }: { position: JobPositionRow }) {
  const { t } = useTranslation();
  const rows: [string, string][] = [
    [t('org.fields.name'), position.name],
    [t('org.fields.jobLevel'), position.jobLevel ?? t('app.none')],
    [t('org.fields.companyOffice'), position.companyOffice],
    [t('org.fields.department'), position.department],
    [t('org.fields.division'), position.division ?? t('app.none')],
    [t('org.fields.section'), position.section ?? t('app.none')],
  ];
  return (
    <dl className="grid max-w-xl grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
      {rows.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="font-medium text-slate-600">{k}</dt>
          <dd className="text-slate-900">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

/** /misc/jobPosition/{id}/setting: edit a job position's name, level and placement; its permission set. */
export function JobPositionSettingPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const positionId = toId(id);
  const canManage = useCan('org.manage');
  const q = trpc.org.jobPosition.get.useQuery(
    { id: positionId ?? 0 },
    { enabled: positionId !== undefined, meta: { silent: true } },
  );
  const back = (
    <Link to="/misc/jobPosition" className="text-sm text-sky-700 hover:underline">
      {t('org.backToPositions')}
    </Link>
  );
  let body = <Spinner label={t('app.loading')} />;
  if (positionId === undefined || q.error) {
    body = (
      <Banner tone="error">{positionId === undefined ? t('org.notFound') : (messageOf(q.error) ?? t('org.notFound'))}</Banner>
    );
  } else if (q.data) {
    body = canManage ? <SettingForm key={q.data.id} position={q.data} /> : <SettingView position={q.data} />;
  }
  return (
    <>
      <PageTitle actions={back}>
        {t('routes.misc.jobPositionSetting')}
        {q.data ? `: ${q.data.name}` : ''}
      </PageTitle>
      <Card>
        {q.data ? <p className="mb-4 text-sm text-slate-600">{t('org.positionEmployees', { count: q.data.employees })}</p> : null}
        {body}
      </Card>
      {q.data ? (
        <div className="mt-4">
          <JobPositionPermissionsCard jobPositionId={q.data.id} />
        </div>
      ) : null}
    </>
  );
}
