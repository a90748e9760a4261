import {
  type BiayaJabatanCap,
  type Pph21DailyInput,
  type Pph21EmployeeType,
  type Pph21Input,
  type PtkpStatus,
  pph21DailyInput,
  pph21Input,
  type TerCategory,
  type TerRounding,
} from '../schema';
import { Dec, dec, floorThousand, percentOf, sum, toInt, toRupiah } from '../money';
import { type Trace, type TraceMap, trace } from '../trace';
import {
  ARTICLE_17_LAYERS,
  BIAYA_JABATAN,
  BIAYA_PENSIUN,
  DAILY_TER,
  NO_TAX_ID_SURCHARGE_PERCENT,
  PTKP_AMOUNT,
  TER_CATEGORY_BY_PTKP,
  TER_MONTHLY,
} from './tax-tables';

const SRC = {
  ter: 'PP 58/2023 Lampiran A–C; PMK 168/2023 Pasal 15(1)a',
  terRounding: 'no rounding rule in PP 58/2023 or PMK 168/2023; the official example truncates (company setting terRounding)',
  category: 'PP 58/2023 Pasal 2(3)–(4)',
  ptkp: 'PMK 101/PMK.010/2016',
  grossYear: 'PMK 168/2023 Pasal 15(2)',
  biayaJabatan: 'PMK 168/2023 Pasal 10(2)',
  biayaPensiun: 'PMK 168/2023 Pasal 10(2)',
  deductions: 'PMK 168/2023 Pasal 10(1)b–c',
  net: 'PMK 168/2023 Pasal 10(1)',
  annualise: 'PMK 168/2023 Pasal 15(3)',
  pkp: 'PMK 168/2023 Pasal 8(4)',
  art17: 'UU PPh Pasal 17(1)a as amended by UU 7/2021',
  lastPeriod: 'PMK 168/2023 Pasal 15(1)b, Pasal 21(1)',
  surcharge: 'UU PPh Pasal 21(5a) (company switch noTaxIdSurcharge)',
  grossUp: 'PMK 168/2023 Pasal 5(3): employer-borne tax is itself taxable (company setting grossUp)',
  previousEmployer: "previous employer's slip of the same year combined (PMK 168/2023 example I.2.2.2b; 1721-A1 lines 13 and 18)",
  daily: 'PP 58/2023 Lampiran D; PMK 168/2023 Pasal 12(2), 16(2)',
  roundHalfUp: 'whole rupiah, half up where a rule leaves a fraction (no rounding rule in PMK 168/2023)',
} as const;

/** TER category A/B/C for a PTKP status (PP 58/2023 Pasal 2(3)–(4)). */
export function terCategoryFor(status: PtkpStatus): TerCategory {
  return TER_CATEGORY_BY_PTKP[status];
}

/** Annual PTKP in rupiah for a status (PMK 101/2016). */
export function ptkpAmount(status: PtkpStatus): number {
  return PTKP_AMOUNT[status];
}

/** The monthly TER rate (percent) for a category and a month's gross: the row with prevMax < gross ≤ max (payroll-id.md §1.5). */
export function terMonthlyRatePercent(category: TerCategory, gross: Dec | number): Dec {
  const g = dec(gross);
  // Binary search over the category's upper limits, built once as decimals (a payroll run looks up every payslip).
  const rows = terRows(category);
  let lo = 0;
  let hi = rows.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const max = rows[mid]!.max;
    if (max === null || g.lte(max)) hi = mid;
    else lo = mid + 1;
  }
  return rows[lo]!.rate;
}

const TER_ROWS = new Map<TerCategory, { max: Dec | null; rate: Dec }[]>();
function terRows(category: TerCategory) {
  let rows = TER_ROWS.get(category);
  if (!rows) {
    rows = TER_MONTHLY[category].map(([max, rate]) => ({ max: max === null ? null : new Dec(max), rate: new Dec(rate) }));
    if (rows.at(-1)?.max !== null) throw new Error('unreachable: the last TER row has no upper limit');
    TER_ROWS.set(category, rows);
  }
  return rows;
}

/** Rounds a TER amount to whole rupiah by the company's choice (payroll-id.md §1.9: truncation recommended). */
function roundTer(x: Dec, mode: TerRounding): Dec {
  return toRupiah(x, mode === 'floor' ? 'floor' : 'half-up');
}

/** Surcharge factor in percent: 120 when the 20% no-tax-ID surcharge applies, else 100 (UU PPh Pasal 21(5a)). */
export function surchargePercent(opts: { taxIdValid: boolean; noTaxIdSurcharge: boolean }): Dec {
  return !opts.taxIdValid && opts.noTaxIdSurcharge ? SURCHARGED : NOT_SURCHARGED;
}
// Decimals are immutable: every payslip shares these two.
const SURCHARGED = new Dec(NO_TAX_ID_SURCHARGE_PERCENT);
const NOT_SURCHARGED = new Dec(100);

export interface MonthlyTerResult {
  ratePercent: Dec;
  pph21: Dec;
  trace: Trace;
}

/** Monthly PPh 21 by TER: rate(category, gross) × gross [× 120% without tax ID], rounded per terRounding. */
export function monthlyTer(args: {
  category: TerCategory;
  gross: Dec | number;
  rounding: TerRounding;
  surchargePercent?: Dec;
}): MonthlyTerResult {
  const gross = dec(args.gross);
  const rate = terMonthlyRatePercent(args.category, gross);
  const sur = args.surchargePercent ?? NOT_SURCHARGED;
  const pph21 = roundTer(percentOf(percentOf(gross, rate), sur), args.rounding);
  const withSurcharge = !sur.eq(100);
  return {
    ratePercent: rate,
    pph21,
    trace: trace(
      'PPh 21 monthly TER',
      `${args.rounding === 'floor' ? 'floor' : 'round half up'}(gross × TER ${args.category} ${rate.toString()}%${withSurcharge ? ` × ${sur.toString()}%` : ''})`,
      {
        gross: gross.toString(),
        category: args.category,
        ratePercent: rate.toString(),
        surchargePercent: sur.toNumber(),
        terRounding: args.rounding,
      },
      withSurcharge ? `${SRC.ter}; ${SRC.surcharge}; ${SRC.terRounding}` : `${SRC.ter}; ${SRC.terRounding}`,
    ),
  };
}

export interface Article17Layer {
  upTo: number | null;
  ratePercent: string;
  taxable: Dec;
  tax: Dec;
}

/** Article 17(1)(a) progressive tax on a taxable amount (PKP), layer by layer (UU HPP rates; payroll-id.md §1.8). Exact. */
export function article17Tax(pkp: Dec | number): { tax: Dec; layers: Article17Layer[] } {
  let rest = Dec.max(dec(pkp), 0);
  let lower = new Dec(0);
  const layers: Article17Layer[] = [];
  for (const [upTo, rate] of ARTICLE_17_LAYERS) {
    if (rest.lte(0)) break;
    const width = upTo === null ? rest : Dec.min(rest, new Dec(upTo).minus(lower));
    layers.push({ upTo, ratePercent: rate, taxable: width, tax: percentOf(width, rate) });
    rest = rest.minus(width);
    if (upTo !== null) lower = new Dec(upTo);
  }
  return { tax: sum(layers.map((l) => l.tax)), layers };
}

/**
 * Solves the employer gross-up `allowance = tax(base + allowance)` (payroll-id.md §1.11). The tax is
 * non-decreasing in gross and below 100% of it, so iterating from 0 climbs monotonically to the smallest
 * fixed point; whole-rupiah amounts make it stop. A bracket change during the climb is handled naturally.
 */
export function grossUpAllowance(base: Dec, taxOf: (gross: Dec) => Dec): Dec {
  let allowance = new Dec(0);
  for (let i = 0; i < 1000; i++) {
    const next = Dec.max(taxOf(base.plus(allowance)), 0);
    if (next.eq(allowance)) return allowance;
    allowance = next;
  }
  throw new Error('gross-up did not converge');
}

export interface Pph21MonthOutput {
  month: number;
  gross: number;
  terCategory: TerCategory;
  terRatePercent: number;
  pph21: number;
}
export interface Pph21LastPeriodOutput {
  month: number;
  grossYear: number;
  biayaJabatan: number;
  deductions: number;
  netIncome: number;
  ptkp: number;
  pkp: number;
  pph21Year: number;
  withheldBefore: number;
  pph21: number;
}
export interface Pph21Output {
  monthly: Pph21MonthOutput[];
  lastPeriod: Pph21LastPeriodOutput | null;
}

interface LastPeriodArgs {
  employeeType: Pph21EmployeeType;
  ptkpStatus: PtkpStatus;
  firstMonth: number;
  lastMonth: number;
  grosses: Dec[];
  deductions: Dec;
  annualise: boolean;
  withheldBefore: Dec;
  surcharge: Dec;
  biayaJabatanCap: BiayaJabatanCap;
  /** A previous employer's net income and withheld tax of the same year (1721-A1 lines 13 and 18). */
  previous?: { netIncome: Dec; taxWithheld: Dec } | undefined;
}

function lastPeriodCalc(a: LastPeriodArgs): { values: Record<keyof Pph21LastPeriodOutput, Dec>; traces: TraceMap } {
  const pensioner = a.employeeType === 'pensioner';
  const rule = pensioner ? BIAYA_PENSIUN : BIAYA_JABATAN;
  const n = a.lastMonth - a.firstMonth + 1;
  const grossYear = sum(a.grosses);
  // Biaya jabatan/pensiun: 5% rounded half up (no reference rule), capped. Part-year cap per payroll-id.md §5:
  // aggregate min(5% × gross, n × cap) is the recommended (PMK 168, PMK 105/2025); per-month is the alternative.
  const biayaJabatan =
    a.biayaJabatanCap === 'aggregate'
      ? Dec.min(toRupiah(percentOf(grossYear, rule.ratePercent)), new Dec(rule.capPerMonth).times(n))
      : sum(a.grosses.map((g) => Dec.min(toRupiah(percentOf(g, rule.ratePercent)), rule.capPerMonth)));
  const net = grossYear.minus(biayaJabatan).minus(a.deductions);
  // Annualise only when the subjective tax obligation starts or ends within the year (PMK 168 Pasal 15(3));
  // the annualised net is rounded half up to whole rupiah before PKP is taken from it.
  const previousNet = a.previous?.netIncome ?? new Dec(0);
  const previousTax = a.previous?.taxWithheld ?? new Dec(0);
  const netIncome = (a.annualise ? toRupiah(net.times(12).div(n)) : net).plus(previousNet);
  const ptkp = new Dec(ptkpAmount(a.ptkpStatus));
  const pkp = Dec.max(floorThousand(netIncome.minus(ptkp)), 0);
  const art17 = article17Tax(pkp);
  const prorated = a.annualise ? art17.tax.times(n).div(12) : art17.tax;
  const pph21Year = toRupiah(percentOf(prorated, a.surcharge));
  const pph21 = pph21Year.minus(previousTax).minus(a.withheldBefore);
  const bjName = pensioner ? 'biaya pensiun' : 'biaya jabatan';
  const traces: TraceMap = {
    'lastPeriod.grossYear': trace(
      'Gross income of the tax period',
      'Σ monthly gross',
      { months: n, firstMonth: a.firstMonth, lastMonth: a.lastMonth },
      SRC.grossYear,
    ),
    'lastPeriod.biayaJabatan': trace(
      pensioner ? 'Biaya pensiun' : 'Biaya jabatan',
      a.biayaJabatanCap === 'aggregate'
        ? `min(round half up(5% × grossYear), ${n} months × ${rule.capPerMonth})`
        : `Σ min(round half up(5% × gross of the month), ${rule.capPerMonth})`,
      {
        grossYear: grossYear.toString(),
        months: n,
        capPerMonth: rule.capPerMonth,
        capPerYear: rule.capPerYear,
        cap: a.biayaJabatanCap,
      },
      `${pensioner ? SRC.biayaPensiun : SRC.biayaJabatan}; part-year cap: company setting biayaJabatanCap`,
    ),
    'lastPeriod.deductions': trace(
      'Employee pension/JHT/JP contributions and zakat through the employer',
      'Σ annualDeductions',
      { deductions: a.deductions.toString() },
      SRC.deductions,
    ),
    'lastPeriod.netIncome': trace(
      a.annualise ? 'Net income, annualised' : 'Net income',
      `${a.annualise ? `round half up((grossYear − ${bjName} − deductions) × 12 / ${n})` : `grossYear − ${bjName} − deductions`}${a.previous ? ' + previous employer net income' : ''}`,
      {
        grossYear: grossYear.toString(),
        biayaJabatan: biayaJabatan.toString(),
        deductions: a.deductions.toString(),
        months: n,
        ...(a.previous ? { previousEmployerNetIncome: previousNet.toString() } : {}),
      },
      [a.annualise ? `${SRC.net}; ${SRC.annualise}` : SRC.net, a.previous ? SRC.previousEmployer : null]
        .filter(Boolean)
        .join('; '),
    ),
    'lastPeriod.ptkp': trace('PTKP', `PTKP(${a.ptkpStatus})`, { ptkpStatus: a.ptkpStatus }, SRC.ptkp),
    'lastPeriod.pkp': trace(
      'PKP',
      'max(0, floor to thousand(netIncome − ptkp))',
      { netIncome: netIncome.toString(), ptkp: ptkp.toString() },
      SRC.pkp,
    ),
    'lastPeriod.pph21Year': trace(
      'PPh 21 of the tax period (Article 17)',
      `${art17.layers.map((l) => `${l.taxable.toString()} × ${l.ratePercent}%`).join(' + ') || '0'}${a.annualise ? ` × ${n}/12` : ''}${a.surcharge.eq(100) ? '' : ` × ${a.surcharge.toString()}%`}, round half up`,
      {
        pkp: pkp.toString(),
        article17Tax: art17.tax.toString(),
        annualise: a.annualise,
        months: n,
        surchargePercent: a.surcharge.toNumber(),
      },
      [SRC.art17, a.annualise ? SRC.annualise : null, a.surcharge.eq(100) ? null : SRC.surcharge, SRC.roundHalfUp]
        .filter(Boolean)
        .join('; '),
    ),
    'lastPeriod.withheldBefore': trace(
      'TER withheld in earlier months',
      'Σ monthly pph21',
      { withheldBefore: a.withheldBefore.toString() },
      SRC.lastPeriod,
    ),
    'lastPeriod.pph21': trace(
      'PPh 21 of the last tax period',
      `pph21Year − ${a.previous ? 'previous employer tax withheld − ' : ''}withheldBefore (negative = over-withheld, refund to the employee by the end of the next month)`,
      {
        pph21Year: pph21Year.toString(),
        withheldBefore: a.withheldBefore.toString(),
        ...(a.previous ? { previousEmployerTaxWithheld: previousTax.toString() } : {}),
      },
      a.previous ? `${SRC.lastPeriod}; ${SRC.previousEmployer}` : SRC.lastPeriod,
    ),
  };
  return {
    values: {
      month: new Dec(a.lastMonth),
      grossYear,
      biayaJabatan,
      deductions: a.deductions,
      netIncome,
      ptkp,
      pkp,
      pph21Year,
      withheldBefore: a.withheldBefore,
      pph21,
    },
    traces,
  };
}

/**
 * PPh 21 for one employee and one tax year (the `hr calc pph21` calculator). Months before the last tax
 * period are withheld by monthly TER; the last tax period (December or the month of leaving) is reconciled
 * against Article 17 (permanent employees and pensioners only; non-permanent monthly workers: TER every
 * month, no reconciliation, example PMK168-B-IV.2).
 */
export function calculatePph21(raw: Pph21Input): { output: Pph21Output; trace: TraceMap } {
  const input = pph21Input.parse(raw);
  const category = terCategoryFor(input.ptkpStatus);
  const surcharge = surchargePercent(input);
  const months = [...input.months].sort((x, y) => x.month - y.month);
  const reconciles = input.employeeType !== 'non-permanent-monthly' && months.some((m) => m.month === input.lastTaxPeriod);
  const terMonths = reconciles ? months.filter((m) => m.month !== input.lastTaxPeriod) : months;
  const traces: TraceMap = {};

  const monthly: Pph21MonthOutput[] = terMonths.map((m, i) => {
    const base = new Dec(m.gross);
    const taxOf = (g: Dec) => monthlyTer({ category, gross: g, rounding: input.terRounding, surchargePercent: surcharge }).pph21;
    const allowance = input.grossUp ? grossUpAllowance(base, taxOf) : new Dec(0);
    const gross = base.plus(allowance);
    const r = monthlyTer({ category, gross, rounding: input.terRounding, surchargePercent: surcharge });
    traces[`monthly.${i}.terCategory`] = trace(
      'TER category',
      `category(${input.ptkpStatus})`,
      { ptkpStatus: input.ptkpStatus },
      SRC.category,
    );
    traces[`monthly.${i}.terRatePercent`] = trace(
      'TER rate',
      `row of TER table ${category} where previous limit < gross ≤ limit`,
      { gross: gross.toString(), category },
      SRC.ter,
    );
    traces[`monthly.${i}.pph21`] = r.trace;
    if (input.grossUp) {
      traces[`monthly.${i}.gross`] = trace(
        'Gross-up: tax allowance borne by the employer',
        'gross + allowance, where allowance = TER tax(gross + allowance)',
        { gross: m.gross, allowance: allowance.toString() },
        SRC.grossUp,
      );
    }
    return {
      month: m.month,
      gross: toInt(gross),
      terCategory: category,
      terRatePercent: r.ratePercent.toNumber(),
      pph21: toInt(r.pph21),
    };
  });

  let lastPeriod: Pph21LastPeriodOutput | null = null;
  if (reconciles) {
    const last = months[months.length - 1];
    if (!last) throw new Error('unreachable: a reconciled year has its last month');
    const firstMonth = months[0]?.month ?? last.month;
    const withheldBefore = sum(monthly.map((m) => m.pph21));
    const earlierGross = monthly.map((m) => new Dec(m.gross));
    const calc = (lastGross: Dec) =>
      lastPeriodCalc({
        employeeType: input.employeeType,
        ptkpStatus: input.ptkpStatus,
        firstMonth,
        lastMonth: input.lastTaxPeriod,
        grosses: [...earlierGross, lastGross],
        deductions: sum(months.map((m) => m.annualDeductions)),
        annualise: input.annualise,
        withheldBefore,
        surcharge,
        biayaJabatanCap: input.biayaJabatanCap,
        previous: input.previousEmployer && {
          netIncome: new Dec(input.previousEmployer.netIncome),
          taxWithheld: new Dec(input.previousEmployer.taxWithheld),
        },
      });
    const base = new Dec(last.gross);
    // Gross-up in the last period: the allowance covers the last period's own tax (never negative: a
    // refund of over-withholding is not grossed up).
    const allowance = input.grossUp ? grossUpAllowance(base, (g) => calc(g).values.pph21) : new Dec(0);
    const { values, traces: lt } = calc(base.plus(allowance));
    Object.assign(traces, lt);
    if (input.grossUp) {
      traces['lastPeriod.grossYear'] = trace(
        'Gross income of the tax period, with the last period grossed up',
        'Σ monthly gross; last month = gross + allowance, where allowance = last-period tax(gross + allowance)',
        { lastMonthGross: last.gross, allowance: allowance.toString() },
        `${SRC.grossYear}; ${SRC.grossUp}`,
      );
    }
    lastPeriod = {
      month: toInt(values.month),
      grossYear: toInt(values.grossYear),
      biayaJabatan: toInt(values.biayaJabatan),
      deductions: toInt(values.deductions),
      netIncome: toInt(values.netIncome),
      ptkp: toInt(values.ptkp),
      pkp: toInt(values.pkp),
      pph21Year: toInt(values.pph21Year),
      withheldBefore: toInt(values.withheldBefore),
      pph21: toInt(values.pph21),
    };
  }
  return { output: { monthly, lastPeriod }, trace: traces };
}

export interface Pph21DailyOutput {
  days: { gross: number; ratePercent: number; pph21: number }[];
  total: number;
}

/** PPh 21 on one day's gross of a daily / piece / unit worker (daily TER; above 2,500,000: Art. 17 × 50% of gross). */
export function dailyPph21(
  grossIn: Dec | number,
  rounding: TerRounding = 'floor',
): { ratePercent: Dec; pph21: Dec; trace: Trace } {
  const gross = dec(grossIn);
  if (gross.lte(DAILY_TER.zeroUpTo)) {
    return {
      ratePercent: new Dec(0),
      pph21: new Dec(0),
      trace: trace('PPh 21 daily TER', `0% (daily gross ≤ ${DAILY_TER.zeroUpTo})`, { gross: gross.toString() }, SRC.daily),
    };
  }
  if (gross.lte(DAILY_TER.terUpTo)) {
    const pph21 = roundTer(percentOf(gross, DAILY_TER.ratePercent), rounding);
    return {
      ratePercent: new Dec(DAILY_TER.ratePercent),
      pph21,
      trace: trace(
        'PPh 21 daily TER',
        `${rounding === 'floor' ? 'floor' : 'round half up'}(gross × ${DAILY_TER.ratePercent}%)`,
        { gross: gross.toString(), terRounding: rounding },
        `${SRC.daily}; ${SRC.terRounding}`,
      ),
    };
  }
  const base = percentOf(gross, DAILY_TER.article17SharePercent);
  const art17 = article17Tax(base);
  const pph21 = toRupiah(art17.tax);
  return {
    // The effective rate of the day: pph21 / gross (e.g. 5% × 50% = 2.5%).
    ratePercent: art17.tax.div(gross).times(100).toDecimalPlaces(4),
    pph21,
    trace: trace(
      'PPh 21 daily worker above the daily TER band',
      `round half up(Article 17 rates on 50% × gross) = ${art17.layers.map((l) => `${l.taxable.toString()} × ${l.ratePercent}%`).join(' + ')}`,
      { gross: gross.toString(), base: base.toString() },
      `${SRC.daily}; ${SRC.art17}; ${SRC.roundHalfUp}`,
    ),
  };
}

/** `hr calc pph21-daily`: daily TER per day and the total. */
export function calculatePph21Daily(raw: Pph21DailyInput): { output: Pph21DailyOutput; trace: TraceMap } {
  const input = pph21DailyInput.parse(raw);
  const traces: TraceMap = {};
  const days = input.dailyGross.map((g, i) => {
    const r = dailyPph21(g, input.terRounding);
    traces[`days.${i}.ratePercent`] = trace(
      'Daily TER rate',
      r.ratePercent.isZero() || r.ratePercent.eq(DAILY_TER.ratePercent)
        ? 'daily TER band of the gross'
        : 'effective rate: pph21 / gross × 100',
      { gross: g },
      SRC.daily,
    );
    traces[`days.${i}.pph21`] = r.trace;
    return { gross: g, ratePercent: r.ratePercent.toNumber(), pph21: toInt(r.pph21) };
  });
  traces.total = trace('Total daily PPh 21', 'Σ days.pph21', { days: days.length }, SRC.daily);
  return { output: { days, total: toInt(sum(days.map((d) => d.pph21))) }, trace: traces };
}
