import {
  calculateOvertime,
  HOURLY_WAGE_ROUNDINGS,
  OVERTIME_DAY_TYPES,
  type OvertimeOutput,
  overtimeInput,
  WORK_WEEKS,
} from '@hr/core/browser';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CalcResult, CalcCard, CalcField, EnumBox, NumberBox, num, ResultTable, runCalc } from './calc-shared';
import { digitsOnly, rp } from './salary-shared';
import type { CalcTextKey } from './texts';
import './texts';

/** `hr calc overtime`: one day's overtime pay (PP 35/2021: 1/173 hourly wage, multipliers). */
export function OvertimeCalculator() {
  const { t } = useTranslation();
  const c = (k: CalcTextKey) => t(`salaryData.calc.${k}`);
  const [monthlyWage, setWage] = useState('');
  const [workWeek, setWorkWeek] = useState('5');
  const [dayType, setDayType] = useState<string>('workday');
  const [hours, setHours] = useState('');
  const [rounding, setRounding] = useState<string>('none');
  const [result, setResult] = useState<CalcResult<OvertimeOutput>>(null);
  const calculate = () =>
    setResult(
      runCalc(overtimeInput, calculateOvertime, {
        monthlyWage: num(monthlyWage),
        workWeek: num(workWeek),
        dayType,
        hours: num(hours.replace(',', '.')),
        hourlyWageRounding: rounding,
      }),
    );
  const out = result?.ok ? result.output : null;
  return (
    <CalcCard
      id="overtime"
      title={c('overtime')}
      cli="overtime"
      onSubmit={calculate}
      result={result}
      output={
        out ? (
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
        ) : null
      }
    >
      <CalcField id="ot-wage" label={c('monthlyWage')}>
        <NumberBox id="ot-wage" value={monthlyWage} onChange={(v) => setWage(digitsOnly(v))} />
      </CalcField>
      <CalcField id="ot-week" label={c('workWeek')}>
        <EnumBox id="ot-week" value={workWeek} onChange={setWorkWeek} options={WORK_WEEKS} />
      </CalcField>
      <CalcField id="ot-dayType" label={c('dayType')}>
        <EnumBox id="ot-dayType" value={dayType} onChange={setDayType} options={OVERTIME_DAY_TYPES} />
      </CalcField>
      <CalcField id="ot-hours" label={c('hours')}>
        <NumberBox id="ot-hours" value={hours} onChange={setHours} />
      </CalcField>
      <CalcField id="ot-rounding" label={c('hourlyWageRounding')}>
        <EnumBox id="ot-rounding" value={rounding} onChange={setRounding} options={HOURLY_WAGE_ROUNDINGS} />
      </CalcField>
    </CalcCard>
  );
}
