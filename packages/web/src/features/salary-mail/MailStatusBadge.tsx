import type { MailStatus } from '@hr/core/browser';
import { useTranslation } from 'react-i18next';
import { cx } from '../../ui/cx';
import './texts';

const STYLE: Record<MailStatus, string> = {
  queued: 'bg-sky-100 text-sky-800',
  sent: 'bg-emerald-100 text-emerald-800',
  failed: 'bg-red-100 text-red-800',
  stored: 'bg-slate-100 text-slate-700',
};
/** The text of each status. */
export const MAIL_STATUS_TEXT = {
  queued: 'mail.statusQueued',
  sent: 'mail.statusSent',
  failed: 'mail.statusFailed',
  stored: 'mail.statusStored',
} as const satisfies Record<MailStatus, string>;

/** An outbox message's status as a coloured label. */
export function MailStatusBadge({ status }: { status: MailStatus }) {
  const { t } = useTranslation();
  return (
    <span data-testid="mail-status" className={cx('rounded px-2 py-0.5 text-xs font-medium', STYLE[status])}>
      {t(MAIL_STATUS_TEXT[status])}
    </span>
  );
}
