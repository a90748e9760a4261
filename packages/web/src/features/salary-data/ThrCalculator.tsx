import { calculateThr, THR_MONTH_COUNTINGS, type ThrOutput, thrInput } from '@hr/core/browser';
import { num, ResultTable, runCalc } from './calc-shared';
import { Calculator, type CalculatorSpec } from './Calculator';
import { rp } from './salary-shared';

const thr: CalculatorSpec<'monthlyWage' | 'joinDate' | 'holidayDate' | 'monthCounting', never, ThrOutput> = {
  id: 'thr',
  title: 'thr',
  cli: 'thr',
  fields: [
    { key: 'monthlyWage', id: 'thr-wage', label: 'monthlyWage', kind: 'number', digits: true },
    { key: 'joinDate', id: 'thr-join', label: 'joinDate', kind: 'date' },
    { key: 'holidayDate', id: 'thr-holiday', label: 'holidayDate', kind: 'date' },
    {
      key: 'monthCounting',
      id: 'thr-counting',
      label: 'monthCounting',
      kind: 'enum',
      initial: 'completed',
      options: THR_MONTH_COUNTINGS,
    },
  ],
  input: (v) => ({
    monthlyWage: num(v.monthlyWage),
    joinDate: v.joinDate || undefined,
    holidayDate: v.holidayDate || undefined,
    monthCounting: v.monthCounting,
  }),
  run: (input) => runCalc(thrInput, calculateThr, input),
  output: (out, { c, t }) => (
    <ResultTable
      caption={c('result')}
      headers={[c('item'), t('salaryData.amount')]}
      rows={[
        { key: 'months', cells: [c('monthsOfService'), { text: String(out.monthsOfService), testId: 'thr-months' }] },
        {
          key: 'eligible',
          cells: [c('eligible'), { text: out.eligible ? t('salaryData.yes') : t('salaryData.no'), testId: 'thr-eligible' }],
        },
        { key: 'thr', cells: ['THR', { text: rp(out.thr), testId: 'thr-amount' }] },
      ]}
    />
  ),
};

/** `hr calc thr`: months of service up to the holiday, eligibility and the THR (Permenaker 6/2016). */
export function ThrCalculator() {
  return <Calculator spec={thr} />;
}
