import { useTranslation } from 'react-i18next';
import { cx } from '../../ui/cx';
import { formatRupiah, type PayslipLine, traceOf } from './run-format';
import './texts';

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
  const { t } = useTranslation();
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">{t('salaryRuns.why')}</caption>
        <thead className="bg-slate-50">
          <tr>
            {[t('salaryRuns.code'), t('salaryRuns.name'), t('salaryRuns.kind'), t('salaryRuns.amount'), t('salaryRuns.why')].map(
              (h, i) => (
                <th
                  key={h}
                  scope="col"
                  className={cx('px-3 py-2 text-left font-semibold text-slate-700', i === 3 && 'text-right')}
                >
                  {h}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {lines.map((l) => {
            const tr = traceOf(l.trace);
            return (
              <tr key={l.position} data-testid="payslip-line">
                <td className="whitespace-nowrap px-3 py-2 align-top font-mono text-xs">{l.code}</td>
                <td className="px-3 py-2 align-top">{l.name}</td>
                <td className={cx('px-3 py-2 align-top', KIND_STYLE[l.kind])}>{t(`salaryRuns.${l.kind}`)}</td>
                <td className="whitespace-nowrap px-3 py-2 text-right align-top tabular-nums">{formatRupiah(l.amount)}</td>
                <td className="px-3 py-2 align-top" data-testid="payslip-trace">
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
