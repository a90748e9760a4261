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
import { permissionProcedure, router } from '../trpc/procedures';
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
import { fileResult, returns } from '../trpc/output';

/*
 * Income tax per employee and the bonus report (issue 5; docs/income-tax.md), read from finalised payslips.
 * Every procedure needs salary.view and is data-scoped in core (out-of-scope employees are NOT_FOUND).
 */
const S = '/v2/h/salary';
const view = () => permissionProcedure('salary.view');
const update = () => permissionProcedure('salary.update');

/** Income tax per employee (monthly, annual, 1721-A1): /v2/h/salary/incomeTax… (issue 5). */
export const incomeTaxRouter = router({
  list: view()
    .meta({ rest: { method: 'GET', path: `${S}/incomeTax`, message: 'Income tax', results: true } })
    .input(incomeTaxListInput)
    .output(returns(listIncomeTaxOutput))
    .query(({ ctx, input }) => listIncomeTax(ctx.svc, ctx.grant, input)),
  detail: view()
    .meta({ rest: { method: 'GET', path: `${S}/incomeTax/{id}/detail`, message: 'Income tax of the employee' } })
    .input(incomeTaxDetailInput)
    .output(returns(getIncomeTaxOutput))
    .query(({ ctx, input }) => getIncomeTax(ctx.svc, ctx.grant, input)),
  summary: view()
    .meta({ rest: { method: 'GET', path: `${S}/incomeTax/{id}/summary`, message: 'Income tax summary of the employee' } })
    .input(incomeTaxDetailInput)
    .output(returns(incomeTaxSummaryOutput))
    .query(({ ctx, input }) => incomeTaxSummary(ctx.svc, ctx.grant, { employeeId: input.id, year: input.year })),
  a1: view()
    .meta({ rest: { method: 'GET', path: `${S}/incomeTax/{id}/a1`, message: '1721-A1 summary', download: true } })
    .input(incomeTaxDetailInput)
    .output(returns(fileResult))
    .query(({ ctx, input }) => downloadIncomeTaxA1(ctx.svc, ctx.grant, input)),
  download: view()
    .meta({ rest: { method: 'GET', path: `${S}/incomeTax/download`, message: 'Income tax download', download: true } })
    .input(incomeTaxDownloadInput)
    .output(returns(fileResult))
    .query(({ ctx, input }) => downloadIncomeTax(ctx.svc, ctx.grant, input)),
  /** A previous employer's slip of a year (1721-A1 lines 13 and 18), entered by HR for a mid-year joiner. */
  previousIncome: view()
    .meta({
      rest: { method: 'GET', path: `${S}/incomeTax/{id}/previousIncome`, message: 'Previous employer income', results: true },
    })
    .input(previousIncomeListInput)
    .output(returns(listPreviousIncomeOutput))
    .query(({ ctx, input }) => listPreviousIncome(ctx.svc, ctx.grant, input)),
  savePreviousIncome: update()
    .meta({ rest: { method: 'POST', path: `${S}/incomeTax/{id}/previousIncome`, message: 'Previous employer income saved' } })
    .input(savePreviousIncomeInput)
    .output(returns(savePreviousIncomeOutput))
    .mutation(({ ctx, input }) => savePreviousIncome(ctx.svc, ctx.grant, input)),
  deletePreviousIncome: update()
    .meta({
      rest: { method: 'POST', path: `${S}/incomeTax/{id}/previousIncome/delete`, message: 'Previous employer income deleted' },
    })
    .input(deletePreviousIncomeInput)
    .output(returns(deletePreviousIncomeOutput))
    .mutation(({ ctx, input }) => deletePreviousIncome(ctx.svc, ctx.grant, input)),
  /** Who bears the employee's PPh 21 (null = the company setting taxBorneBy). */
  taxBorneBy: update()
    .meta({ rest: { method: 'POST', path: `${S}/employee/{id}/taxBorneBy`, message: 'Tax bearer updated' } })
    .input(setTaxBorneByInput)
    .output(returns(setTaxBorneByOutput))
    .mutation(({ ctx, input }) => setTaxBorneBy(ctx.svc, ctx.grant, input)),
});

/** Report bonus: /v2/h/salary/reportBonus… (issue 5). `{id}` is the period as yyyymm (202611). */
export const reportBonusRouter = router({
  list: view()
    .meta({ rest: { method: 'GET', path: `${S}/reportBonus`, message: 'Report bonus', results: true } })
    .input(reportBonusListInput)
    .output(returns(listReportBonusOutput))
    .query(({ ctx, input }) => listReportBonus(ctx.svc, ctx.grant, input)),
  detail: view()
    .meta({ rest: { method: 'GET', path: `${S}/reportBonus/{id}/detail`, message: 'Report bonus of the period' } })
    .input(reportBonusDetailInput)
    .output(returns(getReportBonusOutput))
    .query(({ ctx, input }) => getReportBonus(ctx.svc, ctx.grant, input)),
  download: view()
    .meta({ rest: { method: 'GET', path: `${S}/reportBonus/download`, message: 'Report bonus download', download: true } })
    .input(reportBonusDownloadInput)
    .output(returns(fileResult))
    .query(({ ctx, input }) => downloadReportBonus(ctx.svc, ctx.grant, input)),
});
