import {
  cancelPogInvoice,
  cancelPogInvoiceInput,
  createPogInvoice,
  createPogInvoiceInput,
  createPogLookup,
  deletePogLookup,
  downloadPogTemplate,
  getPogInvoice,
  importPogInput,
  importPogInvoices,
  listPogDeductions,
  listPogEmployees,
  listPogInvoices,
  listPogInvoicesInput,
  listPogLookup,
  type PogLookupKind,
  payPogInstalment,
  payPogInstalmentInput,
  pogDeductionsInput,
  pogEmployeesInput,
  pogInvoiceIdInput,
  pogLookupCreateInput,
  pogLookupIdInput,
  pogLookupUpdateInput,
  updatePogLookup,
} from '@hr/core/purchase-of-goods';
import { permissionProcedure, router } from '../trpc/procedures';
import {
  cancelPogInvoiceOutput,
  createPogInvoiceOutput,
  createPogLookupOutput,
  deletePogLookupOutput,
  getPogInvoiceOutput,
  importPogInvoicesOutput,
  listPogDeductionsOutput,
  listPogEmployeesOutput,
  listPogInvoicesOutput,
  listPogLookupOutput,
  payPogInstalmentOutput,
  updatePogLookupOutput,
} from '@hr/core/purchase-of-goods';
import { fileResult, returns } from '../trpc/output';

/*
 * Purchase of goods (issue 7; spec §7 "purchaseOfGood" under /v2/h; screens /purchaseOfGood,
 * /purchaseOfGood/invoice/{id}/detail, /purchaseOfGood/template). The spec names the family, not
 * the methods: lists GET, creates POST, renames PUT, deletes DELETE, actions POST. The invoice
 * detail mirrors the screen path. Every procedure needs purchaseOfGood.manage.
 */
const P = '/v2/h/purchaseOfGood';
const manage = () => permissionProcedure('purchaseOfGood.manage');

const lookupRouter = (kind: PogLookupKind, label: string, plural: string) =>
  router({
    list: manage()
      .meta({ rest: { method: 'GET', path: `${P}/${kind}`, message: plural, results: true } })
      .output(returns(listPogLookupOutput))
      .query(({ ctx }) => listPogLookup(ctx.svc, ctx.grant, kind)),
    create: manage()
      .meta({ rest: { method: 'POST', path: `${P}/${kind}`, message: `${label} added` } })
      .input(pogLookupCreateInput)
      .output(returns(createPogLookupOutput))
      .mutation(({ ctx, input }) => createPogLookup(ctx.svc, ctx.grant, kind, input)),
    update: manage()
      .meta({ rest: { method: 'PUT', path: `${P}/${kind}/{id}`, message: `${label} saved` } })
      .input(pogLookupUpdateInput)
      .output(returns(updatePogLookupOutput))
      .mutation(({ ctx, input }) => updatePogLookup(ctx.svc, ctx.grant, kind, input)),
    delete: manage()
      .meta({ rest: { method: 'DELETE', path: `${P}/${kind}/{id}`, message: `${label} deleted` } })
      .input(pogLookupIdInput)
      .output(returns(deletePogLookupOutput))
      .mutation(({ ctx, input }) => deletePogLookup(ctx.svc, ctx.grant, kind, input)),
  });

export const purchaseOfGoodsRouter = router({
  list: manage()
    .meta({ rest: { method: 'GET', path: P, message: 'Invoices', results: true } })
    .input(listPogInvoicesInput)
    .output(returns(listPogInvoicesOutput))
    .query(({ ctx, input }) => listPogInvoices(ctx.svc, ctx.grant, input)),
  create: manage()
    .meta({ rest: { method: 'POST', path: P, message: 'Invoice created' } })
    .input(createPogInvoiceInput)
    .output(returns(createPogInvoiceOutput))
    .mutation(({ ctx, input }) => createPogInvoice(ctx.svc, ctx.grant, input)),
  get: manage()
    .meta({ rest: { method: 'GET', path: `${P}/invoice/{id}/detail`, message: 'Invoice' } })
    .input(pogInvoiceIdInput)
    .output(returns(getPogInvoiceOutput))
    .query(({ ctx, input }) => getPogInvoice(ctx.svc, ctx.grant, input)),
  pay: manage()
    .meta({ rest: { method: 'POST', path: `${P}/invoice/{id}/payment`, message: 'Payment recorded' } })
    .input(payPogInstalmentInput)
    .output(returns(payPogInstalmentOutput))
    .mutation(({ ctx, input }) => payPogInstalment(ctx.svc, ctx.grant, input)),
  cancel: manage()
    .meta({ rest: { method: 'POST', path: `${P}/invoice/{id}/cancel`, message: 'Invoice cancelled' } })
    .input(cancelPogInvoiceInput)
    .output(returns(cancelPogInvoiceOutput))
    .mutation(({ ctx, input }) => cancelPogInvoice(ctx.svc, ctx.grant, input)),
  employees: manage()
    .meta({ rest: { method: 'GET', path: `${P}/employee`, message: 'Employees', results: true } })
    .input(pogEmployeesInput.optional())
    .output(returns(listPogEmployeesOutput))
    .query(({ ctx, input }) => listPogEmployees(ctx.svc, ctx.grant, input ?? {})),
  deductions: manage()
    .meta({ rest: { method: 'GET', path: `${P}/deduction`, message: 'Payroll deductions', results: true } })
    .input(pogDeductionsInput.pick({ period: true }))
    .output(returns(listPogDeductionsOutput))
    .query(({ ctx, input }) => listPogDeductions(ctx.svc, ctx.grant, input)),
  template: router({
    download: manage()
      .meta({ rest: { method: 'GET', path: `${P}/template`, message: 'Template', download: true } })
      .output(returns(fileResult))
      .query(({ ctx }) => downloadPogTemplate(ctx.svc, ctx.grant)),
    import: manage()
      .meta({ rest: { method: 'POST', path: `${P}/template`, message: 'Template checked' } })
      .input(importPogInput)
      .output(returns(importPogInvoicesOutput))
      .mutation(({ ctx, input }) => importPogInvoices(ctx.svc, ctx.grant, input)),
  }),
  type: lookupRouter('type', 'Type', 'Types'),
  category: lookupRouter('category', 'Category', 'Categories'),
});
