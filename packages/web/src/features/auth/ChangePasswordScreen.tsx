import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { onPasswordChangeRequired } from '../../lib/auth-events';
import { useSession } from '../../lib/can';
import { trpc } from '../../lib/trpc';
import { useLogout } from './use-logout';
import { Banner } from '../../ui/Banner';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { ChangePasswordForm } from '../personal/ChangePasswordForm';
import { LanguageSwitch } from '../shell/Header';

/**
 * The only screen of a session that still has its one-time password (after activation or an
 * administrator's reset): the server refuses everything else with AU0010 until it is changed, so
 * nothing else is loaded. After the change the session data reloads and the app opens as usual.
 */
export function ChangePasswordScreen() {
  const { t } = useTranslation();
  const user = useSession();
  const logout = useLogout();
  useEffect(() => {
    document.title = `${t('profile.changePassword')} · ${t('app.name')}`;
  }, [t]);
  return (
    <div className="min-h-screen bg-slate-100 p-4">
      <div className="mx-auto max-w-lg space-y-4">
        <div className="flex items-center justify-end gap-3">
          <LanguageSwitch />
          <span className="text-sm text-slate-700">{user.email}</span>
          <Button variant="secondary" size="sm" onClick={() => logout.mutate()} disabled={logout.isPending}>
            {t('app.logout')}
          </Button>
        </div>
        <Banner tone="warning">
          <span data-testid="must-change-password">{t('login.mustChange')}</span>
        </Banner>
        <Card title={t('profile.changePassword')}>
          <ChangePasswordForm />
        </Card>
      </div>
    </div>
  );
}

/**
 * Listens for AU0010 answers (lib/notify.tsx) while the app runs: reloads the session data, whose
 * `mustChangePassword` then brings up {@link ChangePasswordScreen} (app/AuthedApp.tsx).
 */
export function PasswordChangeListener() {
  const utils = trpc.useUtils();
  useEffect(() => onPasswordChangeRequired(() => void utils.auth.me.invalidate()), [utils]);
  return null;
}
