import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeTrpcServer, renderAs } from '../../testing/render-screen';
import { sessionUser } from '../../testing/screen';
import { MyPayslipPdfButton, OutboxPanel, PayslipActions } from './PayslipActions';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The names of the files the page saves (the download link's click is caught, jsdom cannot navigate). */
function savedFiles(): string[] {
  const names: string[] = [];
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:pdf'), revokeObjectURL: vi.fn() }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return names;
}

const user = sessionUser;

const render = (ui: React.ReactElement, permissions: string[]) => renderAs(ui, user(permissions));

const row = (id: number, status: 'queued' | 'sent' | 'failed' | 'stored', to: string) => ({
  id,
  to,
  toName: 'Rina Worker',
  subject: 'Payslip November 2026 - Jakarta',
  status,
  attempts: status === 'stored' ? 0 : 1,
  lastError: status === 'failed' ? '550 Mailbox unavailable' : null,
  relatedEntity: 'payslip',
  relatedId: 7,
  employeeId: 9,
  createdAt: '2026-11-22T03:00:00.000Z',
  sentAt: null,
  attachments: ['payslip-2026-11-JKT-00009.pdf'],
});

const pdf = { fileName: 'payslips-2026-11-run-4.pdf', contentType: 'application/pdf', base64: 'JVBERg==' };

describe('payslip actions on the salary report detail', () => {
  it('a finalised run: send by e-mail with options as a job with progress, then the result summary lists counts and skipped employees', async () => {
    const result = {
      sent: 2,
      queued: 0,
      failed: 1,
      skipped: [{ employeeId: 12, name: 'Nora Nomail', reason: 'No e-mail address' }],
    };
    let poll = 0;
    const server = fakeTrpcServer({
      'salary.payslip.sendEmailJob': () => ({ data: { jobId: 12 } }),
      'job.get': () => {
        const base = { id: 12, kind: 'salary.payslip.sendEmail', error: null };
        return poll++ === 0
          ? { data: { ...base, status: 'running', done: 1, total: 3, result: null } }
          : { data: { ...base, status: 'succeeded', done: 3, total: 3, result } };
      },
    });
    render(<PayslipActions runId={4} status="finalised" />, ['salary.view', 'salary.update']);
    fireEvent.click(screen.getByRole('button', { name: 'Send by e-mail' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByLabelText(/Protect each PDF/));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(within(dialog).getByTestId('job-progress').textContent).toBe('Preparing payslips: 1 of 3'));
    const summary = await within(dialog).findByTestId('payslip-mail-result', {}, { timeout: 3000 });
    expect(within(summary).getByTestId('payslip-mail-sent').textContent).toBe('2');
    expect(within(summary).getByTestId('payslip-mail-failed').textContent).toBe('1');
    expect(within(summary).getByTestId('payslip-mail-skipped').textContent).toBe('1');
    expect(within(summary).getByText('Nora Nomail')).toBeTruthy();
    expect(within(summary).getByText('No e-mail address')).toBeTruthy();
    expect(server.calls.find((c) => c.path === 'salary.payslip.sendEmailJob')?.input).toEqual({
      id: 4,
      resend: false,
      protect: true,
    });
  });

  it('a draft run cannot be e-mailed yet; without salary.update there is no send button; the PDF downloads', async () => {
    const server = fakeTrpcServer({ 'salary.payslip.runPdf': () => ({ data: pdf }) });
    const saved = savedFiles();
    render(<PayslipActions runId={4} status="draft" />, ['salary.view', 'salary.update']);
    const send = screen.getByRole('button', { name: 'Send by e-mail' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    expect(send.title).toBe('Finalise the run to e-mail its payslips.');
    fireEvent.click(screen.getByRole('button', { name: 'Download payslips (PDF)' }));
    await waitFor(() => expect(saved).toEqual(['payslips-2026-11-run-4.pdf']));
    expect(server.calls.find((c) => c.path === 'salary.payslip.runPdf')?.input).toEqual({ id: 4 });
    cleanup();
    render(<PayslipActions runId={4} status="finalised" />, ['salary.view']);
    expect(screen.queryByRole('button', { name: 'Send by e-mail' })).toBeNull();
  });

  it('my payslip PDF button fetches my own payslip', async () => {
    const server = fakeTrpcServer({ 'salary.payslip.myPdf': () => ({ data: pdf }) });
    const saved = savedFiles();
    render(<MyPayslipPdfButton payslipId={77} />, ['personal.access']);
    fireEvent.click(screen.getByRole('button', { name: 'PDF' }));
    await waitFor(() => expect(saved).toEqual(['payslips-2026-11-run-4.pdf']));
    expect(server.calls.find((c) => c.path === 'salary.payslip.myPdf')?.input).toEqual({ id: 77 });
  });
});

describe('outbox panel', () => {
  it('lists messages with status, filters by status, opens a message and sends a failed one again', async () => {
    let retried = false;
    const server = fakeTrpcServer({
      'mail.outbox': (input) => {
        const status = (input as { status?: string }).status;
        const rows = [row(2, retried ? 'sent' : 'failed', 'rina@test.co.id'), row(1, 'stored', 'budi@test.co.id')];
        const shown = status ? rows.filter((r) => r.status === status) : rows;
        return { data: { rows: shown, total: shown.length, page: 1, pageSize: 25 } };
      },
      'mail.outboxMessage': () => ({
        data: {
          ...row(2, retried ? 'sent' : 'failed', 'rina@test.co.id'),
          from: 'HR <hr@test.co.id>',
          text: 'Dear Rina Worker,\n\nYour payslip for November 2026 is attached.',
          html: null,
          attachmentDetails: [{ fileName: 'payslip-2026-11-JKT-00009.pdf', contentType: 'application/pdf', size: 3000 }],
        },
      }),
      'mail.retry': () => {
        retried = true;
        return { data: { ...row(2, 'sent', 'rina@test.co.id'), from: '', text: '', html: null, attachmentDetails: [] } };
      },
    });
    render(<OutboxPanel />, ['salary.view', 'salary.update']);
    await screen.findByText('Rina Worker <rina@test.co.id>');
    expect(screen.getAllByTestId('mail-status').map((s) => s.textContent)).toEqual(['Failed', 'Stored (not sent)']);
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'stored' } });
    await waitFor(() => expect(screen.queryByText('Rina Worker <rina@test.co.id>')).toBeNull());
    expect(server.calls.filter((c) => c.path === 'mail.outbox').at(-1)?.input).toMatchObject({ status: 'stored', page: 1 });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: '' } });
    await screen.findByText('Rina Worker <rina@test.co.id>');
    fireEvent.click(screen.getAllByRole('button', { name: 'View' })[0]!);
    const message = await screen.findByTestId('outbox-message');
    expect(within(message).getByText(/Your payslip for November 2026 is attached/)).toBeTruthy();
    expect(within(message).getByText('550 Mailbox unavailable')).toBeTruthy();
    expect(within(message).getByText('payslip-2026-11-JKT-00009.pdf (3 KB)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send again' }));
    await waitFor(() => expect(server.calls.some((c) => c.path === 'mail.retry')).toBe(true));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Send again' })).toBeNull());
  });

  it('shows the empty state', async () => {
    fakeTrpcServer({ 'mail.outbox': () => ({ data: { rows: [], total: 0, page: 1, pageSize: 25 } }) });
    render(<OutboxPanel />, ['salary.view']);
    expect(await screen.findByText('No messages')).toBeTruthy();
  });
});
