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
      'holidayDate − 7 days; hari libur',
    );
    expect(ruleInIndonesian('Basic salary (prorated)')).toBe('Gaji pokok (prorata)');
    expect(ruleInIndonesian('Meal allowance (no work, no pay)')).toBe('Meal allowance (tidak bekerja, tidak dibayar)');
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
