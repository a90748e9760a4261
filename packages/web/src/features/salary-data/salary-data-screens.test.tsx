import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeTrpcServer } from '../../testing/render-screen';
import { PieceWorkPanel } from './PieceWorkPanel';
import { SalaryQueueAddPage, SalarySettingPage } from './screens';
import { cleanupAfterEach, renderRoute, sessionUser } from '../../testing/screen';

cleanupAfterEach();

const render = (route: string, path: string, element: React.ReactElement, permissions: string[]) =>
  renderRoute(path, element, sessionUser(permissions), route);

const settings = {
  companyName: 'PT Lama',
  cutOffDay: 25,
  payDay: 27,
  jkkRatePercent: '0.24',
  terRounding: 'floor',
  componentRounding: 'half-up',
  workWeek: 5,
  bpjsEnabled: true,
  absenceCutBasis: 'workdays',
  absenceCutDivisor: 21,
  absenceCutFixedAllowances: false,
  prorationBasis: 'workdays',
  pph21DtpEligible: false,
  pph21DtpKlu: null,
  minimumWageRegion: null,
};

const VARIABLES = ['basic', 'fixedAllowances', 'attendanceDays'];

describe('salary settings', () => {
  it('saves the company payroll settings with every field of the form', async () => {
    const server = fakeTrpcServer({
      'salary.setting.get': () => ({ data: settings }),
      'salary.setting.update': (input) => ({ data: { ...settings, ...(input as object) } }),
    });
    render('/salary/setting', '/salary/setting', <SalarySettingPage />, ['salary.view', 'salary.setting']);
    const payDay = (await screen.findByLabelText('Pay day')) as HTMLInputElement;
    expect(payDay.value).toBe('27');
    fireEvent.change(payDay, { target: { value: '28' } });
    fireEvent.change(screen.getByLabelText('JKK rate (%)'), { target: { value: '0.12' } });
    fireEvent.click(screen.getByLabelText('BPJS contributions'));
    // The company's legal name, printed on payslips (issue 19).
    fireEvent.change(screen.getByLabelText('Company name'), { target: { value: 'PT Nusantara Demo Sejahtera' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(server.calls.find((c) => c.path === 'salary.setting.update')?.input).toEqual({
        ...settings,
        companyName: 'PT Nusantara Demo Sejahtera',
        payDay: 28,
        jkkRatePercent: '0.12',
        bpjsEnabled: false,
      }),
    );
  });

  it('a day out of range is named at its field and nothing is sent; without salary.setting the form is read-only', async () => {
    const server = fakeTrpcServer({ 'salary.setting.get': () => ({ data: settings }) });
    render('/salary/setting', '/salary/setting', <SalarySettingPage />, ['salary.view', 'salary.setting']);
    fireEvent.change(await screen.findByLabelText('Cut-off day'), { target: { value: '32' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Cut-off day must be 1 to 31')).toBeTruthy();
    expect(document.activeElement?.id).toBe('set-cutOffDay');
    expect(server.calls.some((c) => c.path === 'salary.setting.update')).toBe(false);
    cleanup();
    render('/salary/setting', '/salary/setting', <SalarySettingPage />, ['salary.view']);
    expect(((await screen.findByLabelText('Pay day')) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});

describe('salary components', () => {
  it('shows the formula error with its position live, and the server refusal on save', async () => {
    const server = fakeTrpcServer({
      'salary.setting.get': () => ({ data: settings }),
      'salary.formula.list': () => ({ data: [] }),
      'salary.formula.validate': (input) => {
        const f = (input as { formula: string }).formula;
        return f.startsWith('basik')
          ? { data: { valid: false, issues: [{ message: 'unknown variable basik', position: 0 }], variables: VARIABLES } }
          : { data: { valid: true, issues: [], variables: VARIABLES } };
      },
      'salary.formula.create': () => ({
        error: {
          message: 'The formula is not valid: unknown variable basik at position 0',
          status: 400,
          data: { fields: [{ param: 'formula', msg: 'unknown variable basik at position 0' }] },
        },
      }),
    });
    render('/salary/setting?tab=formulas', '/salary/setting', <SalarySettingPage />, ['salary.view', 'salary.update']);
    fireEvent.click(await screen.findByRole('button', { name: 'Add component' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/Name/), { target: { value: 'Transport' } });
    fireEvent.change(within(dialog).getByLabelText('Formula'), { target: { value: 'basik * 0.1' } });
    expect((await within(dialog).findByTestId('formula-error')).textContent).toBe('unknown variable basik at position 0');
    expect(within(dialog).getByTestId('formula-caret').textContent).toBe('basik * 0.1\n^');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(server.calls.find((c) => c.path === 'salary.formula.create')?.input).toMatchObject({
        name: 'Transport',
        kind: 'fixed-allowance',
        formula: 'basik * 0.1',
      }),
    );
    fireEvent.change(within(dialog).getByLabelText('Formula'), { target: { value: 'basic * 0.1' } });
    expect((await within(dialog).findByTestId('formula-ok')).textContent).toContain('Formula is valid');
    expect(within(dialog).queryByTestId('formula-error')).toBeNull();
  });
});

describe('calculators', () => {
  const open = async () => {
    fakeTrpcServer({ 'salary.setting.get': () => ({ data: settings }) });
    render('/salary/setting?tab=calculators', '/salary/setting', <SalarySettingPage />, ['salary.view']);
    return within(await screen.findByTestId('calc-pph21'));
  };

  it('PPh 21 gives the documented monthly TER: K/1, 10,000,000 in January → category B, 1.5%, 150,000 (hr calc pph21)', async () => {
    const form = await open();
    fireEvent.change(form.getByLabelText('Tax year'), { target: { value: '2026' } });
    fireEvent.change(form.getByLabelText('PTKP status'), { target: { value: 'K/1' } });
    fireEvent.change(form.getByLabelText('Gross 1'), { target: { value: '10.000.000' } });
    fireEvent.change(form.getByLabelText('Employee deductions (JHT + JP) 1'), { target: { value: '100000' } });
    fireEvent.click(form.getByRole('button', { name: 'Calculate' }));
    expect((await form.findByTestId('pph21-month-1')).textContent).toBe('Rp 150.000');
    expect(form.getByRole('row', { name: /^1 Rp 10\.000\.000 B 1\.5 Rp 150\.000$/ })).toBeTruthy();
    expect(form.queryByTestId('pph21-last-pph21')).toBeNull();
  });

  it('PPh 21 reconciles December like the core test: K/1, 12 × 10,000,000 with 300,000 deductions → 720,000', async () => {
    const form = await open();
    fireEvent.change(form.getByLabelText('Tax year'), { target: { value: '2026' } });
    fireEvent.change(form.getByLabelText('PTKP status'), { target: { value: 'K/1' } });
    fireEvent.change(form.getByLabelText('Gross 1'), { target: { value: '10000000' } });
    fireEvent.change(form.getByLabelText('Employee deductions (JHT + JP) 1'), { target: { value: '300000' } });
    fireEvent.click(form.getByRole('button', { name: 'Fill 12 months' }));
    fireEvent.click(form.getByRole('button', { name: 'Calculate' }));
    expect((await form.findByTestId('pph21-last-pkp')).textContent).toBe('Rp 47.400.000');
    expect(form.getByTestId('pph21-last-pph21Year').textContent).toBe('Rp 2.370.000');
    expect(form.getByTestId('pph21-last-withheldBefore').textContent).toBe('Rp 1.650.000');
    expect(form.getByTestId('pph21-last-pph21').textContent).toBe('Rp 720.000');
    expect(form.getByTestId('pph21-month-11').textContent).toBe('Rp 150.000');
  });

  it('names a missing field the way the CLI does', async () => {
    const form = await open();
    fireEvent.change(form.getByLabelText('Tax year'), { target: { value: '2026' } });
    fireEvent.click(form.getByRole('button', { name: 'Calculate' }));
    expect((await form.findByRole('alert')).textContent).toContain('months.0.gross: is required');
  });
});

describe('salary queue', () => {
  it('queues a salary change for a picked employee', async () => {
    // The Headless UI combobox measures its options panel.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
    const server = fakeTrpcServer({
      'salary.employee.list': () => ({
        data: {
          rows: [
            {
              id: 7,
              employeeNumber: 'JKT-00007',
              name: 'Rina Worker',
              companyOfficeId: 1,
              basicSalary: '6000000',
              lastNet: null,
              lastPeriod: null,
            },
          ],
          total: 1,
          page: 1,
          pageSize: 20,
        },
      }),
      'salary.queue.create': (input) => ({ data: { id: 1, status: 'pending', ...(input as object) } }),
    });
    render('/salary/queue/add', '/salary/queue/add', <SalaryQueueAddPage />, ['salary.view', 'salary.update']);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Employee field is required')).toBeTruthy();
    expect(server.calls.some((c) => c.path === 'salary.queue.create')).toBe(false);

    const picker = document.getElementById('q-employeeId') as HTMLInputElement;
    fireEvent.focus(picker);
    fireEvent.change(picker, { target: { value: 'Rina' } });
    await screen.findByRole('option', { name: 'JKT-00007 Rina Worker' });
    fireEvent.keyDown(picker, { key: 'ArrowDown' });
    fireEvent.keyDown(picker, { key: 'Enter' });
    await waitFor(() => expect(picker.value).toBe('JKT-00007 Rina Worker'));
    fireEvent.change(document.getElementById('q-basicSalary')!, { target: { value: 'Rp 7.500.000' } });
    fireEvent.click(document.getElementById('q-effectiveDate')!);
    const day = [...document.querySelectorAll('td button')].find((b) => b.textContent === '15');
    fireEvent.click(day!);
    fireEvent.change(document.getElementById('q-note')!, { target: { value: 'Promotion' } });
    // Headless UI leaves the page aria-hidden in jsdom after the combobox closed: find the button by its text.
    fireEvent.click(screen.getByText('Save', { selector: 'button' }));
    await waitFor(() => expect(server.calls.some((c) => c.path === 'salary.queue.create')).toBe(true));
    const input = server.calls.find((c) => c.path === 'salary.queue.create')?.input as Record<string, unknown>;
    expect(input).toMatchObject({ employeeId: 7, basicSalary: '7500000', note: 'Promotion' });
    expect(input.effectiveDate).toMatch(/^\d{4}-\d{2}-15$/);
  });
});

describe('piece work tab', () => {
  it('lists entries with units × rate, refuses an empty form, adds and deletes; a locked period shows the refusal', async () => {
    const rows = [
      {
        id: 7,
        employeeId: 4,
        employeeNumber: 'BTM-00004',
        employeeName: 'Rina',
        period: '2026-11',
        description: 'Cartons packed',
        units: '1200.00',
        rate: '2500',
        amount: '3000000',
      },
    ];
    const s = fakeTrpcServer({
      'salary.piece.list': () => ({ data: { rows, total: 1, page: 1, pageSize: 100 } }),
      'salary.piece.create': (input) => ({ data: { ...rows[0], ...(input as object), id: 8, amount: '125013' } }),
      'salary.piece.delete': () => ({
        error: {
          message: 'Payroll for 2026-11 is finalised and locked',
          status: 409,
          data: { code: 'CONFLICT', appCode: 'GL0409' },
        },
      }),
    });
    render('/x', '/x', <PieceWorkPanel employeeId={4} />, ['salary.view', 'salary.update']);
    expect(await screen.findByText('Cartons packed')).toBeTruthy();
    expect(screen.getByText('Rp 3.000.000')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add piece work' }));
    expect(s.calls.some((c) => c.path === 'salary.piece.create')).toBe(false);
    fireEvent.change(screen.getByLabelText('Work'), { target: { value: 'Pallets' } });
    fireEvent.change(screen.getByLabelText('Units'), { target: { value: '12.5' } });
    fireEvent.change(screen.getByLabelText('Rate per unit'), { target: { value: '10001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add piece work' }));
    await waitFor(() =>
      expect(s.calls.find((c) => c.path === 'salary.piece.create')?.input).toMatchObject({
        employeeId: 4,
        description: 'Pallets',
        units: '12.5',
        rate: '10001',
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect((await screen.findByTestId('piece-refused')).textContent).toBe('Payroll for 2026-11 is finalised and locked');
  });
});
