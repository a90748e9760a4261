import { describe, expect, it } from 'vitest';
import { calculateBpjs } from './formulas/bpjs';
import { calculateOvertime } from './formulas/overtime';
import { calculatePph21, calculatePph21Daily } from './formulas/pph21';
import { calculateThr } from './formulas/thr';
import type { TraceMap } from './trace';

/** Dotted paths of every number and boolean in an output object. */
function leaves(x: unknown, prefix = ''): string[] {
  if (x === null || typeof x !== 'object') return [prefix];
  return Object.entries(x).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
}

/** Every computed amount has a trace; echoes of the input (month numbers, hour numbers, given gross) need none. */
function expectTraced(output: unknown, trace: TraceMap, echoes: RegExp) {
  const missing = leaves(output).filter((p) => !echoes.test(p) && !trace[p]);
  expect(missing).toEqual([]);
  for (const t of Object.values(trace)) {
    expect(t.rule).not.toBe('');
    expect(t.formula).not.toBe('');
    expect(t.source).not.toBe('');
  }
}

describe('every computed amount carries a trace { rule, formula, inputs, source }', () => {
  it('pph21, with and without gross-up', () => {
    const months = Array.from({ length: 12 }, (_, i) => ({
      month: i + 1,
      gross: 9_000_000 + i * 1_000_000,
      annualDeductions: 200_000,
    }));
    const a = calculatePph21({ taxYear: 2026, ptkpStatus: 'K/2', months });
    expectTraced(a.output, a.trace, /^(monthly\.\d+\.(month|gross)|lastPeriod\.month)$/);
    const b = calculatePph21({ taxYear: 2026, ptkpStatus: 'K/2', months, grossUp: true, annualise: true });
    expectTraced(b.output, b.trace, /^(monthly\.\d+\.month|lastPeriod\.month)$/);
    expect(b.trace['lastPeriod.netIncome']?.source).toMatch(/Pasal 15\(3\)/);
  });

  it('pph21-daily, overtime, thr and bpjs', () => {
    const d = calculatePph21Daily({ taxYear: 2026, dailyGross: [400_000, 600_000, 3_000_000] });
    expectTraced(d.output, d.trace, /^days\.\d+\.gross$/);
    const o = calculateOvertime({ monthlyWage: 5_000_000, workWeek: 6, dayType: 'restday', hours: 9.5 });
    expectTraced(o.output, o.trace, /^hours\.\d+\.hour$/);
    const t = calculateThr({ monthlyWage: 5_000_000, joinDate: '2025-06-10', holidayDate: '2026-03-20' });
    expectTraced(t.output, t.trace, /^$/);
    const b = calculateBpjs({ salary: 15_000_000, payDate: '2026-04-25', jkkRatePercent: 0.24 });
    expectTraced(b.output, b.trace, /^$/);
    expect(b.trace['jp.base']).toEqual({
      rule: 'JP wage base',
      formula: 'min(salary, JP wage cap on payDate)',
      inputs: {
        salary: '15000000',
        payDate: '2026-04-25',
        wageCap: 11_086_300,
        capEvidence: 'BPJS TK letter B/3307/022026 (confidence medium)',
        capNote: null,
        jpApplies: true,
      },
      source: 'PP 45/2015 Pasal 28–29',
    });
  });
});
