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
import { call, gate, noInput, withArg } from '../trpc/crud';
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

const manage = gate('purchaseOfGood.manage');

/** The goods types or categories (`kind`): listed, added, renamed and deleted at `/v2/h/purchaseOfGood/<kind>`. */
const lookupRouter = (kind: PogLookupKind, label: string, plural: string) =>
  router({
    list: manage.list(`${P}/${kind}`, plural, noInput(withArg(listPogLookup, kind), listPogLookupOutput)),
    create: manage.post(
      `${P}/${kind}`,
      `${label} added`,
      call(pogLookupCreateInput, withArg(createPogLookup, kind), createPogLookupOutput),
    ),
    update: manage.put(
      `${P}/${kind}/{id}`,
      `${label} saved`,
      call(pogLookupUpdateInput, withArg(updatePogLookup, kind), updatePogLookupOutput),
    ),
    delete: manage.del(
      `${P}/${kind}/{id}`,
      `${label} deleted`,
      call(pogLookupIdInput, withArg(deletePogLookup, kind), deletePogLookupOutput),
    ),
  });

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
  deductions: manage.list(
    `${P}/deduction`,
    'Payroll deductions',
    call(pogDeductionsInput.pick({ period: true }), listPogDeductions, listPogDeductionsOutput),
  ),
  template: router({
    download: manage.file(`${P}/template`, 'Template', noInput(downloadPogTemplate, fileResult)),
    import: manage.post(`${P}/template`, 'Template checked', call(importPogInput, importPogInvoices, importPogInvoicesOutput)),
  }),
  type: lookupRouter('type', 'Goods type', 'Types'),
  category: lookupRouter('category', 'Goods category', 'Categories'),
});
