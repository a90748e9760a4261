import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type LanguageCode, setLanguage } from '../../i18n';
import { useSession } from '../../lib/can';
import { useLogout } from '../auth/use-logout';
import { Button } from '../../ui/Button';
import { Clock } from '../../ui/Clock';
import { MenuIcon } from '../../ui/Icons';

export function LanguageSwitch({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  return (
    <select
      aria-label={t('app.language')}
      className={className ?? 'rounded-md border border-slate-300 bg-white px-2 py-1 text-sm'}
      value={i18n.language}
      onChange={(e) => setLanguage(e.target.value as LanguageCode)}
    >
      {LANGUAGES.map((l) => (
        <option key={l.code} value={l.code}>
          {l.label}
        </option>
      ))}
    </select>
  );
}

/**
 * Publishes the header's height as the CSS variable --app-header-h (it wraps on a phone), so notifications are
 * placed below it and never cover its controls (index.css).
 */
function useHeaderHeightVariable() {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const root = document.documentElement;
    const publish = () => root.style.setProperty('--app-header-h', `${Math.ceil(el.getBoundingClientRect().height)}px`);
    publish();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(publish);
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      root.style.removeProperty('--app-header-h');
    };
  }, []);
  return ref;
}

export function Header({ onToggleSidebar, sidebarOpen }: { onToggleSidebar: () => void; sidebarOpen: boolean }) {
  const { t } = useTranslation();
  const user = useSession();
  const logout = useLogout();
  const ref = useHeaderHeightVariable();
  return (
    <header
      ref={ref}
      className="sticky top-0 z-30 flex flex-wrap items-center gap-3 border-b border-slate-200 bg-white px-3 py-2 shadow-sm"
    >
      <Button variant="ghost" size="sm" aria-label={t('app.toggleSidebar')} aria-expanded={sidebarOpen} onClick={onToggleSidebar}>
        <MenuIcon />
      </Button>
      <Clock className="text-sm text-slate-600" />
      <div className="ml-auto flex items-center gap-3">
        <LanguageSwitch />
        <span className="hidden text-sm text-slate-700 sm:inline" title={user.email}>
          {user.name}
        </span>
        <Button variant="secondary" size="sm" onClick={() => logout.mutate()} disabled={logout.isPending}>
          {t('app.logout')}
        </Button>
      </div>
    </header>
  );
}
