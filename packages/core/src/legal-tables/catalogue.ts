import { LEGAL_TABLE_SEED, type LegalSeedRow } from '../db/migrations/20261126T1030_legal_tables';

/*
 * The keys of the dated legal table and how a value is resolved for a pay date (issue 18 §4; docs/legal-tables.md).
 * Pure and browser-safe: the engine takes a resolved `LegalValues`; the run loads the rows once and resolves them
 * for its pay date, the calculators without a database resolve the built-in rows (the migration's seed).
 */

export type LegalUnit = 'rupiah' | 'percent' | 'factor';

export interface LegalKeyInfo {
  unit: LegalUnit;
  /** Inclusive bounds a new value must respect (refused outside them with GL0001). */
  min: string;
  max: string;
  /** Whether rows carry a region (minimum wages); others have none. */
  regional: boolean;
  /** Required for a pay date (the run fails by name without it); optional keys may have no row in force. */
  required: boolean;
  description: string;
}

const rupiah = (min: string, max: string, description: string, required = true): LegalKeyInfo => ({
  unit: 'rupiah',
  min,
  max,
  regional: false,
  required,
  description,
});
const percent = (max: string, description: string, required = true): LegalKeyInfo => ({
  unit: 'percent',
  min: '0',
  max,
  regional: false,
  required,
  description,
});

/** Every key the table accepts, with its unit and the range a new row must respect. */
export const LEGAL_KEYS = {
  'bpjs.jp.wage-cap': rupiah('1000000', '100000000', 'JP (pension) monthly wage cap'),
  'bpjs.kesehatan.wage-cap': rupiah('1000000', '100000000', 'BPJS Kesehatan monthly wage cap'),
  'bpjs.kesehatan.employer-percent': percent('10', 'BPJS Kesehatan employer share (%)'),
  'bpjs.kesehatan.employee-percent': percent('10', 'BPJS Kesehatan employee share (%)'),
  'bpjs.jkk.group-1': percent('10', 'JKK rate, risk group 1 very low (%)'),
  'bpjs.jkk.group-2': percent('10', 'JKK rate, risk group 2 low (%)'),
  'bpjs.jkk.group-3': percent('10', 'JKK rate, risk group 3 medium (%)'),
  'bpjs.jkk.group-4': percent('10', 'JKK rate, risk group 4 high (%)'),
  'bpjs.jkk.group-5': percent('10', 'JKK rate, risk group 5 very high (%)'),
  'bpjs.jkk.relief-factor': {
    unit: 'factor',
    min: '0',
    max: '1',
    regional: false,
    required: false,
    description: 'JKK relief: share of the group rate paid by eligible companies (0.5 = 50% relief)',
  },
  'bpjs.jkm.percent': percent('10', 'JKM rate (%)'),
  'bpjs.jkp.percent': percent('10', 'JKP rate (%), reference only', false),
  'bpjs.jkp.wage-cap': rupiah('1000000', '100000000', 'JKP wage cap, reference only', false),
  'minimum-wage': {
    unit: 'rupiah',
    min: '100000',
    max: '100000000',
    regional: true,
    required: false,
    description: 'Regional minimum wage (UMP / UMK) a month',
  },
  'pph21.dtp.monthly-gross-limit': rupiah('1', '1000000000', 'PPh 21 DTP: fixed regular gross limit a month', false),
  'pph21.dtp.daily-gross-limit': rupiah('1', '100000000', 'PPh 21 DTP: average daily wage limit', false),
} as const satisfies Record<string, LegalKeyInfo>;
export type LegalKey = keyof typeof LEGAL_KEYS;
export const LEGAL_KEY_NAMES = Object.keys(LEGAL_KEYS) as LegalKey[];

/** One dated row (a database row or a built-in one): the migration's seed row shape. `value` is a decimal number as text. */
export type LegalRow = LegalSeedRow;

/** A value in force on a date, with the row it came from (for traces and the screen). */
export type LegalValue = Omit<LegalRow, 'key' | 'region'>;

/**
 * The legal values in force on one pay date, as the pure formulas take them. Optional entries are null when no row
 * is in force (no relief, no DTP window, no minimum wage for the region).
 */
export interface LegalValues {
  payDate: string;
  jpWageCap: LegalValue;
  kesehatanWageCap: LegalValue;
  kesehatanEmployerPercent: LegalValue;
  kesehatanEmployeePercent: LegalValue;
  /** Risk groups 1–5, in order. */
  jkkGroupPercent: readonly [LegalValue, LegalValue, LegalValue, LegalValue, LegalValue];
  jkkReliefFactor: LegalValue | null;
  jkmPercent: LegalValue;
  jkpPercent: LegalValue | null;
  jkpWageCap: LegalValue | null;
  /** The minimum wage of the requested region, if one was asked for and is on record. */
  minimumWage: LegalValue | null;
  /** PPh 21 DTP window: both limits are in force, or null (no DTP on this date). */
  dtp: { monthlyGrossLimit: LegalValue; dailyGrossLimit: LegalValue } | null;
}

/** The built-in rows: the values the migration seeds (one list, db/migrations/20261126T1030_legal_tables.ts). */
export const BUILT_IN_LEGAL_ROWS: readonly LegalRow[] = LEGAL_TABLE_SEED;

const inForce = (r: LegalRow, date: string) => r.validFrom <= date && (r.validTo === null || r.validTo >= date);

/** The row of `key` (and region) in force on `date`: the latest valid-from among the rows in force; null if none. */
export function legalValueOn(
  rows: readonly LegalRow[],
  key: LegalKey,
  date: string,
  region: string | null = null,
): LegalValue | null {
  let best: LegalRow | undefined;
  for (const r of rows)
    if (r.key === key && r.region === region && inForce(r, date) && (!best || r.validFrom > best.validFrom)) best = r;
  return best
    ? { value: best.value, validFrom: best.validFrom, validTo: best.validTo, source: best.source, note: best.note }
    : null;
}

/** A required value: a RangeError naming the key and date when the table has no row in force. */
function requiredOn(rows: readonly LegalRow[], key: LegalKey, date: string): LegalValue {
  const v = legalValueOn(rows, key, date);
  if (!v) throw new RangeError(`no ${key} on record for ${date} (legal tables)`);
  return v;
}

/** Resolves every value the engine needs for one pay date (`region`: the company's minimum-wage region, if any). */
export function resolveLegalValues(rows: readonly LegalRow[], payDate: string, region: string | null = null): LegalValues {
  const req = (k: LegalKey) => requiredOn(rows, k, payDate);
  const opt = (k: LegalKey) => legalValueOn(rows, k, payDate);
  const monthly = opt('pph21.dtp.monthly-gross-limit');
  const daily = opt('pph21.dtp.daily-gross-limit');
  return {
    payDate,
    jpWageCap: req('bpjs.jp.wage-cap'),
    kesehatanWageCap: req('bpjs.kesehatan.wage-cap'),
    kesehatanEmployerPercent: req('bpjs.kesehatan.employer-percent'),
    kesehatanEmployeePercent: req('bpjs.kesehatan.employee-percent'),
    jkkGroupPercent: [
      req('bpjs.jkk.group-1'),
      req('bpjs.jkk.group-2'),
      req('bpjs.jkk.group-3'),
      req('bpjs.jkk.group-4'),
      req('bpjs.jkk.group-5'),
    ],
    jkkReliefFactor: opt('bpjs.jkk.relief-factor'),
    jkmPercent: req('bpjs.jkm.percent'),
    jkpPercent: opt('bpjs.jkp.percent'),
    jkpWageCap: opt('bpjs.jkp.wage-cap'),
    minimumWage: region ? legalValueOn(rows, 'minimum-wage', payDate, region) : null,
    dtp: monthly && daily ? { monthlyGrossLimit: monthly, dailyGrossLimit: daily } : null,
  };
}

/** The built-in values for a pay date: what `hr calc` and the web calculators use without a database. */
export function builtInLegalValues(payDate: string, region: string | null = null): LegalValues {
  return resolveLegalValues(BUILT_IN_LEGAL_ROWS, payDate, region);
}

/** The rows of one key (and region) of the built-in list, oldest first. */
export function builtInRowsOf(key: LegalKey, region: string | null = null): LegalRow[] {
  return BUILT_IN_LEGAL_ROWS.filter((r) => r.key === key && r.region === region).sort((a, b) =>
    a.validFrom.localeCompare(b.validFrom),
  );
}
