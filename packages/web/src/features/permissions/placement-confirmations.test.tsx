import { fireEvent, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PlacementConfirmationsCard } from './PlacementConfirmationsCard';
import { cleanupAfterEach, sessionUser } from '../../testing/screen';
import { fakeTrpcServer, renderAs, rowWith } from '../../testing/render-screen';

cleanupAfterEach();

const row = (id: number, employeeName: string, approveRefusal: string | null) => ({
  id,
  employeeId: id + 10,
  employeeName,
  employeeNumber: `JKT-0000${id}`,
  jobPosition: 'Payroll Head',
  section: null,
  permissionsAdded: ['permission.approve', 'salary.update'],
  requestedBy: 'Hana Staff',
  requestedAt: '2026-11-26T03:00:00.000Z',
  status: 'pending',
  decidedBy: null,
  decidedAt: null,
  note: null,
  withholding: true,
  approveRefusal,
});
const page = {
  rows: [row(1, 'Rina Worker', null), row(2, 'Budi Mover', 'You filed this placement, so another person must decide it')],
  total: 2,
  page: 1,
  pageSize: 100,
};

const render = (permissions: string[]) => renderAs(<PlacementConfirmationsCard />, sessionUser(permissions));

const rowOf = rowWith;

describe('placements awaiting confirmation', () => {
  it('approves or rejects a pending placement; shows the reason instead of the buttons when the caller may not decide', async () => {
    const server = fakeTrpcServer({
      'permission.placement.list': () => ({ data: page }),
      'permission.placement.approve': () => ({ data: { ok: true } }),
      'permission.placement.reject': () => ({ data: { ok: true } }),
    });
    render(['permission.view', 'permission.approve']);
    const rina = await rowOf('Rina Worker');
    expect(within(rina).getByText('permission.approve, salary.update')).toBeTruthy();
    fireEvent.click(within(rina).getByRole('button', { name: 'Approve Rina Worker' }));
    await waitFor(() => expect(server.calls.find((c) => c.path === 'permission.placement.approve')?.input).toEqual({ id: 1 }));
    fireEvent.click(within(await rowOf('Rina Worker')).getByRole('button', { name: 'Reject Rina Worker' }));
    await waitFor(() => expect(server.calls.find((c) => c.path === 'permission.placement.reject')?.input).toEqual({ id: 1 }));

    const budi = await rowOf('Budi Mover');
    expect(within(budi).queryByRole('button')).toBeNull();
    expect(within(budi).getByRole('note').textContent).toBe('You filed this placement, so another person must decide it');
    expect(server.calls[0]).toMatchObject({ path: 'permission.placement.list', input: { status: 'pending' } });
  });

  it('without permission.approve the list shows no decision buttons', async () => {
    fakeTrpcServer({ 'permission.placement.list': () => ({ data: page }) });
    render(['permission.view']);
    expect(within(await rowOf('Rina Worker')).queryByRole('button')).toBeNull();
  });
});
