import { calculatePph21Daily, type Pph21DailyOutput, pph21DailyInput, TER_ROUNDINGS } from '@hr/core/browser';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { controlClass } from '../../ui/controls';
import { type CalcResult, CalcCard, CalcField, EnumBox, NumberBox, num, ResultTable, runCalc } from './calc-shared';
import { rp } from './salary-shared';
import type { CalcTextKey } from './texts';
import './texts';

/** `hr calc pph21-daily`: daily TER per day; above 2,500,000 a day Art. 17 × 50%. */
export function Pph21DailyCalculator() {
  const { t } = useTranslation();
  const c = (k: CalcTextKey) => t(`salaryData.calc.${k}`);
  const [taxYear, setTaxYear] = useState(String(new Date().getFullYear()));
  const [days, setDays] = useState('');
  const [terRounding, setTerRounding] = useState<string>('floor');
  const [result, setResult] = useState<CalcResult<Pph21DailyOutput>>(null);
  const calculate = () =>
    setResult(
      runCalc(pph21DailyInput, calculatePph21Daily, {
        taxYear: num(taxYear),
        dailyGross: days
          .split(/[\n,;]+/)
          .map((d) => d.replace(/[.\s]/g, ''))
          .filter(Boolean)
          .map((d) => num(d)),
        terRounding,
      }),
    );
  const out = result?.ok ? result.output : null;
  return (
    <CalcCard
      id="pph21-daily"
      title={c('pph21Daily')}
      cli="pph21-daily"
      onSubmit={calculate}
      result={result}
      output={
        out ? (
          <ResultTable
            caption={c('result')}
            headers={[c('day'), t('salaryData.gross'), c('rate'), t('salaryData.pph21')]}
            rows={[
              ...out.days.map((d, i) => ({
                key: String(i),
                cells: [String(i + 1), rp(d.gross), String(d.ratePercent), { text: rp(d.pph21), testId: `daily-${i + 1}` }],
              })),
              { key: 'total', cells: [c('total'), '', '', { text: rp(out.total), testId: 'daily-total' }] },
            ]}
          />
        ) : null
      }
    >
      <CalcField id="p21d-taxYear" label={c('taxYear')}>
        <NumberBox id="p21d-taxYear" value={taxYear} onChange={setTaxYear} />
      </CalcField>
      <CalcField id="p21d-rounding" label={c('terRounding')}>
        <EnumBox id="p21d-rounding" value={terRounding} onChange={setTerRounding} options={TER_ROUNDINGS} />
      </CalcField>
      <div className="sm:col-span-3">
        <CalcField id="p21d-days" label={c('dailyGross')}>
          <textarea
            id="p21d-days"
            rows={4}
            className={controlClass(false)}
            value={days}
            onChange={(e) => setDays(e.target.value)}
          />
        </CalcField>
      </div>
    </CalcCard>
  );
}
