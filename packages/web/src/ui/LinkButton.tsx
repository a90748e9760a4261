import type { ReactNode } from 'react';
import { Link } from 'react-router';

const VARIANTS = {
  primary: 'rounded-md bg-sky-700 px-4 py-2 text-sm font-medium text-white hover:bg-sky-800',
  secondary: 'rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50',
  /** A padded text link beside buttons (a page's "Back"). */
  ghost: 'rounded-md px-3 py-2 text-sm text-sky-700 hover:underline',
} as const;

/** A router link that looks like a Button (a page's "Add" or "Edit" action that opens another route). */
export function LinkButton({
  to,
  variant = 'primary',
  children,
}: {
  to: string;
  variant?: keyof typeof VARIANTS;
  children: ReactNode;
}) {
  return (
    <Link to={to} className={VARIANTS[variant]}>
      {children}
    </Link>
  );
}
