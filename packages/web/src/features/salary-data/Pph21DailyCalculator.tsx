import { calculatePph21Daily, type Pph21DailyOutput, pph21DailyInput } from '@hr/core/browser';
import { num, ResultTable, runCalc } from './calc-shared';
import { Calculator, type CalculatorSpec, taxYearInput, terRoundingInput } from './Calculator';
import { rp } from './salary-shared';

const pph21Daily: CalculatorSpec<'taxYear' | 'terRounding' | 'days', never, Pph21DailyOutput> = {
  id: 'pph21-daily',
  title: 'pph21Daily',
  cli: 'pph21-daily',
  fields: [
    taxYearInput('p21d-taxYear'),
    terRoundingInput('p21d-rounding'),
    { key: 'days', id: 'p21d-days', label: 'dailyGross', kind: 'lines' },
  ],
  input: (v) => ({
    taxYear: num(v.taxYear),
    dailyGross: v.days
      .split(/[\n,;]+/)
      .map((d) => d.replace(/[.\s]/g, ''))
      .filter(Boolean)
      .map((d) => num(d)),
    terRounding: v.terRounding,
  }),
  run: (input) => runCalc(pph21DailyInput, calculatePph21Daily, input),
  output: (out, { c, t }) => (
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
  ),
};

/** `hr calc pph21-daily`: daily TER per day; above 2,500,000 a day Art. 17 × 50%. */
export function Pph21DailyCalculator() {
  return <Calculator spec={pph21Daily} />;
}
