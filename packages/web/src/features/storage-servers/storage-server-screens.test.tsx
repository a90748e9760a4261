import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ServerAddPage } from './ServerAddPage';
import { ServerListPage } from './ServerListPage';
import { fakeTrpcServer, renderRoutes } from '../../testing/render-screen';
import { cleanupAfterEach, sessionUser } from '../../testing/screen';

cleanupAfterEach();

const user = (permissions: string[]) => sessionUser(permissions, { email: 'it@test.co.id', name: 'IT' });

const statics = {
  'storageServer.types': () => ({ data: [{ id: 1, name: 'NAS' }] }),
  'storageServer.categories': () => ({ data: [{ id: 2, name: 'Backup' }] }),
};

const render = (element: React.ReactElement, permissions: string[], route = '/personal/server/add') =>
  renderRoutes({ '/personal/server/add': element, '/personal/server': element }, user(permissions), route);

async function fill(values: Record<string, string>) {
  await screen.findByRole('option', { name: 'NAS' });
  for (const [label, value] of Object.entries(values))
    fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });
}

/** The add form of nas-01 at HQ (type 1, category 2, 100 GB) with `usageGb` used. */
const fillServer = (usageGb: string) =>
  fill({
    Name: 'nas-01',
    Type: '1',
    Category: '2',
    Location: 'HQ',
    Address: 'Jl. Thamrin 2',
    'Capacity (GB)': '100',
    'Usage (GB)': usageGb,
  });

describe('storage server form', () => {
  it('refuses usage above capacity at the field and sends nothing; an owner picks no owner', async () => {
    const server = fakeTrpcServer({ ...statics });
    render(<ServerAddPage />, ['server.manage']);
    await fillServer('100.5');
    expect(screen.queryByLabelText('Owner', { exact: false })).toBeNull();
    expect(screen.getByText('You register servers you own.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Usage (GB) must not exceed the capacity')).toBeTruthy();
    expect(document.activeElement?.id).toBe('srv-usageGb');
    expect(server.calls.some((c) => c.path === 'storageServer.create')).toBe(false);
  });

  it('an admin (hr.all) chooses the owner; a valid form is sent', async () => {
    const server = fakeTrpcServer({
      ...statics,
      'storageServer.owners': () => ({ data: [{ id: 3, employeeNumber: 'JKT-00003', name: 'Ika Admin' }] }),
      'storageServer.create': () => ({ data: { id: 1 } }),
    });
    render(<ServerAddPage />, ['server.manage', 'hr.all']);
    await fillServer('40');
    expect(screen.getByLabelText('Owner', { exact: false })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.calls.some((c) => c.path === 'storageServer.create')).toBe(true));
    expect(server.calls.find((c) => c.path === 'storageServer.create')?.input).toMatchObject({
      name: 'nas-01',
      capacityGb: '100',
      usageGb: '40',
      ownerEmployeeId: 3,
      status: 'active',
    });
  });
});

describe('storage server list', () => {
  it('shows usage against capacity and the owner', async () => {
    fakeTrpcServer({
      ...statics,
      'storageServer.list': () => ({
        data: {
          rows: [
            {
              id: 7,
              name: 'san-01',
              typeId: 1,
              typeName: 'NAS',
              categoryId: 2,
              categoryName: 'Backup',
              location: 'HQ',
              address: 'Jl. Thamrin 2',
              capacityGb: '2048',
              usageGb: '512.5',
              usagePercent: 25,
              ownerEmployeeId: 3,
              ownerNumber: 'JKT-00003',
              ownerName: 'Ika Admin',
              status: 'maintenance',
              statusLabel: 'Maintenance',
              updatedAt: '2026-11-20T00:00:00.000Z',
            },
          ],
          total: 1,
          page: 1,
          pageSize: 25,
        },
      }),
    });
    render(<ServerListPage />, ['server.manage'], '/personal/server');
    expect(await screen.findByText('512.5 / 2048 GB (25%)')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'san-01' }).getAttribute('href')).toBe('/personal/server/7/edit');
    expect(screen.getByText('JKT-00003 Ika Admin')).toBeTruthy();
  });
});
