import { z } from 'zod';
import { id, pageInput } from '../shared/zod';

/*
 * BPJS reports (issue 18 §3; docs/bpjs-reports.md): the e-Dabu upload for BPJS Kesehatan, the BPJS
 * Ketenagakerjaan wage report and the monthly recap per programme, read from FINALISED payroll runs.
 * Browser-safe. Money is integer rupiah carried as a string of digits.
 */

/** The programmes of the recap, in the order BPJS lists them: Kesehatan, then the four Ketenagakerjaan ones and JKP. */
export const BPJS_PROGRAMMES = ['kesehatan', 'jht', 'jkk', 'jkm', 'jp', 'jkp'] as const;
export type BpjsProgramme = (typeof BPJS_PROGRAMMES)[number];

/** The two files: e-Dabu (BPJS Kesehatan) and the BPJS Ketenagakerjaan wage report. */
export const BPJS_FILES = ['kesehatan', 'ketenagakerjaan'] as const;
export type BpjsFile = (typeof BPJS_FILES)[number];

/** salary/bpjsReport/{id}/detail: `id` is a finalised payroll run; `problemsOnly` keeps the rows with a problem. */
export const bpjsReportInput = pageInput.extend({
  id,
  problemsOnly: z.preprocess((v) => (v === 'true' ? true : v === 'false' || v === '' ? false : v), z.boolean().optional()),
});
/** salary/bpjsReport/{id}/kesehatan and …/ketenagakerjaan: the run's file. */
export const bpjsFileInput = z.object({ id });

const period = z
  .string({ message: 'must be a month yyyy-mm' })
  .trim()
  .regex(/^20\d{2}-(0[1-9]|1[0-2])$/, 'must be a month yyyy-mm');

/** salary/bpjsReport/recap: every finalised run of a month, optionally one office (the employee's office). */
export const bpjsRecapInput = z.object({
  period,
  companyOfficeId: z.preprocess((v) => (v === '' || v === null ? undefined : v), id.optional()),
});

/** Why a row would be refused by BPJS: a membership or identity number missing or malformed on the employee record. */
export interface BpjsProblem {
  field: 'nationalId' | 'jknNumber' | 'kpjNumber';
  /** Not on the record, or not the digits the record accepts today. */
  kind: 'missing' | 'format';
  /** The file the number belongs in (NIK is in both). */
  files: BpjsFile[];
  message: string;
}

/** One employee's BPJS figures on a finalised payslip, as the payslip lines say (never recomputed). */
export interface BpjsEmployeeRow {
  payslipId: number;
  employeeId: number;
  /** NIP in the e-Dabu form: the company's employee number. */
  employeeNumber: string;
  name: string;
  nationalId: string | null;
  jknNumber: string | null;
  kpjNumber: string | null;
  jobPosition: string | null;
  /** e-Dabu "Status Pegawai" from the contract type. */
  employmentStatus: string;
  /** Basic wage + fixed allowances the payslip's BPJS lines used (trace input `salary`): JHT, JKK, JKM wage. */
  wage: string;
  /** BPJS Kesehatan base: the wage floored at the minimum wage and capped at 12,000,000 (trace input `base`). */
  kesehatanBase: string;
  /** JP base: the wage capped at the JP wage cap (trace input `base`). */
  jpBase: string;
  kesehatanEmployer: string;
  /** Employee 1% plus extra family members (lines bpjs-kes-employee and bpjs-kes-family). */
  kesehatanEmployee: string;
  jhtEmployer: string;
  jhtEmployee: string;
  jkk: string;
  jkm: string;
  jpEmployer: string;
  jpEmployee: string;
  /** 0 unless the payslip has a JKP line: JKP is funded by the government and recomposed JKK/JKM (PP 6/2025). */
  jkp: string;
  /** BPJS Ketenagakerjaan total: JHT + JKK + JKM + JP (both shares) + JKP. */
  ketenagakerjaanTotal: string;
  problems: BpjsProblem[];
}

export interface BpjsRecapRow {
  programme: BpjsProgramme;
  /** Company share (employer lines). */
  company: string;
  /** Employee share (deduction lines). */
  employee: string;
  total: string;
  /** Employees with a contribution of this programme that is not 0. */
  headcount: number;
}

export interface BpjsRunHeader {
  id: number;
  period: string;
  companyOfficeId: number | null;
  companyOffice: string | null;
  status: 'draft' | 'finalised' | 'cancelled';
}
