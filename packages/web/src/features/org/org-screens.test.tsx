import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeTrpcServer, renderAs } from '../../testing/render-screen';
import { DepartmentsTab } from './DepartmentsTab';
import { OfficesTab } from './OfficesTab';
import { OrgChartTree } from './OrgChartTree';
import { cleanupAfterEach, sessionUser } from '../../testing/screen';

cleanupAfterEach();

const user = (permissions: string[]) => sessionUser(permissions, { userId: 1, employeeId: null, departmentId: null });

const ROWS = [
  { id: 7, name: 'Finance', companyOfficeId: 1, companyOffice: 'Jakarta', divisions: 3, employees: 12 },
  { id: 8, name: '<img src=x onerror=alert(1)>', companyOfficeId: 1, companyOffice: 'Jakarta', divisions: 0, employees: 0 },
];
const LOOKUPS = {
  'lookup.companyOffices': () => ({ data: [{ id: 1, name: 'Jakarta', code: 'JKT' }] }),
  'org.department.list': () => ({ data: { rows: ROWS, total: 2, page: 1, pageSize: 25 } }),
};

const renderTab = (permissions: string[]) => renderAs(<DepartmentsTab officeId="" setOfficeId={() => {}} />, user(permissions));

describe('departments tab', () => {
  it('lists server rows as text; without org.manage there are no write buttons', async () => {
    fakeTrpcServer(LOOKUPS);
    renderTab(['org.view']);
    expect(await screen.findByText('Finance')).toBeTruthy();
    // Entered text is rendered as text, never as HTML.
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeTruthy();
    expect(document.querySelector('img')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('create: the first invalid field is focused, then the server field error is shown at its field', async () => {
    const server = fakeTrpcServer({
      ...LOOKUPS,
      'org.department.create': () => ({
        error: {
          message: 'A department named Finance already exists in this office',
          status: 409,
          data: { code: 'CONFLICT', appCode: 'GL0009', fields: [{ param: 'name', msg: 'is already used' }] },
        },
      }),
    });
    renderTab(['org.view', 'org.manage']);
    fireEvent.click(await screen.findByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const office = document.getElementById('department-companyOfficeId') as HTMLSelectElement;
    expect(document.activeElement).toBe(office);
    expect(within(dialog).getByText('Company Office field is required')).toBeTruthy();
    expect(within(dialog).getByText('Name field is required')).toBeTruthy();

    await within(dialog).findByRole('option', { name: 'Jakarta' });
    fireEvent.change(office, { target: { value: '1' } });
    fireEvent.change(document.getElementById('department-name')!, { target: { value: 'Finance' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Name is already used')).toBeTruthy();
    expect(document.activeElement).toBe(document.getElementById('department-name'));
    expect(server.calls.find((c) => c.path === 'org.department.create')?.input).toEqual({ companyOfficeId: 1, name: 'Finance' });
  });

  it('delete: the server refusal is shown in the confirm dialog', async () => {
    fakeTrpcServer({
      ...LOOKUPS,
      'org.department.delete': () => ({
        error: {
          message: 'Department Finance is used by 12 employees and 3 divisions',
          status: 409,
          data: { code: 'CONFLICT', appCode: 'GL0009', detail: 'Move or delete them first.' },
        },
      }),
    });
    renderTab(['org.view', 'org.manage']);
    await screen.findByText('Finance');
    fireEvent.click(screen.getAllByRole('button', { name: 'Delete' })[0]!);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Delete Finance?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('Department Finance is used by 12 employees and 3 divisions [GL0009]')).toBeTruthy();
    expect(within(dialog).getByText('Move or delete them first.')).toBeTruthy();
  });
});

describe('org chart', () => {
  it('shows offices expanded with headcounts; nodes expand and collapse', async () => {
    fakeTrpcServer({
      ...LOOKUPS,
      'org.chart': () => ({
        data: {
          headcount: 5,
          offices: [
            {
              id: 1,
              code: 'JKT',
              name: 'Jakarta',
              headcount: 5,
              departments: [
                {
                  id: 2,
                  name: 'Finance',
                  headcount: 5,
                  positions: [{ id: 9, name: 'Finance Manager', jobLevel: 'Manager', headcount: 1 }],
                  divisions: [{ id: 3, name: 'Tax', headcount: 4, positions: [], sections: [] }],
                },
              ],
            },
          ],
        },
      }),
    });
    renderAs(<OrgChartTree />, user(['org.view']));
    expect(await screen.findByText('Finance')).toBeTruthy();
    expect(screen.getByText('5 working employees in total.')).toBeTruthy();
    expect(screen.queryByText('Tax')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Expand Finance' }));
    expect(screen.getByText('Tax')).toBeTruthy();
    expect(screen.getByText('Finance Manager')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Collapse all' }));
    await waitFor(() => expect(screen.queryByText('Finance')).toBeNull());
  });
});

describe('offices tab', () => {
  it('an office gets its own time zone (WITA); left blank it works in the company’s', async () => {
    const server = fakeTrpcServer({
      'org.office.list': () => ({ data: { rows: [], total: 0, page: 1, pageSize: 25 } }),
      'org.office.create': () => ({ data: { id: 3 } }),
    });
    renderAs(<OfficesTab onShow={() => {}} />, user(['org.view', 'org.manage']));
    fireEvent.click(await screen.findByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog');
    const zone = document.getElementById('office-timeZone') as HTMLSelectElement;
    expect([...zone.options].map((o) => o.text)).toEqual([
      'The company’s (WIB)',
      'WIB (Asia/Jakarta)',
      'WITA (Asia/Makassar)',
      'WIT (Asia/Jayapura)',
    ]);
    fireEvent.change(document.getElementById('office-code')!, { target: { value: 'MKS' } });
    fireEvent.change(document.getElementById('office-name')!, { target: { value: 'Makassar' } });
    fireEvent.change(zone, { target: { value: 'Asia/Makassar' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(server.calls.find((c) => c.path === 'org.office.create')?.input).toMatchObject({
        code: 'MKS',
        name: 'Makassar',
        timeZone: 'Asia/Makassar',
      }),
    );
  });
});
