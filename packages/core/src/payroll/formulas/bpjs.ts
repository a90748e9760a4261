import { builtInLegalValues, builtInRowsOf, type LegalValue, type LegalValues } from '../../legal-tables/schema';
import type { z } from 'zod';
import { Dec, type DecInput, dec, percentOf, toInt, toRupiah, wholeRupiah } from '../money';
import { type BpjsInput, bpjsInput, JKK_RATES_PERCENT, JKK_RELIEF_RATES_PERCENT } from '../schema';
import { type TraceMap, trace } from '../trace';

// BPJS Kesehatan and BPJS Ketenagakerjaan contributions (payroll-id.md §2). Every share is
// rate × base rounded half up to whole rupiah, once per line (issue 5 default; no BPJS rounding rule in the reference).

/** BPJS Kesehatan (PPU, private-sector wage earners): rates and wage cap come from the legal table (legal-tables). */
export const BPJS_KESEHATAN = {
  /** Each family member beyond the standard five adds 1% of wage, paid by the worker. */
  extraFamilyPercent: '1',
  source: 'Perpres 82/2018 Pasal 30–32 as amended by Perpres 75/2019; Perpres 59/2024',
} as const;
/** JHT: PP 46/2015 Pasal 16, no wage cap. */
export const BPJS_JHT = {
  employerPercent: '3.7',
  employeePercent: '2',
  source: 'PP 46/2015 Pasal 16',
} as const;
/** JP: PP 45/2015 Pasal 28–29; the wage cap is indexed each March (legal table key bpjs.jp.wage-cap). */
export const BPJS_JP = {
  employerPercent: '2',
  employeePercent: '1',
  source: 'PP 45/2015 Pasal 28–29',
} as const;
/** JKM: PP 44/2015 Pasal 18(1); the rate comes from the legal table (bpjs.jkm.percent). */
export const BPJS_JKM = { source: 'PP 44/2015 Pasal 18(1)' } as const;
export const BPJS_JKK_SOURCE = 'PP 44/2015 Pasal 16(2); relief rates PP 7/2025 and PP 36/2025';

/**
 * The built-in JP wage caps with the first pay date they apply to (the legal table's seed rows, payroll-id.md §2).
 * A cap applies from the March contribution until the next one. The run reads the database's table instead.
 */
export const JP_WAGE_CAPS: ReadonlyArray<{ from: string; cap: number; evidence: string }> = builtInRowsOf('bpjs.jp.wage-cap').map(
  (r) => ({ from: r.validFrom, cap: wholeRupiah(r.value), evidence: r.source }),
);

/**
 * The JP wage cap in force on a pay date (yyyy-mm-dd) from resolved legal values (default: the built-in rows).
 * When the cap in force is more than a year old, the next March's indexed cap is missing: said so in `note`.
 */
export function jpWageCapOn(payDate: string, legal?: LegalValues): { cap: number; evidence: string; note: string | null } {
  let v: LegalValue;
  try {
    v = (legal ?? builtInLegalValues(payDate)).jpWageCap;
  } catch {
    throw new RangeError(`no JP wage cap on record for ${payDate} (earliest ${JP_WAGE_CAPS[0]?.from})`);
  }
  const nextMarch = `${Number(v.validFrom.slice(0, 4)) + 1}-03-01`;
  const note =
    v.validTo === null && payDate >= nextMarch
      ? `the cap indexed from ${nextMarch} is not on record yet; the latest known cap is used`
      : null;
  return { cap: wholeRupiah(v.value), evidence: v.source, note };
}

/**
 * JKK rate for a risk group on a pay date: the group's rate (legal table bpjs.jkk.group-N, PP 44/2015), times the
 * relief factor in force (bpjs.jkk.relief-factor: 0.5 for contributions February 2025 – January 2026 under PP 7/2025
 * and PP 36/2025) when the company qualifies for the relief.
 */
export function jkkRatePercent(
  riskClass: 1 | 2 | 3 | 4 | 5,
  payDate: string,
  reliefEligible = false,
  legal: LegalValues = builtInLegalValues(payDate),
): string {
  const standard = dec((legal.jkkGroupPercent[riskClass - 1] as LegalValue).value);
  const factor = reliefEligible && legal.jkkReliefFactor ? dec(legal.jkkReliefFactor.value) : new Dec(1);
  return standard.times(factor).toString();
}

/**
 * The JKK rate a company setting means on a pay date. The setting holds a PP 44/2015 group rate, or its 50% relief
 * rate (JKK_RELIEF_RATES_PERCENT): a group rate follows the legal table's rate of that group; a relief rate is the
 * group's rate × the relief factor while one is in force, and the group's full rate outside the relief window
 * (PP 7/2025, PP 36/2025). Any other rate is used as set.
 */
export function jkkRateOfSetting(settingPercent: string, legal: LegalValues): { percent: string; basis: string } {
  // A run asks this for every payslip with the same setting and legal values: worked out once per pair.
  const known = derivedOf(legal).jkk;
  let r = known.get(settingPercent);
  if (!r) {
    r = jkkRateOfSettingUncached(settingPercent, legal);
    if (known.size < 100) known.set(settingPercent, r);
  }
  return r;
}

function jkkRateOfSettingUncached(settingPercent: string, legal: LegalValues): { percent: string; basis: string } {
  const rate = dec(settingPercent);
  const group = JKK_RATES_PERCENT.findIndex((r) => rate.eq(r));
  if (group >= 0)
    return {
      percent: jkkRatePercent((group + 1) as 1, legal.payDate, false, legal),
      basis: `risk group ${group + 1} (${legal.jkkGroupPercent[group]?.source})`,
    };
  const relief = JKK_RELIEF_RATES_PERCENT.findIndex((r) => rate.eq(r));
  if (relief >= 0)
    return {
      percent: jkkRatePercent((relief + 1) as 1, legal.payDate, true, legal),
      basis: legal.jkkReliefFactor
        ? `risk group ${relief + 1} with relief (${legal.jkkReliefFactor.source})`
        : `risk group ${relief + 1}: no JKK relief in force on ${legal.payDate}, full rate`,
    };
  return { percent: rate.toString(), basis: 'company setting' };
}

/** A warning when a JKK rate is none of the PP 44/2015 group rates nor their relief halves (`hr calc bpjs`). */
export function jkkRateWarning(ratePercent: DecInput, legal: LegalValues): string | null {
  const rate = dec(ratePercent);
  const known = legal.jkkGroupPercent.flatMap((g) => [dec(g.value), dec(g.value).div(2)]);
  if (known.some((k) => k.eq(rate))) return null;
  const groups = legal.jkkGroupPercent.map((g) => g.value).join(', ');
  return `jkkRatePercent ${rate.toString()} is not a PP 44/2015 risk group rate (${groups}) nor its 50% relief (PP 7/2025); computed as given`;
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
export function calculateBpjs(raw: BpjsInput, legal?: LegalValues): { output: BpjsOutput; trace: TraceMap; warnings: string[] } {
  const input = bpjsInput.parse(raw);
  const values = legal ?? builtInLegalValues(input.payDate);
  const warning = jkkRateWarning(String(input.jkkRatePercent), values);
  return {
    ...bpjsContributions({ ...input, jkkRatePercent: String(input.jkkRatePercent) }, values),
    warnings: warning ? [warning] : [],
  };
}

/** The BPJS figures of a month as the engine takes them: the calculator's input, parsed, with an exact JKK rate. */
export type BpjsFigures = Omit<z.output<typeof bpjsInput>, 'jkkRatePercent'> & { jkkRatePercent: DecInput };

/**
 * BPJS contributions from parsed figures and the legal values in force on the pay date (caps, Kesehatan and JKM
 * rates from the legal table). The payslip calls this directly with the run's resolved values.
 */
/*
 * What the legal values in force give every payslip of a run alike (caps as numbers and decimals, the JP cap of the
 * pay date, resolved JKK settings), worked out once per LegalValues object: a run resolves its legal values once
 * (a worker thread once per batch) and computes up to 100,000 payslips with them (issue 22).
 */
interface LegalDerived {
  kesCap: number;
  kesCapDec: Dec;
  /** The JP wage cap of the legal values' own pay date. */
  jpCap: ReturnType<typeof jpWageCapOn> | null;
  jpCapDec: Dec | null;
  jkk: Map<string, { percent: string; basis: string }>;
  /** Contributions already worked out with these legal values, by their figures (bpjsContributionsOf). */
  slips: Map<string, { output: BpjsOutput; trace: TraceMap }>;
}
const derived = new WeakMap<LegalValues, LegalDerived>();
function derivedOf(legal: LegalValues): LegalDerived {
  let d = derived.get(legal);
  if (!d) {
    const kesCap = wholeRupiah(legal.kesehatanWageCap.value);
    let jpCap: LegalDerived['jpCap'] = null;
    try {
      jpCap = jpWageCapOn(legal.payDate, legal);
    } catch {
      // no JP cap on record: bpjsContributions asks again and reports it for the payslip's pay date
    }
    d = { kesCap, kesCapDec: dec(kesCap), jpCap, jpCapDec: jpCap && dec(jpCap.cap), jkk: new Map(), slips: new Map() };
    derived.set(legal, d);
  }
  return d;
}

/** How many distinct sets of figures one LegalValues object remembers (a run's distinct wages, typically far fewer). */
const REMEMBERED_FIGURES = 20_000;

/**
 * bpjsContributions for a payslip: the same figures under the same legal values give the same contributions and
 * traces, so a run works each distinct wage out once (a factory pays thousands of workers the same wage). The
 * result is shared between payslips and must not be changed by the caller.
 */
export function bpjsContributionsOf(input: BpjsFigures, legal: LegalValues): { output: BpjsOutput; trace: TraceMap } {
  const slips = derivedOf(legal).slips;
  const key = `${input.salary}|${input.minimumWage ?? ''}|${input.extraFamilyMembers}|${input.jpApplies}|${input.payDate}|${input.jkkRatePercent}`;
  let r = slips.get(key);
  if (!r) {
    r = bpjsContributions(input, legal);
    if (slips.size < REMEMBERED_FIGURES) slips.set(key, r);
  }
  return r;
}

export function bpjsContributions(input: BpjsFigures, legal: LegalValues): { output: BpjsOutput; trace: TraceMap } {
  const known = derivedOf(legal);
  const kesCap = known.kesCap;
  const kesEmployerPercent = legal.kesehatanEmployerPercent.value;
  const kesEmployeePercent = legal.kesehatanEmployeePercent.value;
  const kesSource = legal.kesehatanWageCap.source;
  const jkmPercent = legal.jkmPercent.value;
  const salary = dec(input.salary);

  const floorWage = input.minimumWage !== undefined ? Dec.max(salary, input.minimumWage) : salary;
  const kesBase = Dec.min(floorWage, known.kesCapDec);
  const kesEmployer = toRupiah(percentOf(kesBase, kesEmployerPercent));
  const kesEmployee = toRupiah(percentOf(kesBase, kesEmployeePercent));
  const extraFamily = toRupiah(percentOf(kesBase, BPJS_KESEHATAN.extraFamilyPercent).times(input.extraFamilyMembers));

  const jhtEmployer = toRupiah(percentOf(salary, BPJS_JHT.employerPercent));
  const jhtEmployee = toRupiah(percentOf(salary, BPJS_JHT.employeePercent));

  const ownPayDate = input.payDate === legal.payDate && known.jpCap !== null;
  const jpCap = ownPayDate ? known.jpCap! : jpWageCapOn(input.payDate, legal);
  const jpBase = input.jpApplies ? Dec.min(salary, ownPayDate ? known.jpCapDec! : jpCap.cap) : new Dec(0);
  const jpEmployer = toRupiah(percentOf(jpBase, BPJS_JP.employerPercent));
  const jpEmployee = toRupiah(percentOf(jpBase, BPJS_JP.employeePercent));

  const jkkRate = dec(input.jkkRatePercent);
  const jkk = toRupiah(percentOf(salary, jkkRate));
  const jkm = toRupiah(percentOf(salary, jkmPercent));
  const taxable = kesEmployer.plus(jkk).plus(jkm);

  const s = salary.toString();
  const half = 'rounded half up to whole rupiah';
  const kesIn = { salary: s, minimumWage: input.minimumWage ?? null, wageCap: kesCap };
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
      `min(max(salary, minimumWage), ${String(kesCap).replace(/\B(?=(\d{3})+(?!\d))/g, ',')})`,
      kesIn,
      kesSource,
    ),
    'kesehatan.employer': trace(
      'BPJS Kesehatan employer share',
      `base × ${kesEmployerPercent}%, ${half}`,
      { base: kesBase.toString() },
      legal.kesehatanEmployerPercent.source,
    ),
    'kesehatan.employee': trace(
      'BPJS Kesehatan employee share',
      `base × ${kesEmployeePercent}%, ${half}`,
      { base: kesBase.toString() },
      legal.kesehatanEmployeePercent.source,
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
    'jkm.employer': trace('JKM employer premium', `salary × ${jkmPercent}%, ${half}`, { salary: s }, legal.jkmPercent.source),
    taxableEmployerPremiums: trace(
      'Employer premiums that are taxable income',
      'kesehatan.employer + jkk.employer + jkm.employer (employer JHT and JP are not income)',
      { kesehatanEmployer: toInt(kesEmployer), jkkEmployer: toInt(jkk), jkmEmployer: toInt(jkm) },
      'PMK 168/2023 Pasal 5(3)d–e, Pasal 7c (the whole nominal JKK is added)',
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
