import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeTrpcServer, renderWithProviders } from '../../testing/render-screen';
import { DeveloperLogsPage } from './DeveloperLogsPage';
import { cleanupAfterEach } from '../../testing/screen';

cleanupAfterEach();

const row = {
  id: 'audit-7',
  at: '2026-11-20T03:00:00.000Z',
  level: 'warning',
  source: 'audit',
  actor: 'admin@demo.co.id',
  actorName: 'Ada Admin',
  action: 'device.delete',
  entity: 'fingerspot_device',
  entityId: '3',
  summary: 'removed record',
};
const agentRow = {
  ...row,
  id: 'agent-11',
  level: 'error',
  source: 'agent',
  actor: 'gate-pc (oauth agent@demo.co.id)',
  actorName: null,
  action: 'punch.ingest',
  entity: 'device',
  entityId: 'SER-1',
  summary: '1 punch from unregistered terminal (SER-1)',
};

describe('/developer/logs', () => {
  it('lists entries, sends the filters, and shows a payload as text (never HTML)', async () => {
    const server = fakeTrpcServer({
      'auditLog.list': () => ({ data: { rows: [row, agentRow], total: 2, page: 1, pageSize: 25 } }),
      'auditLog.detail': () => ({
        data: {
          ...row,
          requestId: 'req-9',
          payload: { before: { name: '<b>Gate</b>', commKey: '[redacted]' }, after: null },
          diff: [],
        },
      }),
    });
    renderWithProviders(<DeveloperLogsPage />, { route: '/developer/logs' });
    expect(await screen.findByText('Ada Admin')).toBeTruthy();
    const table = screen.getByRole('table');
    expect(within(table).getByText('Warning')).toBeTruthy();
    expect(within(table).getByText('Error')).toBeTruthy();
    expect(screen.getByText('1 punch from unregistered terminal (SER-1)')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'device.delete' } });
    fireEvent.change(screen.getByLabelText('Level'), { target: { value: 'warning' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-19T08:00' } });
    await waitFor(() => {
      const last = server.calls.filter((c) => c.path === 'auditLog.list').at(-1)?.input as Record<string, unknown>;
      expect(last).toMatchObject({ action: 'device.delete', level: 'warning', page: 1 });
      expect(String(last.from)).toMatch(/^2026-11-19T\d\d:00:00\.000Z$/);
    });

    fireEvent.click(screen.getByRole('button', { name: 'Details device.delete' }));
    const dialog = await screen.findByRole('dialog');
    const payload = await within(dialog).findByTestId('log-payload');
    expect(payload.textContent).toContain('"name": "<b>Gate</b>"');
    expect(payload.querySelector('b')).toBeNull();
    expect(within(dialog).getByText('req-9')).toBeTruthy();
    expect(server.calls.find((c) => c.path === 'auditLog.detail')?.input).toEqual({ id: 'audit-7' });
  });
});
