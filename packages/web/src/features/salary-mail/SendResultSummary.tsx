import { useTranslation } from 'react-i18next';
import type { SendResult } from './SendPayslipsDialog';
import './texts';

/** What a send did: counts, and every skipped employee with the reason. */
export function SendResultSummary({ result }: { result: SendResult }) {
  const { t } = useTranslation();
  const counts: [string, string, number][] = [
    ['sent', t('mail.sent'), result.sent],
    ['queued', t('mail.queued'), result.queued],
    ['failed', t('mail.failed'), result.failed],
    ['skipped', t('mail.skipped'), result.skipped.length],
  ];
  return (
    <section aria-label={t('mail.resultTitle')} data-testid="payslip-mail-result">
      <h3 className="mb-2 text-sm font-semibold text-slate-900">{t('mail.resultTitle')}</h3>
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        {counts.map(([key, label, n]) => (
          <div key={key} className="flex justify-between gap-3">
            <dt className="text-slate-600">{label}</dt>
            <dd data-testid={`payslip-mail-${key}`} className="font-medium tabular-nums">
              {n}
            </dd>
          </div>
        ))}
      </dl>
      {result.skipped.length ? (
        <table className="mt-3 w-full text-left text-sm">
          <thead>
            <tr className="text-slate-600">
              <th className="py-1 font-medium">{t('mail.skippedEmployee')}</th>
              <th className="py-1 font-medium">{t('mail.reason')}</th>
            </tr>
          </thead>
          <tbody>
            {result.skipped.map((s) => (
              <tr key={s.employeeId} className="border-t border-slate-100">
                <td className="py-1">{s.name || `#${s.employeeId}`}</td>
                <td className="py-1">{s.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
