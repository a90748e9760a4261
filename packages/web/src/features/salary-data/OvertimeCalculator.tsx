import {
  calculateOvertime,
  HOURLY_WAGE_ROUNDINGS,
  OVERTIME_DAY_TYPES,
  type OvertimeOutput,
  overtimeInput,
  WORK_WEEKS,
} from '@hr/core/browser';
import { num, ResultTable, runCalc } from './calc-shared';
import { Calculator, type CalculatorSpec } from './Calculator';
import { rp } from './salary-shared';

const overtime: CalculatorSpec<'monthlyWage' | 'workWeek' | 'dayType' | 'hours' | 'rounding', never, OvertimeOutput> = {
  id: 'overtime',
  title: 'overtime',
  cli: 'overtime',
  fields: [
    { key: 'monthlyWage', id: 'ot-wage', label: 'monthlyWage', kind: 'number', digits: true },
    { key: 'workWeek', id: 'ot-week', label: 'workWeek', kind: 'enum', initial: '5', options: WORK_WEEKS },
    { key: 'dayType', id: 'ot-dayType', label: 'dayType', kind: 'enum', initial: 'workday', options: OVERTIME_DAY_TYPES },
    { key: 'hours', id: 'ot-hours', label: 'hours', kind: 'number' },
    {
      key: 'rounding',
      id: 'ot-rounding',
      label: 'hourlyWageRounding',
      kind: 'enum',
      initial: 'none',
      options: HOURLY_WAGE_ROUNDINGS,
    },
  ],
  input: (v) => ({
    monthlyWage: num(v.monthlyWage),
    workWeek: num(v.workWeek),
    dayType: v.dayType,
    hours: num(v.hours.replace(',', '.')),
    hourlyWageRounding: v.rounding,
  }),
  run: (input) => runCalc(overtimeInput, calculateOvertime, input),
  output: (out, { c }) => (
    <ResultTable
      caption={`${c('result')} · ${c('hourlyWage')} ${out.hourlyWage.toLocaleString('id-ID')}`}
      headers={[c('hour'), c('multiplier'), c('pay')]}
      rows={[
        ...out.hours.map((h) => ({
          key: String(h.hour),
          cells: [String(h.hour), String(h.multiplier), { text: rp(h.pay), testId: `overtime-hour-${h.hour}` }],
        })),
        { key: 'total', cells: [c('total'), '', { text: rp(out.pay), testId: 'overtime-pay' }] },
      ]}
    />
  ),
};

/** `hr calc overtime`: one day's overtime pay (PP 35/2021: 1/173 hourly wage, multipliers). */
export function OvertimeCalculator() {
  return <Calculator spec={overtime} />;
}
