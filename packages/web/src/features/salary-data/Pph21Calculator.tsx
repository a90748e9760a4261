import {
  BIAYA_JABATAN_CAPS,
  calculatePph21,
  PPH21_EMPLOYEE_TYPES,
  type Pph21Output,
  PTKP_STATUSES,
  pph21Input,
  TER_ROUNDINGS,
} from '@hr/core/browser';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { TextInput } from '../../ui/TextInput';
import { type CalcResult, CalcCard, CalcField, CheckBox, EnumBox, NumberBox, num, ResultTable, runCalc } from './calc-shared';
import { digitsOnly, rp } from './salary-shared';
import type { CalcTextKey } from './texts';
import './texts';

interface MonthRow {
  month: string;
  gross: string;
  annualDeductions: string;
}

/** `hr calc pph21`: monthly TER for each month before the last tax period, then the last-period reconciliation. */
export function Pph21Calculator() {
  const { t } = useTranslation();
  const [taxYear, setTaxYear] = useState(String(new Date().getFullYear()));
  const [ptkpStatus, setPtkp] = useState<string>('TK/0');
  const [employeeType, setEmployeeType] = useState<string>('permanent');
  const [lastTaxPeriod, setLastTaxPeriod] = useState('12');
  const [terRounding, setTerRounding] = useState<string>('floor');
  const [biayaJabatanCap, setCap] = useState<string>('aggregate');
  const [grossUp, setGrossUp] = useState(false);
  const [annualise, setAnnualise] = useState(false);
  const [taxIdValid, setTaxIdValid] = useState(true);
  const [noTaxIdSurcharge, setSurcharge] = useState(true);
  const [months, setMonths] = useState<MonthRow[]>([{ month: '1', gross: '', annualDeductions: '0' }]);
  const [result, setResult] = useState<CalcResult<Pph21Output>>(null);
  const c = (k: CalcTextKey) => t(`salaryData.calc.${k}`);
  const setMonth = (i: number, patch: Partial<MonthRow>) =>
    setMonths((ms) => ms.map((m, j) => (j === i ? { ...m, ...patch } : m)));
  const calculate = () =>
    setResult(
      runCalc(pph21Input, calculatePph21, {
        taxYear: num(taxYear),
        ptkpStatus,
        employeeType,
        lastTaxPeriod: num(lastTaxPeriod),
        annualise,
        grossUp,
        months: months.map((m) => ({ month: num(m.month), gross: num(m.gross), annualDeductions: num(m.annualDeductions) })),
        taxIdValid,
        noTaxIdSurcharge,
        terRounding,
        biayaJabatanCap,
      }),
    );
  const out = result?.ok ? result.output : null;
  const lp = out?.lastPeriod;
  return (
    <CalcCard
      id="pph21"
      title={c('pph21')}
      cli="pph21"
      onSubmit={calculate}
      result={result}
      output={
        out ? (
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
        ) : null
      }
    >
      <CalcField id="p21-taxYear" label={c('taxYear')}>
        <NumberBox id="p21-taxYear" value={taxYear} onChange={setTaxYear} />
      </CalcField>
      <CalcField id="p21-ptkp" label={c('ptkpStatus')}>
        <EnumBox id="p21-ptkp" value={ptkpStatus} onChange={setPtkp} options={PTKP_STATUSES} />
      </CalcField>
      <CalcField id="p21-type" label={c('employeeType')}>
        <EnumBox id="p21-type" value={employeeType} onChange={setEmployeeType} options={PPH21_EMPLOYEE_TYPES} />
      </CalcField>
      <CalcField id="p21-last" label={c('lastTaxPeriod')}>
        <NumberBox id="p21-last" value={lastTaxPeriod} onChange={setLastTaxPeriod} />
      </CalcField>
      <CalcField id="p21-rounding" label={c('terRounding')}>
        <EnumBox id="p21-rounding" value={terRounding} onChange={setTerRounding} options={TER_ROUNDINGS} />
      </CalcField>
      <CalcField id="p21-cap" label={c('biayaJabatanCap')}>
        <EnumBox id="p21-cap" value={biayaJabatanCap} onChange={setCap} options={BIAYA_JABATAN_CAPS} />
      </CalcField>
      <CheckBox label={c('grossUp')} checked={grossUp} onChange={setGrossUp} />
      <CheckBox label={c('annualise')} checked={annualise} onChange={setAnnualise} />
      <CheckBox label={c('taxIdValid')} checked={taxIdValid} onChange={setTaxIdValid} />
      <CheckBox label={c('noTaxIdSurcharge')} checked={noTaxIdSurcharge} onChange={setSurcharge} />
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
    </CalcCard>
  );
}
