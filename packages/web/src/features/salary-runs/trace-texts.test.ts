import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lineNameInLanguage, ruleInIndonesian, TRACE_RULES_ID, traceInLanguage } from './trace-texts';

const CORE = path.resolve(import.meta.dirname, '../../../../core/src');

function sources(dir: string, out: string[] = []): string[] {
  for (const f of readdirSync(dir)) {
    const p = path.join(dir, f);
    if (statSync(p).isDirectory()) sources(p, out);
    else if (p.endsWith('.ts') && !p.includes('.test.')) out.push(p);
  }
  return out;
}

describe('the payslip trace in Bahasa Indonesia', () => {
  it('every rule the payroll engine names has an Indonesian name', () => {
    const named = new Set<string>();
    for (const file of sources(CORE)) {
      for (const m of readFileSync(file, 'utf8').matchAll(/\btrace\(\s*'([^']+)'/g)) named.add(m[1]!);
    }
    expect(named.size).toBeGreaterThan(40);
    expect([...named].filter((rule) => !TRACE_RULES_ID[rule])).toEqual([]);
  });

  it('translates the rule, the glue words of formula and source, never a name or a figure', () => {
    const trace = {
      rule: 'JHT employee share',
      formula: 'salary × 2%, rounded half up to whole rupiah',
      inputs: [['salary', '5000000'] as [string, string]],
      source: 'PP 46/2015 as amended by PP 60/2015',
    };
    expect(traceInLanguage(trace, 'en')).toBe(trace);
    expect(traceInLanguage(trace, 'id')).toEqual({
      rule: 'Iuran JHT bagian karyawan',
      formula: 'salary × 2%, dibulatkan ke rupiah penuh (setengah ke atas)',
      inputs: [['salary', '5000000']],
      source: 'PP 46/2015 sebagaimana diubah dengan PP 60/2015',
    });
    expect(traceInLanguage({ ...trace, formula: 'holidayDate − 7 days; holiday' }, 'id').formula).toBe(
      'holidayDate − 7 hari; hari libur',
    );
    expect(ruleInIndonesian('Basic salary (prorated)')).toBe('Gaji pokok (prorata)');
    expect(ruleInIndonesian('Meal allowance (no work, no pay)')).toBe('Meal allowance (tidak bekerja, tidak dibayar)');
  });

  it('leaves no English glue in the formulas and sources the engine writes on a payslip (issue 19)', () => {
    // As the engine writes them (packages/core/src/payroll, the feeds and the legal tables), figures filled in.
    const formulas = [
      'Σ employee price of the meals taken in the period (the company subsidy is not deducted)',
      'the mandatory saving of the cooperative settings, once a month per active member',
      'min(max(salary, minimumWage), 12,000,000)',
      'base × 4%, rounded half up to whole rupiah',
      'kesehatan.employer + jkk.employer + jkm.employer (employer JHT and JP are not income)',
      'min(salary, JP wage cap on payDate)',
      '0 (past pension age)',
      'round half up(hourlyWage × 1.5)',
      'monthlyWage / 173 (exact; shown to 6 decimals)',
      'hour 2 of overtime on a restday in a 5-day week',
      'round half up(Σ hourlyWage × multiplier × hours)',
      'company eligible (KLU) and gross ≤ 10,000,000',
      'floor(gross × TER A 2%)',
      'Σ monthly gross',
      'Σ min(round half up(5% × gross of the month), 500000)',
      'round half up((grossYear − biayaJabatan − deductions) × 12 / 6) + previous employer net income',
      'max(0, floor to thousand(netIncome − ptkp))',
      '60000000 × 5% + 10000000 × 15% × 6/12, round half up',
      'pph21Year − previous employer tax withheld − withheldBefore (negative = over-withheld, refund to the employee by the end of the next month)',
      'row of TER table A where previous limit < gross ≤ limit',
      'gross + allowance, where allowance = TER tax(gross + allowance)',
      'Σ monthly gross; last month = gross + allowance, where allowance = last-period tax(gross + allowance)',
      '0% (daily gross ≤ 450000)',
      'daily TER band of the gross',
      'effective rate: pph21 / gross × 100',
      'whole months from joinDate to holidayDate (a month completes on the same day of the month)',
      'one month’s wage (≥ 12 months)',
      'entered amount',
      'round half up(basic salary × 20 days employed / 30 days of the month)',
      "round half up(wage × days / divisor), at most the month's basic + fixed allowances",
      'Σ hourlyWage × multiplier(hour) per hour, rounded half up once',
      'smallest allowance with allowance = PPh 21(taxableGross + allowance)',
      "Article 17(PKP incl. the previous employer's net income) − previous employer's PPh 21 − PPh 21 withheld in the earlier finalised months of the year",
      'Σ unpaid instalments due up to this period',
    ];
    const sources = [
      'Canteen settings and presences (/canteen/presence)',
      'Cooperative settings (/cooperative/manage)',
      'Perpres 82/2018 Pasal 30–32 as amended by Perpres 75/2019; Perpres 59/2024',
      'PP 44/2015 Pasal 16(2); relief rates PP 7/2025 and PP 36/2025',
      'PMK 168/2023 Pasal 5(3)d–e, Pasal 7c (the whole nominal JKK is added)',
      'PP 35/2021 Pasal 32–33 (hourly wage); daily rate × 25 (6-day week) or × 21 (5-day week); rounding not regulated, half up',
      'PP 35/2021 Pasal 32–33 (hourly wage); rounding not regulated (company setting hourlyWageRounding)',
      'PP 35/2021 Pasal 31 (same multipliers as Kepmenakertrans 102/MEN/VI/2004); rounded half up',
      'PMK 10/2025 (2025), PMK 105/2025 (2026): no DTP window in the legal table for this pay date',
      'PMK 105/2025 (PPh 21 DTP: fixed regular gross ≤ 10,000,000 a month); the DTP paid in cash is not income; legal table',
      'PP 58/2023 Lampiran A–C; PMK 168/2023 Pasal 15(1)a; no rounding rule in PP 58/2023 or PMK 168/2023; the official example truncates (company setting terRounding)',
      'PMK 168/2023 Pasal 10(2); part-year cap: company setting biayaJabatanCap',
      "PMK 168/2023 Pasal 10(1); previous employer's slip of the same year combined (PMK 168/2023 example I.2.2.2b; 1721-A1 lines 13 and 18)",
      'UU PPh Pasal 17(1)a as amended by UU 7/2021; whole rupiah, half up where a rule leaves a fraction (no rounding rule in PMK 168/2023)',
      'PMK 168/2023 Pasal 5(3): employer-borne tax is itself taxable (company setting grossUp)',
      'Permenaker 6/2016 Pasal 2–3, 7; PP 36/2021; partial months not regulated (company setting monthCounting)',
      'employee salary record',
      'contract K-1 from 2026-01-01; company setting prorationBasis (calendar days); entry date / last working day in the period; whole rupiah, half up (no rounding rule in PMK 168/2023 for a fraction)',
      'UU 13/2003 Pasal 93(1) (no work, no pay); company setting absenceCutBasis = working, absenceCutFixedAllowances = true; whole rupiah, half up (no rounding rule in PMK 168/2023 for a fraction)',
      'contract K-1 from 2026-01-01 (Freelance contract: basic salary is the daily rate); attendance days from the timesheets',
      'PMK 168/2023 Pasal 5(3) (a tax allowance is income); company setting taxBorneBy',
      'salary queue #4 effective 2026-11-01',
      'company setting: salary formula',
      'bonus/cut of the period',
      'BPJS TK letter B/3307/022026 (confidence medium)',
      'PP 37/2021 as amended by PP 6/2025 (0.22% government + 0.14% re-allocated from JKK)',
      'Purchase of goods invoices (/purchaseOfGood)',
    ];
    // English glue words; variable names (salary, gross, allowance, hourlyWage …) and function names stay.
    const ENGLISH =
      /\b(the|of|and|or|is|in|to|with|from|on|by|not|no|at|an|rounded|round|half|up|whole|company|setting|settings|employee|employer|previous|month|months|days|rate|contract|entered|amount|letter|example|where|into|under|past|government|working|last|monthly|daily|withheld|income|exact|shown|hour|effective|queue|cut|once|invoices)\b/;
    const left = [...formulas.map((f) => ['formula', f]), ...sources.map((x) => ['source', x])].flatMap(([kind, text]) => {
      const shown = traceInLanguage(
        { rule: 'Basic salary', formula: kind === 'formula' ? text! : '', inputs: [], source: kind === 'source' ? text! : '' },
        'id',
      );
      const out = kind === 'formula' ? shown.formula : shown.source;
      // Names (kesehatan.employer, multiplier(hour)) and a setting's value (absenceCutBasis = working) are not glue.
      const glue = out.replace(/\w+\.\w+|multiplier\(hour\)|\w+ = \w+/g, '');
      return ENGLISH.test(glue) ? [`${out}  ← ${ENGLISH.exec(glue)?.[0]}`] : [];
    });
    expect(left).toEqual([]);
    expect(
      traceInLanguage(
        { rule: 'Overtime hour', formula: 'hour 2 of overtime on a restday in a 5-day week', inputs: [], source: '' },
        'id',
      ).formula,
    ).toBe('jam ke-2 lembur pada hari istirahat dalam pekan 5 hari kerja');
  });

  it('names the engine’s own lines in Indonesian, and leaves names HR typed as they are', () => {
    expect(lineNameInLanguage({ code: 'basic', name: 'Basic salary' }, 'id')).toBe('Gaji pokok');
    expect(lineNameInLanguage({ code: 'bpjs-jkk', name: 'JKK (employer)' }, 'id')).toBe('JKK (perusahaan)');
    expect(lineNameInLanguage({ code: 'overtime-1', name: 'Overtime 2.5 h (restday)' }, 'id')).toBe(
      'Lembur 2.5 jam (hari istirahat)',
    );
    expect(lineNameInLanguage({ code: 'basic', name: 'Gaji Pokok Staf' }, 'id')).toBe('Gaji Pokok Staf');
    expect(lineNameInLanguage({ code: 'c3', name: 'Union dues' }, 'id')).toBe('Union dues');
    expect(lineNameInLanguage({ code: 'basic', name: 'Basic salary' }, 'en')).toBe('Basic salary');
  });
});
