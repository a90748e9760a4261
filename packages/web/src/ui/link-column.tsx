import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Column } from './DataTable';

/** The link of a row to its own page (a number or a name that opens the detail). */
export function RowLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="text-sky-700 hover:underline">
      {children}
    </Link>
  );
}

/**
 * A table column whose cell links to the row's page: `to(row)` is the route, `text(row)` what the
 * link reads; `more` adds a sort key or classes.
 */
export function linkColumn<T, K extends string = string>(
  key: K,
  header: string,
  to: (row: T) => string,
  text: (row: T) => ReactNode,
  more?: Pick<Column<T>, 'sortKey' | 'className'>,
): Column<T> & { key: K } {
  return { key, header, ...more, cell: (row) => <RowLink to={to(row)}>{text(row)}</RowLink> };
}

/** A button that reads like a link (it opens something on this page, or downloads a file). */
export function TextButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" className="text-sky-700 hover:underline" onClick={onClick}>
      {children}
    </button>
  );
}
