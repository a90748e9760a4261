import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { ChangePasswordScreen, PasswordChangeListener } from '../features/auth/ChangePasswordScreen';
import { Layout } from '../features/shell/Layout';
import { SessionProvider } from '../lib/can';
import { httpStatusOf, messageOf } from '../lib/errors';
import { trpc } from '../lib/trpc';
import { Button } from '../ui/Button';
import { Spinner } from '../ui/Spinner';
import { PROFILE_PATH } from './route-table';

/** Loads the session (auth.me); without one the user goes to /login and comes back afterwards. */
export function AuthedApp() {
  const { t } = useTranslation();
  const location = useLocation();
  const me = trpc.auth.me.useQuery(undefined, { meta: { silent: true }, retry: false, staleTime: 5 * 60_000 });

  if (me.isPending) {
    return (
      <div className="flex min-h-screen items-center justify-center">
        <Spinner label={t('app.loading')} />
      </div>
    );
  }
  if (me.error) {
    if (httpStatusOf(me.error) === 401) return <Navigate to="/login" replace state={{ from: location }} />;
    return (
      <div className="flex min-h-screen flex-col items-center justify-center gap-3 p-6 text-center">
        <p className="text-slate-800">{t('app.sessionError')}</p>
        <p className="text-sm text-slate-500">{messageOf(me.error)}</p>
        <Button onClick={() => void me.refetch()}>{t('app.retry')}</Button>
      </div>
    );
  }
  if (me.data.mustChangePassword) {
    // A one-time password: the server answers nothing else (AU0010) until it is changed.
    if (location.pathname !== PROFILE_PATH) return <Navigate to={PROFILE_PATH} replace state={{ mustChange: true }} />;
    return (
      <SessionProvider user={me.data}>
        <ChangePasswordScreen />
      </SessionProvider>
    );
  }
  return (
    <SessionProvider user={me.data}>
      <PasswordChangeListener />
      <Layout />
    </SessionProvider>
  );
}
