import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { can, useSession } from '../../lib/can';
import { Card } from '../../ui/Card';
import { Clock, useNow } from '../../ui/Clock';
import { visibleNav } from '../shell/Sidebar';
import {
  AwaitingMeWidget,
  BirthdaysWidget,
  ExpiringContractsWidget,
  LeaveReportWidget,
  LiveTimesheetWidget,
  RegulationsWidget,
  TodayShiftWidget,
} from './widgets';

function greetingKey(hour: number): 'home.morning' | 'home.afternoon' | 'home.evening' {
  if (hour < 11) return 'home.morning';
  if (hour < 18) return 'home.afternoon';
  return 'home.evening';
}

export function HomePage() {
  const { t } = useTranslation();
  const user = useSession();
  const hour = useNow(60_000).getHours();
  useEffect(() => {
    document.title = t('app.name');
  }, [t]);
  return (
    <div className="space-y-4">
      <Card>
        <h1 className="text-2xl font-semibold text-slate-900">{t(greetingKey(hour), { name: user.name })}</h1>
        <Clock className="mt-2 block text-lg text-slate-600" />
        <p className="mt-3 text-sm text-slate-600">{t('home.intro')}</p>
      </Card>
      <div className="grid gap-4 lg:grid-cols-2 xl:grid-cols-3">
        {can(user, 'personal.access') ? <TodayShiftWidget /> : null}
        {can(user, 'attendance.approve') ? <AwaitingMeWidget /> : null}
        {can(user, 'attendance.view') ? <LiveTimesheetWidget /> : null}
        {can(user, 'attendance.view') ? <LeaveReportWidget /> : null}
        <BirthdaysWidget />
        {can(user, 'employee.view') ? <ExpiringContractsWidget /> : null}
        {can(user, 'personal.access') ? <RegulationsWidget /> : null}
      </div>
      <h2 className="pt-2 text-lg font-semibold text-slate-800">{t('dash.menus')}</h2>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {visibleNav(user).map(({ group, routes }) => (
          <Card key={group.id} title={t(`groups.${group.id}`)}>
            <ul className="space-y-1 text-sm">
              {routes.map((r) => (
                <li key={r.id}>
                  <Link to={r.path} className="text-sky-700 hover:underline">
                    {t(`routes.${r.id}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </Card>
        ))}
      </div>
    </div>
  );
}
