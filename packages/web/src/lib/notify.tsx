import { toast } from 'react-toastify';
import { reportAjaxFailure } from './ajax-failure';
import { type DescribeOptions, describeError, type Operation, successToast, type ToastSpec, transportFailure } from './errors';
import { emitPasswordChangeRequired, emitSessionExpired } from './auth-events';

function ToastBody({ spec }: { spec: ToastSpec }) {
  if (!spec.details.length) return <span>{spec.message}</span>;
  return (
    <div>
      <p className="font-bold">{spec.message}</p>
      <ul className="mt-1 list-disc pl-4 text-sm">
        {spec.details.map((d, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: detail lines may repeat and never reorder
          <li key={i}>{d}</li>
        ))}
      </ul>
    </div>
  );
}

/** Shows one notification (spec §9: top-right, flip, 3500 ms or 5500 ms). */
export function showToast(spec: ToastSpec): void {
  const body = <ToastBody spec={spec} />;
  if (spec.type === 'success') toast.success(body, { autoClose: spec.autoClose });
  else toast.error(body, { autoClose: spec.autoClose });
}

/** Applies the error rules of spec §8 to a failed call. */
export function notifyError(err: unknown, op: Operation, opts?: DescribeOptions): void {
  const failure = transportFailure(err);
  if (failure) reportAjaxFailure(failure);
  const outcome = describeError(err, op, opts);
  if (outcome.kind === 'login') emitSessionExpired();
  else if (outcome.kind === 'changePassword') emitPasswordChangeRequired();
  else if (outcome.kind === 'toast') for (const t of outcome.toasts) showToast(t);
}

export function notifySuccess(message: string): void {
  showToast(successToast(message));
}
