import { z } from 'zod';
import { id, isoDate, pageInput } from '../../shared/zod';
import { THR_MONTH_COUNTINGS } from '../schema';

/*
 * THR (Tunjangan Hari Raya) runs: browser-safe zod schemas and enums (issue 5; spec §7 "salary/allowance").
 * Money is integer rupiah carried as a string of digits.
 */

/** Spec enum "Holidays" (exact codes): 1 Hari Raya Natal, 2 Idul Fitri, 3 Waisak, 4 Nyepi. */
export const THR_HOLIDAYS = [
  { code: 1, name: 'Hari Raya Natal' },
  { code: 2, name: 'Idul Fitri' },
  { code: 3, name: 'Waisak' },
  { code: 4, name: 'Nyepi' },
] as const;
export type ThrHoliday = (typeof THR_HOLIDAYS)[number]['code'];
export const THR_HOLIDAY_CODES = THR_HOLIDAYS.map((h) => h.code);
export const thrHolidayName = (code: number): string => THR_HOLIDAYS.find((h) => h.code === code)?.name ?? String(code);

export const THR_RUN_STATUSES = ['draft', 'finalised', 'cancelled'] as const;
export type ThrRunStatus = (typeof THR_RUN_STATUSES)[number];

const holidayMsg = `must be one of ${THR_HOLIDAYS.map((h) => `${h.code} (${h.name})`).join(', ')}`;
export const thrHoliday = z.coerce
  .number({ message: holidayMsg })
  .refine((n): n is ThrHoliday => (THR_HOLIDAY_CODES as number[]).includes(n), holidayMsg)
  .transform((n) => n as ThrHoliday);

export const generateThrInput = z
  .strictObject({
    holiday: thrHoliday,
    /** The holiday's date: months of service are counted up to it, the wage is that month's. */
    holidayDate: isoDate,
    /** When the THR is paid (Permenaker 6/2016: no later than 7 days before the holiday); its month is the tax month. */
    payDate: isoDate,
    companyOfficeId: id.optional(),
    /** Also pay employees whose religion has no holiday of the four (e.g. Konghucu) in this run. */
    payOtherReligions: z.boolean().default(false),
    monthCounting: z.enum(THR_MONTH_COUNTINGS).default('completed'),
  })
  .superRefine((v, ctx) => {
    // The run's year is the holiday's (thr_runs.year between 2000 and 2100).
    const year = Number(v.holidayDate.slice(0, 4));
    if (year < 2000 || year > 2100)
      ctx.addIssue({ code: 'custom', path: ['holidayDate'], message: 'must be in the years 2000 to 2100' });
    if (v.payDate > v.holidayDate)
      ctx.addIssue({ code: 'custom', path: ['payDate'], message: 'must not be after the holiday date' });
  });
export type GenerateThrInput = z.input<typeof generateThrInput>;

/**
 * The dates of a THR run from the holiday calendar (issue 19 item 13): the holiday's first day in `year`, or
 * without a year the next one from the company's today on; the office's own calendar entries count beside the
 * company-wide ones.
 */
export const thrDatesInput = z.strictObject({
  holiday: thrHoliday,
  year: z.coerce
    .number()
    .int()
    .min(2000, 'must be in the years 2000 to 2100')
    .max(2100, 'must be in the years 2000 to 2100')
    .optional(),
  companyOfficeId: id.optional(),
});
export interface ThrDates {
  /** The holiday's first day, null when the calendar has none (the user enters it). */
  holidayDate: string | null;
  /** Seven days before the holiday (Permenaker 6/2016, the latest allowed pay date), null with no holiday date. */
  payDate: string | null;
}

export const listThrRunsInput = pageInput.extend({
  holiday: thrHoliday.optional(),
  year: z.coerce.number().int().min(2000).max(2100).optional(),
  status: z.enum(THR_RUN_STATUSES).optional(),
});
export const thrRunDetailInput = pageInput.extend({ id, eligible: z.enum(['all', 'eligible', 'notEligible']).default('all') });
export const thrRunIdInput = z.object({ id });

export interface ThrRunRow {
  id: number;
  holiday: ThrHoliday;
  holidayName: string;
  year: number;
  holidayDate: string;
  payDate: string;
  companyOfficeId: number | null;
  companyOffice: string | null;
  status: ThrRunStatus;
  /** Eligible employees paid (over the lines the caller may see). */
  employees: number;
  notEligible: number;
  total: string;
  pph21Estimate: string;
  createdAt: Date;
  finalisedAt: Date | null;
}

export interface ThrLine {
  employeeId: number;
  employeeNumber: string;
  employeeName: string;
  religion: string;
  joinDate: string;
  eligible: boolean;
  /** Why the employee gets nothing (null when eligible). */
  reason: string | null;
  monthsOfService: string;
  monthlyWage: string | null;
  amount: string;
  /** Informative extra PPh 21 of the pay month caused by the THR (TER), null without a PTKP status. */
  pph21Estimate: string | null;
  /** Rule, formula, inputs and source of each figure (religion, wage, monthsOfService, eligible, thr, pph21Estimate). */
  trace: unknown;
}
export interface ThrLineRow extends ThrLine {
  id: number;
}

export interface ThrRunDetail extends ThrRunRow {
  monthCounting: string;
  payOtherReligions: boolean;
  lines: { rows: ThrLineRow[]; total: number; page: number; pageSize: number };
}

export interface ThrGenerateResult {
  runId: number;
  holiday: ThrHoliday;
  year: number;
  companyOfficeId: number | null;
  employees: number;
  notEligible: number;
  total: string;
  pph21Estimate: string;
  replacedRunId: number | null;
}

export interface ThrDryRunResult {
  holiday: ThrHoliday;
  year: number;
  employees: number;
  notEligible: number;
  total: string;
  pph21Estimate: string;
  lines: ThrLine[];
}
