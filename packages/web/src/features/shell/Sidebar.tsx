import type { SessionUser } from '@hr/core/browser';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { type AppRoute, ROUTE_GROUPS, type RouteGroup } from '../../app/route-table';
import { can } from '../../lib/can';
import { cx } from '../../ui/cx';
import { ChevronDownIcon } from '../../ui/Icons';

/** The groups and sidebar routes this user may see; the rest is hidden, not disabled. */
export function visibleNav(user: SessionUser | null): { group: RouteGroup; routes: AppRoute[] }[] {
  return ROUTE_GROUPS.map((group) => ({ group, routes: group.routes.filter((r) => r.nav && can(user, r.permission)) })).filter(
    (g) => g.routes.length > 0,
  );
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cx(
    'block rounded-md px-3 py-1.5 text-sm',
    isActive ? 'bg-sky-700 text-white' : 'text-slate-300 hover:bg-slate-800 hover:text-white',
  );

export function Sidebar({ user, onNavigate }: { user: SessionUser; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const nav = visibleNav(user);
  const activeGroup = ROUTE_GROUPS.find((g) => pathname.startsWith(`/${g.routes[0]?.path.split('/')[1] ?? ''}`))?.id;
  const [openGroups, setOpenGroups] = useState<Set<string>>(() => new Set(activeGroup ? [activeGroup] : []));
  const toggle = (id: string) =>
    setOpenGroups((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  // Navigating into a group opens it (the user may close it again).
  useEffect(() => {
    if (activeGroup) setOpenGroups((prev) => (prev.has(activeGroup) ? prev : new Set(prev).add(activeGroup)));
  }, [activeGroup]);

  return (
    <nav aria-label="Main" className="flex h-full flex-col overflow-y-auto bg-slate-900 px-2 py-3">
      <div className="mb-3 px-3 text-lg font-semibold text-white">{t('app.name')}</div>
      <NavLink to="/" end className={linkClass} onClick={onNavigate}>
        {t('app.home')}
      </NavLink>
      {nav.map(({ group, routes }) => {
        const open = openGroups.has(group.id);
        return (
          <div key={group.id} className="mt-1">
            <button
              type="button"
              aria-expanded={open}
              onClick={() => toggle(group.id)}
              className="flex w-full items-center justify-between rounded-md px-3 py-2 text-left text-xs font-semibold tracking-wide text-slate-400 uppercase hover:text-white"
            >
              {t(`groups.${group.id}`)}
              <ChevronDownIcon width={14} height={14} className={cx('transition-transform', open && 'rotate-180')} />
            </button>
            {open ? (
              <ul className="space-y-0.5 pl-2">
                {routes.map((r) => (
                  <li key={r.id}>
                    <NavLink to={r.path} end className={linkClass} onClick={onNavigate}>
                      {t(`routes.${r.id}`)}
                    </NavLink>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        );
      })}
    </nav>
  );
}
