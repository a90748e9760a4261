import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ForbiddenPage, PlaceholderPage } from '../features/shell/StatusPages';
import { useCan } from '../lib/can';
import { PhoneCards } from '../ui/PhoneCards';
import { Spinner } from '../ui/Spinner';
import type { AppRoute } from './route-table';
import { SCREENS } from './screens';

/**
 * The screens every employee uses from a phone (issue 19): their own pages, their requests to the
 * warehouse and purchasing, their cooperative withdrawals and their resignation. Their tables become
 * one card per row on a phone (ui/PhoneCards.tsx).
 */
export function isEmployeeScreen(route: AppRoute): boolean {
  const [group, name = ''] = route.id.split('.');
  return (
    group === 'personal' ||
    group === 'inventory' ||
    (group === 'cooperative' && name.startsWith('withdrawal')) ||
    route.id === 'employee.resignationRequest'
  );
}

/** One spec route: permission check, document title, then its screen (or the placeholder). */
export function RoutePage({ route }: { route: AppRoute }) {
  const { t } = useTranslation();
  const allowed = useCan(route.permission);
  const title = t(`routes.${route.id}`);
  useEffect(() => {
    document.title = `${title} · ${t('app.name')}`;
  }, [title, t]);
  if (!allowed) return <ForbiddenPage />;
  const Screen = SCREENS[route.id];
  if (!Screen) return <PlaceholderPage route={route} />;
  return (
    <PhoneCards enabled={isEmployeeScreen(route)}>
      <Suspense fallback={<Spinner label={t('app.loading')} />}>
        <Screen />
      </Suspense>
    </PhoneCards>
  );
}
