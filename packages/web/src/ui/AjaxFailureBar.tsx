import { useTranslation } from 'react-i18next';
import { reportAjaxFailure, useAjaxFailure } from '../lib/ajax-failure';

/** A persistent bar at the top while requests cannot reach the server (spec §8); it stays until dismissed. */
export function AjaxFailureBar() {
  const { t } = useTranslation();
  const failure = useAjaxFailure();
  if (!failure) return null;
  return (
    <div
      role="alert"
      data-testid="ajax-failure"
      className="sticky top-0 z-[60] flex items-center gap-3 bg-red-700 px-4 py-2 text-sm text-white"
    >
      <span className="flex-1">
        {t('app.ajaxFailure', { status: failure.status, message: failure.message, exception: failure.exception })}
      </span>
      <button type="button" className="rounded px-2 py-0.5 hover:bg-red-800" onClick={() => reportAjaxFailure(null)}>
        {t('app.close')}
      </button>
    </div>
  );
}
