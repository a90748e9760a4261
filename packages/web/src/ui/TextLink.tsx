import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A small text link to another route (a page title's "Back" or "Add …", a row's "Edit"). */
export function TextLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="text-sm text-sky-700 hover:underline">
      {children}
    </Link>
  );
}
