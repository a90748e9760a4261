import { calculateThr, THR_MONTH_COUNTINGS, type ThrOutput, thrInput } from '@hr/core/browser';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DatePicker } from '../../ui/DatePicker';
import { type CalcResult, CalcCard, CalcField, EnumBox, NumberBox, num, ResultTable, runCalc } from './calc-shared';
import { digitsOnly, rp } from './salary-shared';
import type { CalcTextKey } from './texts';
import './texts';

/** `hr calc thr`: months of service up to the holiday, eligibility and the THR (Permenaker 6/2016). */
export function ThrCalculator() {
  const { t } = useTranslation();
  const c = (k: CalcTextKey) => t(`salaryData.calc.${k}`);
  const [monthlyWage, setWage] = useState('');
  const [joinDate, setJoinDate] = useState('');
  const [holidayDate, setHolidayDate] = useState('');
  const [monthCounting, setCounting] = useState<string>('completed');
  const [result, setResult] = useState<CalcResult<ThrOutput>>(null);
  const calculate = () =>
    setResult(
      runCalc(thrInput, calculateThr, {
        monthlyWage: num(monthlyWage),
        joinDate: joinDate || undefined,
        holidayDate: holidayDate || undefined,
        monthCounting,
      }),
    );
  const out = result?.ok ? result.output : null;
  return (
    <CalcCard
      id="thr"
      title={c('thr')}
      cli="thr"
      onSubmit={calculate}
      result={result}
      output={
        out ? (
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
        ) : null
      }
    >
      <CalcField id="thr-wage" label={c('monthlyWage')}>
        <NumberBox id="thr-wage" value={monthlyWage} onChange={(v) => setWage(digitsOnly(v))} />
      </CalcField>
      <CalcField id="thr-join" label={c('joinDate')}>
        <DatePicker id="thr-join" ariaLabel={c('joinDate')} value={joinDate} onChange={setJoinDate} />
      </CalcField>
      <CalcField id="thr-holiday" label={c('holidayDate')}>
        <DatePicker id="thr-holiday" ariaLabel={c('holidayDate')} value={holidayDate} onChange={setHolidayDate} />
      </CalcField>
      <CalcField id="thr-counting" label={c('monthCounting')}>
        <EnumBox id="thr-counting" value={monthCounting} onChange={setCounting} options={THR_MONTH_COUNTINGS} />
      </CalcField>
    </CalcCard>
  );
}
