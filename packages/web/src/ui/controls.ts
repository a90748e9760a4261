import { cx } from './cx';

/** Classes of text inputs and selects; `invalid` draws the red highlight of spec §5. */
export function controlClass(invalid = false, extra?: string): string {
  return cx(
    'block w-full rounded-md border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm',
    'focus:outline-none focus:ring-2 disabled:bg-slate-100 disabled:text-slate-500',
    invalid
      ? 'border-red-500 bg-red-50 focus:border-red-500 focus:ring-red-200'
      : 'border-slate-300 focus:border-sky-500 focus:ring-sky-200',
    extra,
  );
}
