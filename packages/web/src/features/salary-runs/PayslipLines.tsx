import { useTranslation } from 'react-i18next';
import { cx } from '../../ui/cx';
import { PHONE_CARD_CLASSES as PC } from '../../ui/PhoneCards';
import { formatRupiah, type PayslipLine, traceOf } from './run-format';
import './texts';
import { lineNameInLanguage, traceInLanguage } from './trace-texts';

const KIND_STYLE: Record<PayslipLine['kind'], string> = {
  earning: 'text-emerald-800',
  deduction: 'text-red-800',
  employer: 'text-slate-600',
};

/**
 * Every line of a payslip with its trace: the rule, the formula as applied, the inputs it was
 * evaluated with and the rule's source, so HR can answer "why is this number what it is".
 */
export function PayslipLines({ lines }: { lines: readonly PayslipLine[] }) {
  const { t, i18n } = useTranslation();
  const [code, name, kind, amount, why] = [
    t('salaryRuns.code'),
    t('salaryRuns.name'),
    t('salaryRuns.kind'),
    t('salaryRuns.amount'),
    t('salaryRuns.why'),
  ];
  // On a phone, one card per line (ui/PhoneCards.tsx), the trace under the amount.
  return (
    <div className="overflow-x-auto">
      <table className={cx('min-w-full divide-y divide-slate-200 text-sm', PC.table)}>
        <caption className="sr-only">{t('salaryRuns.why')}</caption>
        <thead className={cx('bg-slate-50', PC.head)}>
          <tr>
            {[code, name, kind, amount, why].map((h, i) => (
              <th key={h} scope="col" className={cx('px-3 py-2 text-left font-semibold text-slate-700', i === 3 && 'text-right')}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={cx('divide-y divide-slate-100', PC.body)}>
          {lines.map((l) => {
            const raw = traceOf(l.trace);
            const tr = raw && traceInLanguage(raw, i18n.language);
            return (
              <tr key={l.position} data-testid="payslip-line" className={PC.row}>
                <td data-label={code} className={cx('whitespace-nowrap px-3 py-2 align-top font-mono text-xs', PC.cell)}>
                  {l.code}
                </td>
                <td data-label={name} className={cx('px-3 py-2 align-top', PC.cell)}>
                  {lineNameInLanguage(l, i18n.language)}
                </td>
                <td data-label={kind} className={cx('px-3 py-2 align-top', KIND_STYLE[l.kind], PC.cell)}>
                  {t(`salaryRuns.${l.kind}`)}
                </td>
                <td data-label={amount} className={cx('whitespace-nowrap px-3 py-2 text-right align-top tabular-nums', PC.cell)}>
                  {formatRupiah(l.amount)}
                </td>
                <td
                  data-label={why}
                  className={cx('px-3 py-2 align-top', PC.cell, 'max-sm:flex-col max-sm:text-left')}
                  data-testid="payslip-trace"
                >
                  {tr ? (
                    <div className="space-y-1 text-xs text-slate-700">
                      <div>
                        <span className="sr-only">{t('salaryRuns.rule')}: </span>
                        <span className="font-semibold">{tr.rule}</span>
                      </div>
                      {tr.formula ? (
                        <div>
                          <span className="text-slate-500">{t('salaryRuns.formula')}: </span>
                          <code className="break-words">{tr.formula}</code>
                        </div>
                      ) : null}
                      {tr.inputs.length ? (
                        <div>
                          <span className="text-slate-500">{t('salaryRuns.inputs')}: </span>
                          {tr.inputs.map(([k, v], i) => (
                            <span key={k} className="tabular-nums">
                              {i ? ', ' : ''}
                              {k} = {v}
                            </span>
                          ))}
                        </div>
                      ) : null}
                      {tr.source ? (
                        <div>
                          <span className="text-slate-500">{t('salaryRuns.source')}: </span>
                          <span className="italic">{tr.source}</span>
                        </div>
                      ) : null}
                    </div>
                  ) : (
                    <span className="text-xs text-slate-500">{t('salaryRuns.noTrace')}</span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
