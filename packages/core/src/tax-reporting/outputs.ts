/*
 * Output schemas of the tax-reporting procedures (salary/taxReport…): what the services return, field for field,
 * so the OpenAPI document types each result. Dates are Date objects here; JSON carries ISO text.
 */
import { z } from 'zod';
import { pageOutput } from '../shared/outputs';
import { TAX_REPORT_KINDS, TAX_REPORT_STATUSES } from './schema';

export const taxIdentityOutput = z.object({
  npwp: z.string().nullable(),
  offices: z.array(z.object({ companyOfficeId: z.number(), name: z.string(), nitku: z.string().nullable() })),
});

export const taxReportExportRowOutput = z.object({
  id: z.number(),
  period: z.string(),
  kind: z.enum(TAX_REPORT_KINDS),
  companyOfficeId: z.number().nullable(),
  companyOffice: z.string().nullable(),
  /** 0 = the first export; n = the n-th replacement (pembetulan). */
  sequence: z.number(),
  status: z.enum(TAX_REPORT_STATUSES),
  fileName: z.string(),
  slips: z.number(),
  gross: z.string(),
  tax: z.string(),
  coretaxReference: z.string().nullable(),
  createdBy: z.number().nullable(),
  createdAt: z.date(),
  filedBy: z.number().nullable(),
  filedAt: z.date().nullable(),
});
export const listTaxReportsOutput = pageOutput(taxReportExportRowOutput);

export const taxReportPreviewRowOutput = z.object({
  payslipId: z.number(),
  runId: z.number(),
  employeeId: z.number(),
  employeeNumber: z.string(),
  name: z.string(),
  companyOffice: z.string(),
  nik: z.string().nullable(),
  npwp: z.string().nullable(),
  /** The TIN the file carries (the NIK, else the 16-digit NPWP); null when neither is valid. */
  counterpartTin: z.string().nullable(),
  ptkpStatus: z.string(),
  position: z.string().nullable(),
  taxObjectCode: z.string(),
  gross: z.string(),
  /** BPMP/BP21: the rate applied (TER %, or the Pasal 17 rate on the deemed share); BPA1: null. */
  rate: z.string().nullable(),
  tax: z.string(),
  certificate: z.enum(['N/A', 'DTP']),
  /** Since the exports already made of this period, kind and office. */
  change: z.enum(['new', 'changed', 'unchanged']),
  /** What blocks the export (an empty list when the slip is ready). */
  errors: z.array(z.string()),
});

export const taxReportPreviewOutput = z.object({
  period: z.string(),
  kind: z.enum(TAX_REPORT_KINDS),
  companyOfficeId: z.number().nullable(),
  withholderNpwp: z.string().nullable(),
  /** Problems of the company's tax identity (no NPWP): they block every export. */
  identityErrors: z.array(z.string()),
  rows: z.array(taxReportPreviewRowOutput),
  totals: z.object({ slips: z.number(), gross: z.string(), tax: z.string(), withErrors: z.number() }),
  /** The live exports of this period and kind that overlap the office, oldest first. */
  exports: z.array(taxReportExportRowOutput),
  /** What an export would do now: a new file, a replacement of the filed ones, or nothing (`reason` says why). */
  next: z.enum(['new', 'replacement', 'none']),
  reason: z.string().nullable(),
});

/** The XML file of an export (a download over REST) with the export's id. */
export const taxReportFileOutput = z.object({
  id: z.number(),
  fileName: z.string(),
  contentType: z.string(),
  base64: z.string(),
});
