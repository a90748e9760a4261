import type { LegalValues } from '../../legal-tables/schema';
import { type DecInput, dec } from '../money';
import type { EmploymentType } from '../schema';
import { type Trace, trace } from '../trace';

/*
 * PPh 21 borne by the government (DTP): PMK 10/2025 for 2025, PMK 105/2025 for 2026 (payroll-id.md §1.12). The
 * windows and limits are rows of the legal table (pph21.dtp.monthly-gross-limit, pph21.dtp.daily-gross-limit); a
 * year without rows has no DTP. The tax is still computed as usual (PMK 168/2023); the government's part is paid to
 * the employee in cash and is not income (so it is a non-taxable earning equal to the tax).
 */

/** The payslip line code of the DTP cash payment: a slip is DTP iff its lines contain this code. */
export const PPH21_DTP_CODE = 'pph21-dtp';

export interface Pph21DtpTest {
  legal: LegalValues;
  /** Company setting: the employer's KLU is one of the eligible sectors (payroll settings pph21DtpEligible). */
  companyEligible: boolean;
  companyKlu?: string | null;
  employmentType: EmploymentType;
  /** Basic salary + fixed allowances of the month (penghasilan bruto tetap dan teratur). */
  fixedRegularGross: DecInput;
  /** Daily workers: the month's gross pay ÷ attendance days. */
  dailyAverageGross: DecInput;
}

export interface Pph21DtpResult {
  eligible: boolean;
  /** The regulation of the window in force ("PMK 105/2025"), or null outside any window. */
  regulation: string | null;
  trace: Trace;
}

/**
 * The per-employee DTP test for one month. Permanent and monthly-paid non-permanent employees: fixed regular gross
 * ≤ the monthly limit (10,000,000); daily workers: average daily wage ≤ the daily limit (500,000). Both limits are
 * inclusive. The company must be eligible (KLU) and a DTP window must be in force on the pay date.
 */
export function pph21DtpEligibility(t: Pph21DtpTest): Pph21DtpResult {
  const window = t.legal.dtp;
  const regulation = window ? (window.monthlyGrossLimit.source.split(' (')[0] ?? null) : null;
  const daily = t.employmentType === 'daily';
  const limit = window ? (daily ? window.dailyGrossLimit : window.monthlyGrossLimit) : null;
  const measured = dec(daily ? t.dailyAverageGross : t.fixedRegularGross);
  const eligible = !!limit && t.companyEligible && measured.lte(dec(limit.value));
  const test = daily ? 'average daily wage ≤ daily limit' : 'fixed regular gross of the month ≤ monthly limit';
  return {
    eligible,
    regulation,
    trace: trace(
      'PPh 21 borne by the government (DTP)',
      `company eligible (KLU) and ${test}`,
      {
        payDate: t.legal.payDate,
        companyEligible: t.companyEligible,
        companyKlu: t.companyKlu ?? null,
        employmentType: t.employmentType,
        [daily ? 'dailyAverageGross' : 'fixedRegularGross']: measured.toString(),
        limit: limit?.value ?? null,
        window: limit ? `${limit.validFrom} – ${limit.validTo ?? 'open'}` : `none in force on ${t.legal.payDate}`,
        eligible,
      },
      limit
        ? `${limit.source}; the DTP paid in cash is not income; legal table`
        : 'PMK 10/2025 (2025), PMK 105/2025 (2026): no DTP window in the legal table for this pay date',
    ),
  };
}
