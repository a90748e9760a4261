import { useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useSession } from '../../lib/can';
import { useMediaQuery, WIDE_LAYOUT_QUERY } from '../../lib/use-media-query';
import { cx } from '../../ui/cx';
import { ErrorBoundary } from '../../ui/ErrorBoundary';
import { Header } from './Header';
import { Sidebar } from './Sidebar';

/**
 * Signed-in layout: sidebar + header + page. At 1201 px and wider the sidebar sits beside the
 * page (the toggle hides it); narrower it is collapsed and the toggle opens it over the page.
 */
export function Layout() {
  const user = useSession();
  const wide = useMediaQuery(WIDE_LAYOUT_QUERY);
  const [open, setOpen] = useState(wide);
  const { pathname } = useLocation();
  useEffect(() => setOpen(wide), [wide]);

  return (
    <div className="min-h-screen">
      {open && !wide ? (
        <button
          type="button"
          aria-label="Close menu"
          className="fixed inset-0 z-40 bg-slate-900/40"
          onClick={() => setOpen(false)}
        />
      ) : null}
      <aside
        data-testid="sidebar"
        aria-hidden={!open}
        className={cx(
          'fixed inset-y-0 left-0 z-50 w-64 transition-transform duration-200',
          open ? 'translate-x-0' : '-translate-x-full',
          !open && 'invisible',
        )}
      >
        <Sidebar user={user} onNavigate={wide ? undefined : () => setOpen(false)} />
      </aside>
      <div className={cx('flex min-h-screen flex-col transition-[padding] duration-200', open && wide && 'pl-64')}>
        <Header sidebarOpen={open} onToggleSidebar={() => setOpen((v) => !v)} />
        <main className="flex-1 p-4 lg:p-6">
          <ErrorBoundary resetKey={pathname}>
            <Outlet />
          </ErrorBoundary>
        </main>
      </div>
    </div>
  );
}
