import {
  BIAYA_JABATAN_CAPS,
  calculatePph21,
  PPH21_EMPLOYEE_TYPES,
  type Pph21Output,
  PTKP_STATUSES,
  pph21Input,
} from '@hr/core/browser';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { TextInput } from '../../ui/TextInput';
import { num, ResultTable, runCalc } from './calc-shared';
import { Calculator, type CalculatorSpec, taxYearInput, terRoundingInput } from './Calculator';
import { digitsOnly, rp } from './salary-shared';
import type { CalcTextKey } from './texts';
import './texts';

interface MonthRow {
  month: string;
  gross: string;
  annualDeductions: string;
}

type Pph21Spec = CalculatorSpec<
  'taxYear' | 'ptkpStatus' | 'employeeType' | 'lastTaxPeriod' | 'terRounding' | 'biayaJabatanCap',
  'grossUp' | 'annualise' | 'taxIdValid' | 'noTaxIdSurcharge',
  Pph21Output
>;

/** The pph21 calculator but for its input, which also takes the months typed (the caller's state). */
const pph21: Omit<Pph21Spec, 'input'> = {
  id: 'pph21',
  title: 'pph21',
  cli: 'pph21',
  fields: [
    taxYearInput('p21-taxYear'),
    { key: 'ptkpStatus', id: 'p21-ptkp', label: 'ptkpStatus', kind: 'enum', initial: 'TK/0', options: PTKP_STATUSES },
    {
      key: 'employeeType',
      id: 'p21-type',
      label: 'employeeType',
      kind: 'enum',
      initial: 'permanent',
      options: PPH21_EMPLOYEE_TYPES,
    },
    { key: 'lastTaxPeriod', id: 'p21-last', label: 'lastTaxPeriod', kind: 'number', initial: () => '12' },
    terRoundingInput('p21-rounding'),
    {
      key: 'biayaJabatanCap',
      id: 'p21-cap',
      label: 'biayaJabatanCap',
      kind: 'enum',
      initial: 'aggregate',
      options: BIAYA_JABATAN_CAPS,
    },
  ],
  checks: [
    { key: 'grossUp', label: 'grossUp', initial: false },
    { key: 'annualise', label: 'annualise', initial: false },
    { key: 'taxIdValid', label: 'taxIdValid', initial: true },
    { key: 'noTaxIdSurcharge', label: 'noTaxIdSurcharge', initial: true },
  ],
  run: (input) => runCalc(pph21Input, calculatePph21, input),
  output: (out, { c, t }) => {
    const lp = out.lastPeriod;
    return (
      <>
        {out.monthly.length ? (
          <ResultTable
            caption={c('result')}
            headers={[c('month'), t('salaryData.gross'), c('terCategory'), c('terRate'), t('salaryData.pph21')]}
            rows={out.monthly.map((m) => ({
              key: String(m.month),
              cells: [
                String(m.month),
                rp(m.gross),
                m.terCategory,
                String(m.terRatePercent),
                { text: rp(m.pph21), testId: `pph21-month-${m.month}` },
              ],
            }))}
          />
        ) : null}
        {lp ? (
          <ResultTable
            caption={`${c('lastPeriod')} (${lp.month})`}
            headers={[c('item'), t('salaryData.amount')]}
            rows={(
              [
                'grossYear',
                'biayaJabatan',
                'deductions',
                'netIncome',
                'ptkp',
                'pkp',
                'pph21Year',
                'withheldBefore',
                'pph21',
              ] as const
            ).map((k) => ({ key: k, cells: [k, { text: rp(lp[k]), testId: `pph21-last-${k}` }] }))}
          />
        ) : null}
      </>
    );
  },
};

/** `hr calc pph21`: monthly TER for each month before the last tax period, then the last-period reconciliation. */
export function Pph21Calculator() {
  const { t } = useTranslation();
  const [months, setMonths] = useState<MonthRow[]>([{ month: '1', gross: '', annualDeductions: '0' }]);
  const c = (k: CalcTextKey) => t(`salaryData.calc.${k}`);
  const setMonth = (i: number, patch: Partial<MonthRow>) =>
    setMonths((ms) => ms.map((m, j) => (j === i ? { ...m, ...patch } : m)));
  const input: Pph21Spec['input'] = (v, checked) => ({
    taxYear: num(v.taxYear),
    ptkpStatus: v.ptkpStatus,
    employeeType: v.employeeType,
    lastTaxPeriod: num(v.lastTaxPeriod),
    annualise: checked.annualise,
    grossUp: checked.grossUp,
    months: months.map((m) => ({ month: num(m.month), gross: num(m.gross), annualDeductions: num(m.annualDeductions) })),
    taxIdValid: checked.taxIdValid,
    noTaxIdSurcharge: checked.noTaxIdSurcharge,
    terRounding: v.terRounding,
    biayaJabatanCap: v.biayaJabatanCap,
  });
  return (
    <Calculator spec={{ ...pph21, input }}>
      <fieldset className="sm:col-span-3">
        <legend className="mb-1 text-sm font-medium text-slate-700">{c('months')}</legend>
        <div className="space-y-2">
          {months.map((m, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place and have no other identity
            <div key={i} className="grid grid-cols-[5rem_1fr_1fr_auto] items-center gap-2">
              <TextInput
                aria-label={`${c('month')} ${i + 1}`}
                inputMode="numeric"
                value={m.month}
                onChange={(e) => setMonth(i, { month: e.target.value })}
              />
              <TextInput
                aria-label={`${t('salaryData.gross')} ${i + 1}`}
                placeholder={t('salaryData.gross')}
                inputMode="numeric"
                value={m.gross}
                onChange={(e) => setMonth(i, { gross: digitsOnly(e.target.value) })}
              />
              <TextInput
                aria-label={`${c('annualDeductions')} ${i + 1}`}
                placeholder={c('annualDeductions')}
                inputMode="numeric"
                value={m.annualDeductions}
                onChange={(e) => setMonth(i, { annualDeductions: digitsOnly(e.target.value) })}
              />
              <Button size="sm" variant="ghost" onClick={() => setMonths((ms) => ms.filter((_, j) => j !== i))}>
                {c('remove')}
              </Button>
            </div>
          ))}
        </div>
        <div className="mt-2 flex gap-2">
          <Button
            size="sm"
            variant="secondary"
            disabled={months.length >= 12}
            onClick={() =>
              setMonths((ms) => [
                ...ms,
                {
                  month: String(Math.min(12, Math.max(0, ...ms.map((m) => Number(m.month) || 0)) + 1)),
                  gross: ms.at(-1)?.gross ?? '',
                  annualDeductions: ms.at(-1)?.annualDeductions ?? '0',
                },
              ])
            }
          >
            {c('addMonth')}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            onClick={() =>
              setMonths((ms) =>
                Array.from({ length: 12 }, (_, i) => ({
                  month: String(i + 1),
                  gross: ms[0]?.gross ?? '',
                  annualDeductions: ms[0]?.annualDeductions ?? '0',
                })),
              )
            }
          >
            {c('fillYear')}
          </Button>
        </div>
      </fieldset>
    </Calculator>
  );
}
