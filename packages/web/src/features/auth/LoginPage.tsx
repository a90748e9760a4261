import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, type Location, useLocation, useNavigate } from 'react-router';
import { PROFILE_PATH, PUBLIC_PATHS } from '../../app/route-table';
import { messageOf } from '../../lib/errors';
import { requiredNotice } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { Banner } from '../../ui/Banner';
import { Button } from '../../ui/Button';
import { LanguageSwitch } from '../shell/Header';
import { TextField } from '../../ui/TextField';

/** Where to go after signing in: the page the user came from, else home. */
function returnPath(state: unknown): string {
  const from = (state as { from?: Partial<Location> } | null)?.from;
  const path = from?.pathname;
  if (!path || PUBLIC_PATHS.includes(path)) return '/';
  return `${path}${from.search ?? ''}${from.hash ?? ''}`;
}

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const utils = trpc.useUtils();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState<'email' | 'password' | null>(null);
  useEffect(() => {
    document.title = `${t('login.title')} · ${t('app.name')}`;
  }, [t]);

  const login = trpc.auth.login.useMutation({
    // Wrong password, inactive account and rate limit are shown here and as a toast.
    meta: { allow401: true },
    onSuccess: (res) => {
      utils.auth.me.setData(undefined, res.user);
      if (res.user.mustChangePassword) navigate(PROFILE_PATH, { replace: true, state: { mustChange: true } });
      else navigate(returnPath(location.state), { replace: true });
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const empty = !email.trim() ? 'email' : !password ? 'password' : null;
    setMissing(empty);
    if (empty) {
      document.getElementById(empty)?.focus();
      return;
    }
    login.mutate({ email: email.trim(), password });
  };

  /** The e-mail or password field; its "required" notice shows while it is the one missing, until `filled`. */
  const credential = (
    key: 'email' | 'password',
    value: string,
    set: (v: string) => void,
    filled: (v: string) => boolean,
    autoComplete: string,
  ) => ({
    id: key,
    name: key,
    type: key,
    autoComplete,
    label: t(`login.${key}`),
    value,
    error: missing === key ? requiredNotice(key) : null,
    invalid: missing === key,
    onValue: (v: string) => {
      set(v);
      if (filled(v) && missing === key) setMissing(null);
    },
  });
  return (
    <div className="flex min-h-screen items-center justify-center bg-slate-100 p-4">
      <div className="w-full max-w-sm">
        <div className="mb-3 flex justify-end">
          <LanguageSwitch />
        </div>
        <form onSubmit={submit} noValidate className="space-y-4 rounded-lg bg-white p-6 shadow">
          <h1 className="text-xl font-semibold text-slate-900">{t('login.title')}</h1>
          {login.error ? (
            <Banner tone="error">
              <span data-testid="login-error">{messageOf(login.error)}</span>
            </Banner>
          ) : null}
          <TextField {...credential('email', email, setEmail, (v) => v.trim() !== '', 'username')} />
          <TextField {...credential('password', password, setPassword, (v) => v !== '', 'current-password')} />
          <Button type="submit" className="w-full" disabled={login.isPending}>
            {login.isPending ? t('login.submitting') : t('login.submit')}
          </Button>
          <p className="text-center text-sm">
            <Link to="/registration" className="text-sky-700 hover:underline">
              {t('login.register')}
            </Link>
          </p>
        </form>
      </div>
    </div>
  );
}
