import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeTrpcServer } from '../../test/render';
import { cleanupAfterEach, renderRoute, sessionUser } from '../../testing/screen';
import { InvoiceDetailPage } from './InvoiceDetailPage';
import { NewInvoiceDialog } from './NewInvoiceDialog';
import { TemplatePage } from './TemplatePage';

cleanupAfterEach();

const user = sessionUser(['purchaseOfGood.manage'], {
  email: 'warehouse@test.co.id',
  name: 'Warehouse',
  roles: ['warehouse-manager'],
});

const render = (path: string, route: string, element: React.ReactElement) => renderRoute(path, element, user, route);

const xlsx = () =>
  new File([new Uint8Array([0x50, 0x4b, 3, 4, 1, 2, 3])], 'filled.xlsx', {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });

const invoiceSummary = {
  invoiceNumber: 'INV-7',
  employeeNumber: 'JKT-00009',
  employeeName: 'Rina Buyer',
  typeName: 'Electronics',
  invoiceDate: '2026-11-05',
  lines: 2,
  total: '1000000',
  months: 3,
  startPeriod: '2026-12',
};

describe('template upload', () => {
  it('a dry run lists each bad row with its column and offers no import', async () => {
    const server = fakeTrpcServer({
      'purchaseOfGood.type.list': () => ({ data: [] }),
      'purchaseOfGood.category.list': () => ({ data: [] }),
      'purchaseOfGood.template.import': () => ({
        data: {
          dryRun: true,
          rows: 2,
          invoices: [invoiceSummary],
          errors: [
            { row: 3, column: 'Employee No.', message: 'no employee with this number' },
            { row: 3, column: 'Quantity', message: 'must be a whole number from 1 to 100000' },
          ],
          imported: false,
          invoiceIds: [],
        },
      }),
    });
    render('/purchaseOfGood/template', '/purchaseOfGood/template', <TemplatePage />);
    fireEvent.change(screen.getByLabelText('Filled template (.xlsx)'), { target: { files: [xlsx()] } });
    const report = await screen.findByTestId('pog-report');
    expect(within(report).getByText('2 rows read, 1 invoices')).toBeTruthy();
    expect(within(report).getByText('no employee with this number')).toBeTruthy();
    expect(within(report).getByText('Quantity')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Import/ })).toBeNull();
    const call = server.calls.find((c) => c.path === 'purchaseOfGood.template.import');
    expect(call?.input).toMatchObject({ dryRun: true, contentBase64: expect.any(String) });
  });

  it('a clean file can be imported; the imported invoice links to its detail', async () => {
    const server = fakeTrpcServer({
      'purchaseOfGood.type.list': () => ({ data: [{ id: 1, name: 'Electronics', used: 0 }] }),
      'purchaseOfGood.category.list': () => ({ data: [] }),
      'purchaseOfGood.template.import': (input) => {
        const dry = (input as { dryRun: boolean }).dryRun;
        return {
          data: { dryRun: dry, rows: 2, invoices: [invoiceSummary], errors: [], imported: !dry, invoiceIds: dry ? [] : [41] },
        };
      },
    });
    render('/purchaseOfGood/template', '/purchaseOfGood/template', <TemplatePage />);
    expect(await screen.findByText('Electronics')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Filled template (.xlsx)'), { target: { files: [xlsx()] } });
    expect(await screen.findByText('No errors: ready to import.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Import 1 invoices' }));
    const link = await screen.findByRole('link', { name: 'INV-7' });
    expect(link.getAttribute('href')).toBe('/purchaseOfGood/invoice/41/detail');
    expect(
      server.calls.filter((c) => c.path === 'purchaseOfGood.template.import').map((c) => (c.input as { dryRun: boolean }).dryRun),
    ).toEqual([true, false]);
  });

  it('refuses a file that is not .xlsx before sending it', async () => {
    const server = fakeTrpcServer({
      'purchaseOfGood.type.list': () => ({ data: [] }),
      'purchaseOfGood.category.list': () => ({ data: [] }),
    });
    render('/purchaseOfGood/template', '/purchaseOfGood/template', <TemplatePage />);
    fireEvent.change(screen.getByLabelText('Filled template (.xlsx)'), {
      target: { files: [new File(['a,b'], 'data.csv', { type: 'text/csv' })] },
    });
    expect(await screen.findByText('Choose an .xlsx file of at most 700 KB')).toBeTruthy();
    expect(server.calls.some((c) => c.path === 'purchaseOfGood.template.import')).toBe(false);
  });
});

const detail = (paid: boolean) => ({
  id: 41,
  invoiceNumber: 'INV-7',
  employeeId: 9,
  employeeNumber: 'JKT-00009',
  employeeName: 'Rina Buyer',
  companyOffice: 'Jakarta',
  typeId: 1,
  typeName: 'Electronics',
  invoiceDate: '2026-11-05',
  total: '1000000',
  months: 3,
  startPeriod: '2026-12',
  status: 'active',
  statusLabel: 'Active',
  paid: paid ? '333333' : '0',
  outstanding: paid ? '666667' : '1000000',
  nextPeriod: paid ? '2027-01' : '2026-12',
  note: null,
  createdAt: '2026-11-05T03:00:00.000Z',
  cancelledAt: null,
  cancelNote: null,
  lines: [
    { lineNo: 1, goods: 'Blender', categoryId: 1, categoryName: 'Kitchen', quantity: 1, unitPrice: '1000000', amount: '1000000' },
  ],
  instalments: [
    {
      id: 1,
      seq: 1,
      period: '2026-12',
      amount: '333333',
      paid,
      paidOn: paid ? '2026-12-31' : null,
      source: paid ? 'payroll' : null,
    },
    { id: 2, seq: 2, period: '2027-01', amount: '333333', paid: false, paidOn: null, source: null },
    { id: 3, seq: 3, period: '2027-02', amount: '333334', paid: false, paidOn: null, source: null },
  ],
  payments: paid
    ? [
        {
          id: 5,
          instalmentSeq: 1,
          instalmentPeriod: '2026-12',
          amount: '333333',
          source: 'payroll',
          sourceLabel: 'Payroll deduction',
          payrollPeriod: '2026-12',
          paidOn: '2026-12-31',
          note: 'Payroll 2026-12',
          actor: null,
          createdAt: '2026-12-31T10:00:00.000Z',
        },
      ]
    : [],
  can: { pay: true, cancel: !paid },
});

describe('invoice detail', () => {
  it('shows the plan with the remainder on the last instalment and the payment history; no cancel once paid', async () => {
    fakeTrpcServer({ 'purchaseOfGood.get': () => ({ data: detail(true) }) });
    render('/purchaseOfGood/invoice/:id/detail', '/purchaseOfGood/invoice/41/detail', <InvoiceDetailPage />);
    expect(await screen.findByTestId('pog-outstanding')).toBeTruthy();
    expect(screen.getByTestId('pog-outstanding').textContent).toBe('666.667');
    const plan = screen.getByRole('table', { name: 'Instalment plan' });
    expect(within(plan).getByText('333.334')).toBeTruthy();
    expect(within(plan).getByText('02/2027')).toBeTruthy();
    expect(within(plan).getByText('Paid 31/12/2026')).toBeTruthy();
    expect(within(plan).getAllByRole('button', { name: 'Record payment' })).toHaveLength(2);
    expect(within(screen.getByRole('table', { name: 'Payment history' })).getByText('Payroll deduction 12/2026')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel invoice' })).toBeNull();
  });

  it('records a manual payment: the paid-on date is required before anything is sent', async () => {
    const server = fakeTrpcServer({
      'purchaseOfGood.get': () => ({ data: detail(false) }),
      'purchaseOfGood.pay': () => ({ data: detail(true) }),
    });
    render('/purchaseOfGood/invoice/:id/detail', '/purchaseOfGood/invoice/41/detail', <InvoiceDetailPage />);
    expect(await screen.findByRole('button', { name: 'Cancel invoice' })).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Record payment' })[0]!);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await within(dialog).findByText('Paid On field is required')).toBeTruthy();
    expect(server.calls.some((c) => c.path === 'purchaseOfGood.pay')).toBe(false);
    await waitFor(() => expect(within(dialog).getByRole('heading').textContent).toContain('instalment 1 (Rp 333.333)'));
  });
});

describe('new invoice', () => {
  it('names every missing field, focuses the first, sends nothing, and shows the live total', async () => {
    const server = fakeTrpcServer({
      'purchaseOfGood.employees': () => ({ data: [{ id: 9, employeeNumber: 'JKT-00009', name: 'Rina Buyer' }] }),
      'purchaseOfGood.type.list': () => ({ data: [{ id: 1, name: 'Electronics', used: 0 }] }),
      'purchaseOfGood.category.list': () => ({ data: [{ id: 2, name: 'Kitchen', used: 0 }] }),
    });
    render('/purchaseOfGood', '/purchaseOfGood', <NewInvoiceDialog onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/Qty/), { target: { value: '3' } });
    fireEvent.change(within(dialog).getByLabelText(/Unit price/), { target: { value: '333333' } });
    expect(within(dialog).getByTestId('pog-form-total').textContent).toBe('999.999');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create invoice' }));
    expect(await within(dialog).findByText('Employee field is required')).toBeTruthy();
    expect(within(dialog).getByText('Type field is required')).toBeTruthy();
    expect(within(dialog).getByText('Goods field is required')).toBeTruthy();
    expect(within(dialog).getByText('Start Period field is required')).toBeTruthy();
    expect(document.activeElement?.id).toBe('pog-employeeId');
    expect(server.calls.some((c) => c.path === 'purchaseOfGood.create')).toBe(false);
  });
});
