import { Dec, dec, percentOf, toInt, toRupiah } from '../money';
import { type BpjsInput, bpjsInput } from '../schema';
import { type TraceMap, trace } from '../trace';

// BPJS Kesehatan and BPJS Ketenagakerjaan contributions (payroll-id.md §2). Every share is
// rate × base rounded half up to whole rupiah, once per line (issue 5 default; no BPJS rounding rule in the reference).

/** BPJS Kesehatan (PPU, private-sector wage earners): Perpres 82/2018 Pasal 30–32 as amended by Perpres 75/2019. */
export const BPJS_KESEHATAN = {
  employerPercent: '4',
  employeePercent: '1',
  /** Each family member beyond the standard five adds 1% of wage, paid by the worker. */
  extraFamilyPercent: '1',
  /** Monthly wage cap from 1 January 2020 (Perpres 75/2019; restated in Perpres 59/2024). */
  wageCap: 12_000_000,
  source: 'Perpres 82/2018 Pasal 30–32 as amended by Perpres 75/2019; Perpres 59/2024 (payroll-id.md §2)',
} as const;
/** JHT: PP 46/2015 Pasal 16, no wage cap. */
export const BPJS_JHT = {
  employerPercent: '3.7',
  employeePercent: '2',
  source: 'PP 46/2015 Pasal 16 (payroll-id.md §2)',
} as const;
/** JP: PP 45/2015 Pasal 28–29; the wage cap is indexed each March. */
export const BPJS_JP = {
  employerPercent: '2',
  employeePercent: '1',
  source: 'PP 45/2015 Pasal 28–29 (payroll-id.md §2)',
} as const;
/** JKM: PP 44/2015 Pasal 18(1). */
export const BPJS_JKM = { employerPercent: '0.3', source: 'PP 44/2015 Pasal 18(1) (payroll-id.md §2)' } as const;
export const BPJS_JKK_SOURCE = 'PP 44/2015 Pasal 16(2); relief rates PP 7/2025 and PP 36/2025 (payroll-id.md §2)';

/**
 * JP wage caps with the first pay date they apply to (payroll-id.md §2, JP wage cap table; BPJS TK letters).
 * A cap applies from the March contribution until the next one.
 */
export const JP_WAGE_CAPS: ReadonlyArray<{ from: string; cap: number; evidence: string }> = [
  { from: '2023-03-01', cap: 9_559_600, evidence: 'BPJS TK letter B/77/022023' },
  { from: '2024-03-01', cap: 10_042_300, evidence: 'BPJS TK letter B/1387/022024' },
  { from: '2025-03-01', cap: 10_547_400, evidence: 'BPJS TK letter B/726/022025' },
  { from: '2026-03-01', cap: 11_086_300, evidence: 'BPJS TK letter B/3307/022026 (confidence medium)' },
];

/** The JP wage cap in force on a pay date (yyyy-mm-dd). Dates after the last known March keep the latest cap, said so in `note`. */
export function jpWageCapOn(payDate: string): { cap: number; evidence: string; note: string | null } {
  let found: (typeof JP_WAGE_CAPS)[number] | undefined;
  for (const c of JP_WAGE_CAPS) if (payDate >= c.from) found = c;
  if (!found) throw new RangeError(`no JP wage cap on record for ${payDate} (earliest ${JP_WAGE_CAPS[0]?.from})`);
  const last = JP_WAGE_CAPS[JP_WAGE_CAPS.length - 1];
  const nextMarch = last ? `${Number(last.from.slice(0, 4)) + 1}-03-01` : '';
  const note =
    found === last && payDate >= nextMarch
      ? `the cap indexed from ${nextMarch} is not on record yet; the latest known cap is used`
      : null;
  return { cap: found.cap, evidence: found.evidence, note };
}

/**
 * JKK rate for a risk class on a pay date: the standard rate, or the 50% relief rate for the labour-intensive
 * industries of PP 7/2025 (contributions February 2025 – January 2026, extended by PP 36/2025) when the company qualifies.
 */
export function jkkRatePercent(riskClass: 1 | 2 | 3 | 4 | 5, payDate: string, reliefEligible = false): string {
  const standard = ['0.24', '0.54', '0.89', '1.27', '1.74'][riskClass - 1] as string;
  const relief = ['0.12', '0.27', '0.445', '0.635', '0.87'][riskClass - 1] as string;
  return reliefEligible && payDate >= '2025-02-01' && payDate < '2026-02-01' ? relief : standard;
}

export interface BpjsOutput {
  kesehatan: { base: number; employer: number; employee: number; extraFamily: number };
  jht: { employer: number; employee: number };
  jp: { base: number; employer: number; employee: number };
  jkk: { employer: number };
  jkm: { employer: number };
  taxableEmployerPremiums: number;
}

/**
 * BPJS contributions for one month's wage (`salary` = basic wage + fixed allowances) on a pay date.
 * `taxableEmployerPremiums` = employer BPJS Kesehatan + JKK + JKM: the employer premiums that enter
 * PPh 21 gross (PMK 168/2023 Pasal 5(3)d–e); employer JHT and JP do not (Pasal 7c).
 */
export function calculateBpjs(raw: BpjsInput): { output: BpjsOutput; trace: TraceMap } {
  const input = bpjsInput.parse(raw);
  const salary = new Dec(input.salary);
  const r = (x: Dec) => toRupiah(x);

  const floorWage = input.minimumWage !== undefined ? Dec.max(salary, input.minimumWage) : salary;
  const kesBase = Dec.min(floorWage, BPJS_KESEHATAN.wageCap);
  const kesEmployer = r(percentOf(kesBase, BPJS_KESEHATAN.employerPercent));
  const kesEmployee = r(percentOf(kesBase, BPJS_KESEHATAN.employeePercent));
  const extraFamily = r(percentOf(kesBase, BPJS_KESEHATAN.extraFamilyPercent).times(input.extraFamilyMembers));

  const jhtEmployer = r(percentOf(salary, BPJS_JHT.employerPercent));
  const jhtEmployee = r(percentOf(salary, BPJS_JHT.employeePercent));

  const jpCap = jpWageCapOn(input.payDate);
  const jpBase = input.jpApplies ? Dec.min(salary, jpCap.cap) : new Dec(0);
  const jpEmployer = r(percentOf(jpBase, BPJS_JP.employerPercent));
  const jpEmployee = r(percentOf(jpBase, BPJS_JP.employeePercent));

  const jkkRate = dec(String(input.jkkRatePercent));
  const jkk = r(percentOf(salary, jkkRate));
  const jkm = r(percentOf(salary, BPJS_JKM.employerPercent));
  const taxable = kesEmployer.plus(jkk).plus(jkm);

  const s = salary.toString();
  const half = 'rounded half up to whole rupiah (issue 5 default)';
  const kesIn = { salary: s, minimumWage: input.minimumWage ?? null, wageCap: BPJS_KESEHATAN.wageCap };
  const jpIn = {
    salary: s,
    payDate: input.payDate,
    wageCap: jpCap.cap,
    capEvidence: jpCap.evidence,
    capNote: jpCap.note,
    jpApplies: input.jpApplies,
  };
  const traces: TraceMap = {
    'kesehatan.base': trace(
      'BPJS Kesehatan wage base',
      'min(max(salary, minimumWage), 12,000,000)',
      kesIn,
      BPJS_KESEHATAN.source,
    ),
    'kesehatan.employer': trace(
      'BPJS Kesehatan employer share',
      `base × 4%, ${half}`,
      { base: kesBase.toString() },
      BPJS_KESEHATAN.source,
    ),
    'kesehatan.employee': trace(
      'BPJS Kesehatan employee share',
      `base × 1%, ${half}`,
      { base: kesBase.toString() },
      BPJS_KESEHATAN.source,
    ),
    'kesehatan.extraFamily': trace(
      'BPJS Kesehatan extra family members (employee)',
      `base × 1% × extraFamilyMembers, ${half}`,
      { base: kesBase.toString(), extraFamilyMembers: input.extraFamilyMembers },
      BPJS_KESEHATAN.source,
    ),
    'jht.employer': trace('JHT employer share', `salary × 3.7%, ${half}`, { salary: s }, BPJS_JHT.source),
    'jht.employee': trace('JHT employee share', `salary × 2%, ${half}`, { salary: s }, BPJS_JHT.source),
    'jp.base': trace(
      'JP wage base',
      input.jpApplies ? 'min(salary, JP wage cap on payDate)' : '0 (past pension age)',
      jpIn,
      BPJS_JP.source,
    ),
    'jp.employer': trace('JP employer share', `base × 2%, ${half}`, { base: jpBase.toString() }, BPJS_JP.source),
    'jp.employee': trace('JP employee share', `base × 1%, ${half}`, { base: jpBase.toString() }, BPJS_JP.source),
    'jkk.employer': trace(
      'JKK employer premium',
      `salary × ${jkkRate.toString()}%, ${half}`,
      { salary: s, jkkRatePercent: jkkRate.toString() },
      BPJS_JKK_SOURCE,
    ),
    'jkm.employer': trace('JKM employer premium', `salary × 0.3%, ${half}`, { salary: s }, BPJS_JKM.source),
    taxableEmployerPremiums: trace(
      'Employer premiums that are taxable income',
      'kesehatan.employer + jkk.employer + jkm.employer (employer JHT and JP are not income)',
      { kesehatanEmployer: toInt(kesEmployer), jkkEmployer: toInt(jkk), jkmEmployer: toInt(jkm) },
      'PMK 168/2023 Pasal 5(3)d–e, Pasal 7c (payroll-id.md §1.3; JKP re-allocation of JKK UNCONFIRMED: whole nominal JKK is added)',
    ),
  };
  return {
    output: {
      kesehatan: {
        base: toInt(kesBase),
        employer: toInt(kesEmployer),
        employee: toInt(kesEmployee),
        extraFamily: toInt(extraFamily),
      },
      jht: { employer: toInt(jhtEmployer), employee: toInt(jhtEmployee) },
      jp: { base: toInt(jpBase), employer: toInt(jpEmployer), employee: toInt(jpEmployee) },
      jkk: { employer: toInt(jkk) },
      jkm: { employer: toInt(jkm) },
      taxableEmployerPremiums: toInt(taxable),
    },
    trace: traces,
  };
}
