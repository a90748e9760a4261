import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeTrpcServer } from '../../test/render';
import { cleanupAfterEach, renderRoute, sessionUser } from '../../testing/screen';
import { formatRp } from './coop-shared';
import { WithdrawalAddPage } from './WithdrawalAddPage';
import { WithdrawalDetailPage } from './WithdrawalDetailPage';

cleanupAfterEach();

const user = (permissions: string[]) => sessionUser(permissions);

const detail = (opts: { approve: boolean; editFiles: boolean; deleted?: boolean; refusal?: string }) => ({
  id: 7,
  memberId: 2,
  employeeId: 9,
  employeeName: 'Rina Member',
  employeeNumber: 'JKT-00009',
  companyOffice: 'Jakarta',
  amount: '1250000',
  reason: 'Hospital bill',
  status: 3,
  statusLabel: 'Pending',
  approvals: 0,
  createdAt: '2026-11-22T03:00:00.000Z',
  approvalSteps: 1,
  decidedAt: null,
  decisionNote: null,
  files: [
    {
      id: 4,
      name: 'bill.pdf',
      mime: 'application/pdf',
      size: 2048,
      deleted: opts.deleted ?? false,
      createdAt: '2026-11-22T03:00:00.000Z',
    },
  ],
  history: [
    {
      action: 'requested',
      step: null,
      fromStatus: null,
      toStatus: 3,
      note: null,
      actor: 'Rina Member',
      at: '2026-11-22T03:00:00.000Z',
    },
  ],
  can: {
    approve: opts.approve,
    disapprove: opts.approve,
    decideRefusal: opts.refusal ?? null,
    cancel: false,
    editFiles: opts.editFiles,
  },
});

const render = (path: string, route: string, element: React.ReactElement, permissions: string[]) =>
  renderRoute(path, element, user(permissions), route);

describe('withdrawal detail', () => {
  it('a plain member sees the request and its file, but no approve button', async () => {
    fakeTrpcServer({ 'cooperative.withdrawal.get': () => ({ data: detail({ approve: false, editFiles: false }) }) });
    render('/cooperative/withdrawal/:id/detail', '/cooperative/withdrawal/7/detail', <WithdrawalDetailPage />, [
      'cooperative.view',
    ]);
    expect(await screen.findByText('bill.pdf')).toBeTruthy();
    expect(screen.getByText('Rp 1.250.000')).toBeTruthy();
    expect(screen.getByTestId('withdrawal-status').textContent).toBe('Pending');
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('a manager who approved the first step sees why they cannot decide again, not the buttons', async () => {
    const why = 'You already decided an earlier step of this withdrawal; each step must be decided by a different person';
    fakeTrpcServer({
      'cooperative.withdrawal.get': () => ({ data: detail({ approve: false, editFiles: true, refusal: why }) }),
    });
    render('/cooperative/withdrawal/:id/detail', '/cooperative/withdrawal/7/detail', <WithdrawalDetailPage />, [
      'cooperative.view',
      'cooperative.manage',
    ]);
    expect(await screen.findByText(why)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Disapprove' })).toBeNull();
  });

  it('the manager approves with a note; a file delete goes to the server', async () => {
    const server = fakeTrpcServer({
      'cooperative.withdrawal.get': () => ({ data: detail({ approve: true, editFiles: true }) }),
      'cooperative.withdrawal.approve': () => ({ data: { ...detail({ approve: false, editFiles: true }), status: 1 } }),
      'cooperative.withdrawal.deleteFile': () => ({ data: detail({ approve: true, editFiles: true, deleted: true }) }),
    });
    render('/cooperative/withdrawal/:id/detail', '/cooperative/withdrawal/7/detail', <WithdrawalDetailPage />, [
      'cooperative.view',
      'cooperative.manage',
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    fireEvent.change(screen.getByLabelText('Note'), { target: { value: 'Get well soon' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Approve' }).at(-1)!);
    await waitFor(() =>
      expect(server.calls.find((c) => c.path === 'cooperative.withdrawal.approve')?.input).toEqual({
        id: 7,
        note: 'Get well soon',
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(server.calls.find((c) => c.path === 'cooperative.withdrawal.deleteFile')?.input).toEqual({ id: 7, fileId: 4 }),
    );
  });
});

describe('withdrawal request form', () => {
  const mine = {
    member: { id: 2 },
    products: [],
    total: '500000',
    withdrawable: '500000',
    pending: '0',
    available: '500000',
    mandatorySavingId: 2,
  };

  it('empty fields are named and the first is focused; nothing is sent', async () => {
    const server = fakeTrpcServer({ 'cooperative.balance.mine': () => ({ data: mine }) });
    render('/cooperative/withdrawal/add', '/cooperative/withdrawal/add', <WithdrawalAddPage />, ['cooperative.view']);
    expect((await screen.findByTestId('coop-available')).textContent).toBe('Rp 500.000');
    fireEvent.click(screen.getByRole('button', { name: 'Request withdrawal' }));
    await waitFor(() => expect(document.activeElement?.id).toBe('wd-amount'));
    expect(screen.getByText('Amount (Rp) field is required')).toBeTruthy();
    expect(screen.getByText('Reason field is required')).toBeTruthy();
    expect(server.calls.some((c) => c.path === 'cooperative.withdrawal.create')).toBe(false);
  });

  it('a file of another type is refused in the browser', async () => {
    const server = fakeTrpcServer({ 'cooperative.balance.mine': () => ({ data: mine }) });
    render('/cooperative/withdrawal/add', '/cooperative/withdrawal/add', <WithdrawalAddPage />, ['cooperative.view']);
    await screen.findByTestId('coop-available');
    fireEvent.change(screen.getByLabelText('Amount (Rp)', { exact: false }), { target: { value: '1000' } });
    fireEvent.change(screen.getByLabelText('Reason', { exact: false }), { target: { value: 'x' } });
    const exe = new File(['MZ'], 'tool.exe', { type: 'application/x-msdownload' });
    fireEvent.change(screen.getByLabelText('Supporting files', { exact: false }), { target: { files: [exe] } });
    fireEvent.click(screen.getByRole('button', { name: 'Request withdrawal' }));
    expect(await screen.findByText('tool.exe: only PDF, JPG or PNG files of at most 5 MB')).toBeTruthy();
    expect(server.calls.some((c) => c.path === 'cooperative.withdrawal.create')).toBe(false);
  });
});

it('formats signed integer rupiah with thousands dots', () => {
  expect(formatRp('1250000')).toBe('1.250.000');
  expect(formatRp('-125000')).toBe('-125.000');
  expect(formatRp('0')).toBe('0');
});
