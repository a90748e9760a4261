import { type BpjsOutput, bpjsInput, calculateBpjs, JKK_RATES_PERCENT, JKK_RELIEF_RATES_PERCENT } from '@hr/core/browser';
import { num, ResultTable, runCalc } from './calc-shared';
import { Calculator, type CalculatorSpec } from './Calculator';
import { rp } from './salary-shared';

const todayIso = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

const cell = (v: number, testId: string) => ({ text: rp(v), testId });

/** A programme's row with its wage base and both shares (test ids `bpjs-<id>-base`, `-employer`, `-employee`). */
const sharedRow = (id: string, label: string, part: { base: number; employer: number; employee: number }) => ({
  key: id,
  cells: [
    label,
    cell(part.base, `bpjs-${id}-base`),
    cell(part.employer, `bpjs-${id}-employer`),
    cell(part.employee, `bpjs-${id}-employee`),
  ],
});

const bpjs: CalculatorSpec<'salary' | 'payDate' | 'jkk' | 'extra' | 'minimumWage', 'jpApplies', BpjsOutput> = {
  id: 'bpjs',
  title: 'bpjs',
  cli: 'bpjs',
  fields: [
    { key: 'salary', id: 'bpjs-salary', label: 'salary', kind: 'number', digits: true },
    { key: 'payDate', id: 'bpjs-payDate', label: 'payDate', kind: 'date', initial: todayIso },
    {
      key: 'jkk',
      id: 'bpjs-jkk',
      label: 'jkkRatePercent',
      kind: 'enum',
      initial: '0.24',
      options: [...JKK_RATES_PERCENT, ...JKK_RELIEF_RATES_PERCENT],
    },
    { key: 'extra', id: 'bpjs-extra', label: 'extraFamilyMembers', kind: 'number', initial: () => '0' },
    { key: 'minimumWage', id: 'bpjs-umr', label: 'minimumWage', kind: 'number', digits: true },
  ],
  checks: [{ key: 'jpApplies', label: 'jpApplies', initial: true }],
  input: (v, checked) => ({
    salary: num(v.salary),
    payDate: v.payDate || undefined,
    jkkRatePercent: num(v.jkk),
    extraFamilyMembers: num(v.extra),
    ...(v.minimumWage ? { minimumWage: num(v.minimumWage) } : {}),
    jpApplies: checked.jpApplies,
  }),
  run: (input) => runCalc(bpjsInput, calculateBpjs, input),
  output: (out, { c }) => (
    <ResultTable
      caption={c('result')}
      headers={[c('item'), c('base'), c('employer'), c('employeeShare')]}
      rows={[
        sharedRow('kesehatan', 'BPJS Kesehatan', out.kesehatan),
        { key: 'extra', cells: [c('extraFamily'), '', '', cell(out.kesehatan.extraFamily, 'bpjs-kesehatan-extra')] },
        {
          key: 'jht',
          cells: ['JHT', '', cell(out.jht.employer, 'bpjs-jht-employer'), cell(out.jht.employee, 'bpjs-jht-employee')],
        },
        sharedRow('jp', 'JP', out.jp),
        { key: 'jkk', cells: ['JKK', '', cell(out.jkk.employer, 'bpjs-jkk-employer'), ''] },
        { key: 'jkm', cells: ['JKM', '', cell(out.jkm.employer, 'bpjs-jkm-employer'), ''] },
        {
          key: 'taxable',
          cells: [c('taxableEmployerPremiums'), '', cell(out.taxableEmployerPremiums, 'bpjs-taxable-premiums'), ''],
        },
      ]}
    />
  ),
};

/** `hr calc bpjs`: BPJS Kesehatan, JHT, JP, JKK, JKM with the wage caps in force on the pay date. */
export function BpjsCalculator() {
  return <Calculator spec={bpjs} />;
}
