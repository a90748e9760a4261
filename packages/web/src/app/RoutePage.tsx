import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ForbiddenPage, PlaceholderPage } from '../features/shell/StatusPages';
import { useCan } from '../lib/can';
import { Spinner } from '../ui/Spinner';
import type { AppRoute } from './route-table';
import { SCREENS } from './screens';

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
    <Suspense fallback={<Spinner label={t('app.loading')} />}>
      <Screen />
    </Suspense>
  );
}
