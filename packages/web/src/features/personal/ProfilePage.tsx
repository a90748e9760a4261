import { ROLES, type RoleKey } from '@hr/core/browser';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useCan, useSession } from '../../lib/can';
import { trpc } from '../../lib/trpc';
import { Detail, RecordModeContext } from '../employee/EmployeeDetailPage';
import { MyUpdateRequestsCard } from '../employee/UpdateRequests';
import { Banner } from '../../ui/Banner';
import { Card, PageTitle } from '../../ui/Card';
import { ChangePasswordForm } from './ChangePasswordForm';

const roleLabel = (r: string) => (r in ROLES ? ROLES[r as RoleKey].label : r);

export function ProfilePage() {
  const { t } = useTranslation();
  const user = useSession();
  const location = useLocation();
  const canRequest = useCan('personal.access');
  const mustChange = user.mustChangePassword || Boolean((location.state as { mustChange?: boolean } | null)?.mustChange);
  return (
    <>
      <PageTitle>{t('routes.personal.profile')}</PageTitle>
      {mustChange && user.mustChangePassword ? (
        <Banner tone="warning" className="mb-4">
          <span data-testid="must-change-password">{t('login.mustChange')}</span>
        </Banner>
      ) : null}
      <div className="grid gap-4 xl:grid-cols-2">
        <Card title={t('profile.session')}>
          <dl className="grid grid-cols-[10rem_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-slate-500">{t('profile.name')}</dt>
            <dd className="text-slate-900">{user.name}</dd>
            <dt className="text-slate-500">{t('profile.email')}</dt>
            <dd className="break-all text-slate-900">{user.email}</dd>
            <dt className="text-slate-500">{t('profile.roles')}</dt>
            <dd className="text-slate-900">{user.roles.map(roleLabel).join(', ') || t('app.none')}</dd>
            <dt className="text-slate-500">{t('profile.offices')}</dt>
            <dd className="text-slate-900">{user.companyOffices.map((o) => o.name).join(', ') || t('app.none')}</dd>
            <dt className="text-slate-500">{t('profile.permissions')}</dt>
            <dd className="flex flex-wrap gap-1">
              {user.permissions.map((p) => (
                <span key={p} className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-700">
                  {p}
                </span>
              ))}
            </dd>
          </dl>
        </Card>
        <Card title={t('profile.changePassword')}>
          <ChangePasswordForm />
        </Card>
      </div>
      {user.employeeId !== null && canRequest ? <OwnRecord /> : null}
    </>
  );
}

/** The employee's own record: every section, each with "Request change" (HR approves), and their requests. */
function OwnRecord() {
  const { t } = useTranslation();
  const q = trpc.employee.profile.personalInformation.useQuery();
  if (!q.data) return null;
  return (
    <section className="mt-6 space-y-4">
      <h2 className="text-lg font-semibold text-slate-900">{t('employeeDetail.myRecord')}</h2>
      <p className="text-sm text-slate-600">{t('employeeDetail.myRecordHint')}</p>
      <MyUpdateRequestsCard />
      <RecordModeContext.Provider value="request">
        <Detail d={q.data} />
      </RecordModeContext.Provider>
    </section>
  );
}
