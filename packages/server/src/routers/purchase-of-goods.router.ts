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
import { call, gate, inputlessQuery } from '../trpc/crud';
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

const lookupRouter = (kind: PogLookupKind, label: string, plural: string) =>
  router({
    list: permissionProcedure('purchaseOfGood.manage')
      .meta({ rest: { method: 'GET', path: `${P}/${kind}`, message: plural, results: true } })
      .output(returns(listPogLookupOutput))
      .query(({ ctx }) => listPogLookup(ctx.svc, ctx.grant, kind)),
    create: permissionProcedure('purchaseOfGood.manage')
      .meta({ rest: { method: 'POST', path: `${P}/${kind}`, message: `${label} added` } })
      .input(pogLookupCreateInput)
      .output(returns(createPogLookupOutput))
      .mutation(({ ctx, input }) => createPogLookup(ctx.svc, ctx.grant, kind, input)),
    update: permissionProcedure('purchaseOfGood.manage')
      .meta({ rest: { method: 'PUT', path: `${P}/${kind}/{id}`, message: `${label} saved` } })
      .input(pogLookupUpdateInput)
      .output(returns(updatePogLookupOutput))
      .mutation(({ ctx, input }) => updatePogLookup(ctx.svc, ctx.grant, kind, input)),
    delete: permissionProcedure('purchaseOfGood.manage')
      .meta({ rest: { method: 'DELETE', path: `${P}/${kind}/{id}`, message: `${label} deleted` } })
      .input(pogLookupIdInput)
      .output(returns(deletePogLookupOutput))
      .mutation(({ ctx, input }) => deletePogLookup(ctx.svc, ctx.grant, kind, input)),
  });

const manage = gate('purchaseOfGood.manage');

export const purchaseOfGoodsRouter = router({
  list: manage.list(P, 'Invoices', call(listPogInvoicesInput, listPogInvoices, listPogInvoicesOutput)),
  create: manage.post(P, 'Invoice created', call(createPogInvoiceInput, createPogInvoice, createPogInvoiceOutput)),
  get: manage.get(`${P}/invoice/{id}/detail`, 'Invoice', call(pogInvoiceIdInput, getPogInvoice, getPogInvoiceOutput)),
  pay: manage.post(
    `${P}/invoice/{id}/payment`,
    'Payment recorded',
    call(payPogInstalmentInput, payPogInstalment, payPogInstalmentOutput),
  ),
  cancel: manage.post(
    `${P}/invoice/{id}/cancel`,
    'Invoice cancelled',
    call(cancelPogInvoiceInput, cancelPogInvoice, cancelPogInvoiceOutput),
  ),
  employees: permissionProcedure('purchaseOfGood.manage')
    .meta({ rest: { method: 'GET', path: `${P}/employee`, message: 'Employees', results: true } })
    .input(pogEmployeesInput.optional())
    .output(returns(listPogEmployeesOutput))
    .query(({ ctx, input }) => listPogEmployees(ctx.svc, ctx.grant, input ?? {})),
  deductions: permissionProcedure('purchaseOfGood.manage')
    .meta({ rest: { method: 'GET', path: `${P}/deduction`, message: 'Payroll deductions', results: true } })
    .input(pogDeductionsInput.pick({ period: true }))
    .output(returns(listPogDeductionsOutput))
    .query(({ ctx, input }) => listPogDeductions(ctx.svc, ctx.grant, input)),
  template: router({
    download: inputlessQuery(
      'purchaseOfGood.manage',
      { method: 'GET', path: `${P}/template`, message: 'Template', download: true },
      downloadPogTemplate,
      fileResult,
    ),
    import: manage.post(`${P}/template`, 'Template checked', call(importPogInput, importPogInvoices, importPogInvoicesOutput)),
  }),
  type: lookupRouter('type', 'Goods type', 'Types'),
  category: lookupRouter('category', 'Goods category', 'Categories'),
});
