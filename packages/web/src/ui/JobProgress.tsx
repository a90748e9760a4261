/**
 * A background job's progress: a real bar over the items done so far, and a line of text
 * ("Generating: n of N employees"); until the first report, the queued text.
 */
export function JobProgress({
  done,
  total,
  label,
  text,
}: {
  done: number;
  total: number;
  /** The bar's accessible name. */
  label: string;
  text: string;
}) {
  const percent = total > 0 ? Math.min(100, Math.round((done / total) * 100)) : 0;
  return (
    <div className="mt-4">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={total || 100}
        aria-valuenow={total ? done : 0}
        className="h-2 w-full overflow-hidden rounded bg-slate-200"
      >
        <div className="h-full bg-sky-600 transition-all" style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-1 text-sm text-slate-600" data-testid="job-progress">
        {text}
      </p>
    </div>
  );
}
