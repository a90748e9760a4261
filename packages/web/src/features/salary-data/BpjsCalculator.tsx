import { type BpjsOutput, bpjsInput, calculateBpjs, JKK_RATES_PERCENT, JKK_RELIEF_RATES_PERCENT } from '@hr/core/browser';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DatePicker } from '../../ui/DatePicker';
import { type CalcResult, CalcCard, CalcField, CheckBox, EnumBox, NumberBox, num, ResultTable, runCalc } from './calc-shared';
import { digitsOnly, rp } from './salary-shared';
import type { CalcTextKey } from './texts';
import './texts';

const todayIso = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** `hr calc bpjs`: BPJS Kesehatan, JHT, JP, JKK, JKM with the wage caps in force on the pay date. */
export function BpjsCalculator() {
  const { t } = useTranslation();
  const c = (k: CalcTextKey) => t(`salaryData.calc.${k}`);
  const [salary, setSalary] = useState('');
  const [payDate, setPayDate] = useState(todayIso);
  const [jkk, setJkk] = useState<string>('0.24');
  const [extra, setExtra] = useState('0');
  const [minimumWage, setMinimumWage] = useState('');
  const [jpApplies, setJpApplies] = useState(true);
  const [result, setResult] = useState<CalcResult<BpjsOutput>>(null);
  const calculate = () =>
    setResult(
      runCalc(bpjsInput, calculateBpjs, {
        salary: num(salary),
        payDate: payDate || undefined,
        jkkRatePercent: num(jkk),
        extraFamilyMembers: num(extra),
        ...(minimumWage ? { minimumWage: num(minimumWage) } : {}),
        jpApplies,
      }),
    );
  const out = result?.ok ? result.output : null;
  const cell = (v: number, testId: string) => ({ text: rp(v), testId });
  return (
    <CalcCard
      id="bpjs"
      title={c('bpjs')}
      cli="bpjs"
      onSubmit={calculate}
      result={result}
      output={
        out ? (
          <ResultTable
            caption={c('result')}
            headers={[c('item'), c('base'), c('employer'), c('employeeShare')]}
            rows={[
              {
                key: 'kes',
                cells: [
                  'BPJS Kesehatan',
                  cell(out.kesehatan.base, 'bpjs-kesehatan-base'),
                  cell(out.kesehatan.employer, 'bpjs-kesehatan-employer'),
                  cell(out.kesehatan.employee, 'bpjs-kesehatan-employee'),
                ],
              },
              { key: 'extra', cells: [c('extraFamily'), '', '', cell(out.kesehatan.extraFamily, 'bpjs-kesehatan-extra')] },
              {
                key: 'jht',
                cells: ['JHT', '', cell(out.jht.employer, 'bpjs-jht-employer'), cell(out.jht.employee, 'bpjs-jht-employee')],
              },
              {
                key: 'jp',
                cells: [
                  'JP',
                  cell(out.jp.base, 'bpjs-jp-base'),
                  cell(out.jp.employer, 'bpjs-jp-employer'),
                  cell(out.jp.employee, 'bpjs-jp-employee'),
                ],
              },
              { key: 'jkk', cells: ['JKK', '', cell(out.jkk.employer, 'bpjs-jkk-employer'), ''] },
              { key: 'jkm', cells: ['JKM', '', cell(out.jkm.employer, 'bpjs-jkm-employer'), ''] },
              {
                key: 'taxable',
                cells: [c('taxableEmployerPremiums'), '', cell(out.taxableEmployerPremiums, 'bpjs-taxable-premiums'), ''],
              },
            ]}
          />
        ) : null
      }
    >
      <CalcField id="bpjs-salary" label={c('salary')}>
        <NumberBox id="bpjs-salary" value={salary} onChange={(v) => setSalary(digitsOnly(v))} />
      </CalcField>
      <CalcField id="bpjs-payDate" label={c('payDate')}>
        <DatePicker id="bpjs-payDate" ariaLabel={c('payDate')} value={payDate} onChange={setPayDate} />
      </CalcField>
      <CalcField id="bpjs-jkk" label={c('jkkRatePercent')}>
        <EnumBox id="bpjs-jkk" value={jkk} onChange={setJkk} options={[...JKK_RATES_PERCENT, ...JKK_RELIEF_RATES_PERCENT]} />
      </CalcField>
      <CalcField id="bpjs-extra" label={c('extraFamilyMembers')}>
        <NumberBox id="bpjs-extra" value={extra} onChange={setExtra} />
      </CalcField>
      <CalcField id="bpjs-umr" label={c('minimumWage')}>
        <NumberBox id="bpjs-umr" value={minimumWage} onChange={(v) => setMinimumWage(digitsOnly(v))} />
      </CalcField>
      <CheckBox label={c('jpApplies')} checked={jpApplies} onChange={setJpApplies} />
    </CalcCard>
  );
}
