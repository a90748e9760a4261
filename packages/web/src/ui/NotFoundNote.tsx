import { Link } from 'react-router';

/** "<text>. <back>": a record that is not there (or not in scope), with the way back to its list. */
export function NotFoundNote({ text, back, to }: { text: string; back: string; to: string }) {
  return (
    <p className="text-sm text-slate-700">
      {text}.{' '}
      <Link to={to} className="text-sky-700 hover:underline">
        {back}
      </Link>
    </p>
  );
}
