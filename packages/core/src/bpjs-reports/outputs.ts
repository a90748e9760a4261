/*
 * Output schemas of the BPJS report procedures (issue 17 convention): what the services return, field for field,
 * checked by the server's `returns()` and typed in the OpenAPI document.
 */
import { z } from 'zod';
import { pageOutput } from '../shared/outputs';
import { BPJS_FILES, BPJS_PROGRAMMES } from './schema';

const problemShape = z.object({
  field: z.enum(['nationalId', 'jknNumber', 'kpjNumber']),
  kind: z.enum(['missing', 'format']),
  files: z.array(z.enum(BPJS_FILES)),
  message: z.string(),
});
const rowShape = z.object({
  payslipId: z.number(),
  employeeId: z.number(),
  employeeNumber: z.string(),
  name: z.string(),
  nationalId: z.string().nullable(),
  jknNumber: z.string().nullable(),
  kpjNumber: z.string().nullable(),
  jobPosition: z.string().nullable(),
  employmentStatus: z.string(),
  wage: z.string(),
  kesehatanBase: z.string(),
  jpBase: z.string(),
  kesehatanEmployer: z.string(),
  kesehatanEmployee: z.string(),
  jhtEmployer: z.string(),
  jhtEmployee: z.string(),
  jkk: z.string(),
  jkm: z.string(),
  jpEmployer: z.string(),
  jpEmployee: z.string(),
  jkp: z.string(),
  ketenagakerjaanTotal: z.string(),
  problems: z.array(problemShape),
});
const recapRowShape = z.object({
  programme: z.enum(BPJS_PROGRAMMES),
  company: z.string(),
  employee: z.string(),
  total: z.string(),
  headcount: z.number(),
});

export const getBpjsReportOutput = z.object({
  run: z.object({
    id: z.number(),
    period: z.string(),
    companyOfficeId: z.number().nullable(),
    companyOffice: z.string().nullable(),
    status: z.enum(['draft', 'finalised', 'cancelled']),
  }),
  employees: z.number(),
  withProblems: z.number(),
  recap: z.array(recapRowShape),
  rows: pageOutput(rowShape),
});
export const getBpjsRecapOutput = z.object({
  period: z.string(),
  companyOfficeId: z.number().nullable(),
  employees: z.number(),
  rows: z.array(recapRowShape),
});
