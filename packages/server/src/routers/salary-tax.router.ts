import {
  deletePreviousIncome,
  deletePreviousIncomeInput,
  listPreviousIncome,
  previousIncomeListInput,
  savePreviousIncome,
  savePreviousIncomeInput,
  setTaxBorneBy,
  setTaxBorneByInput,
  downloadIncomeTax,
  downloadIncomeTaxA1,
  downloadReportBonus,
  getIncomeTax,
  getReportBonus,
  incomeTaxSummary,
  incomeTaxDetailInput,
  incomeTaxDownloadInput,
  incomeTaxListInput,
  listIncomeTax,
  listReportBonus,
  reportBonusDetailInput,
  reportBonusDownloadInput,
  reportBonusListInput,
} from '@hr/core/payroll';
import type { Grant } from '@hr/core/access';
import { router } from '../trpc/procedures';
import { call, gate } from '../trpc/crud';
import {
  deletePreviousIncomeOutput,
  getIncomeTaxOutput,
  getReportBonusOutput,
  incomeTaxSummaryOutput,
  listIncomeTaxOutput,
  listPreviousIncomeOutput,
  listReportBonusOutput,
  savePreviousIncomeOutput,
  setTaxBorneByOutput,
} from '@hr/core/payroll';
import { fileResult } from '../trpc/output';

/*
 * Income tax per employee and the bonus report (issue 5; docs/income-tax.md), read from finalised payslips.
 * Every procedure needs salary.view and is data-scoped in core (out-of-scope employees are NOT_FOUND).
 */
const S = '/v2/h/salary';

const view = gate('salary.view');
const update = gate('salary.update');

/** Income tax per employee (monthly, annual, 1721-A1): /v2/h/salary/incomeTax… (issue 5). */
export const incomeTaxRouter = router({
  list: view.list(`${S}/incomeTax`, 'Income tax', call(incomeTaxListInput, listIncomeTax, listIncomeTaxOutput)),
  detail: view.get(
    `${S}/incomeTax/{id}/detail`,
    'Income tax of the employee',
    call(incomeTaxDetailInput, getIncomeTax, getIncomeTaxOutput),
  ),
  summary: view.get(
    `${S}/incomeTax/{id}/summary`,
    'Income tax summary of the employee',
    call(
      incomeTaxDetailInput,
      (ctx, grant: Grant<'salary.view'>, input) => incomeTaxSummary(ctx, grant, { employeeId: input.id, year: input.year }),
      incomeTaxSummaryOutput,
    ),
  ),
  a1: view.file(`${S}/incomeTax/{id}/a1`, '1721-A1 summary', call(incomeTaxDetailInput, downloadIncomeTaxA1, fileResult)),
  download: view.file(
    `${S}/incomeTax/download`,
    'Income tax download',
    call(incomeTaxDownloadInput, downloadIncomeTax, fileResult),
  ),
  /** A previous employer's slip of a year (1721-A1 lines 13 and 18), entered by HR for a mid-year joiner. */
  previousIncome: view.list(
    `${S}/incomeTax/{id}/previousIncome`,
    'Previous employer income',
    call(previousIncomeListInput, listPreviousIncome, listPreviousIncomeOutput),
  ),
  savePreviousIncome: update.post(
    `${S}/incomeTax/{id}/previousIncome`,
    'Previous employer income saved',
    call(savePreviousIncomeInput, savePreviousIncome, savePreviousIncomeOutput),
  ),
  deletePreviousIncome: update.post(
    `${S}/incomeTax/{id}/previousIncome/delete`,
    'Previous employer income deleted',
    call(deletePreviousIncomeInput, deletePreviousIncome, deletePreviousIncomeOutput),
  ),
  /** Who bears the employee's PPh 21 (null = the company setting taxBorneBy). */
  taxBorneBy: update.post(
    `${S}/employee/{id}/taxBorneBy`,
    'Tax bearer updated',
    call(setTaxBorneByInput, setTaxBorneBy, setTaxBorneByOutput),
  ),
});

/** Report bonus: /v2/h/salary/reportBonus… (issue 5). `{id}` is the period as yyyymm (202611). */
export const reportBonusRouter = router({
  list: view.list(`${S}/reportBonus`, 'Report bonus', call(reportBonusListInput, listReportBonus, listReportBonusOutput)),
  detail: view.get(
    `${S}/reportBonus/{id}/detail`,
    'Report bonus of the period',
    call(reportBonusDetailInput, getReportBonus, getReportBonusOutput),
  ),
  download: view.file(
    `${S}/reportBonus/download`,
    'Report bonus download',
    call(reportBonusDownloadInput, downloadReportBonus, fileResult),
  ),
});
