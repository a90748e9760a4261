import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeTrpcServer, renderWithProviders } from '../../testing/render-screen';
import { AssignPositionsDialog } from './AssignPositionsDialog';
import { cleanupAfterEach } from '../../testing/screen';

cleanupAfterEach();

const position = (id: number, name: string, division: string | null) => ({
  id,
  name,
  companyOfficeId: 1,
  companyOffice: 'Jakarta',
  departmentId: 2,
  department: 'Finance',
  divisionId: division ? 3 : null,
  division,
  sectionId: null,
  section: null,
  jobLevelId: null,
  jobLevel: null,
  employees: 0,
});
const page = (rows: unknown[]) => ({ data: { rows, total: rows.length, page: 1, pageSize: 500 } });

describe('AssignPositionsDialog', () => {
  it('lists the division’s positions, assigns a candidate and unassigns one', async () => {
    const server = fakeTrpcServer({
      'org.division.mapping': () => page([position(10, 'Accountant', 'Accounting')]),
      'org.division.assignation': () => page([position(11, 'Cashier', null)]),
      'org.division.assign': () => ({ data: { changed: true, employeesMoved: 2 } }),
      'org.division.unassign': () => ({ data: { changed: true, employeesMoved: 0 } }),
    });
    renderWithProviders(<AssignPositionsDialog parent="division" id={3} name="Accounting" onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Job positions of Accounting' });
    expect(await within(dialog).findByText('Accountant')).toBeTruthy();
    await waitFor(() => expect(within(dialog).getByRole('option', { name: 'Cashier (Finance)' })).toBeTruthy());

    fireEvent.change(within(dialog).getByLabelText('Job position to assign'), { target: { value: '11' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await waitFor(() =>
      expect(server.calls.find((c) => c.path === 'org.division.assign')?.input).toEqual({ id: 3, jobPositionId: 11 }),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unassign Accountant' }));
    await waitFor(() =>
      expect(server.calls.find((c) => c.path === 'org.division.unassign')?.input).toEqual({ id: 3, jobPositionId: 10 }),
    );
  });

  it('says when a job level has no positions and nothing can be assigned', async () => {
    fakeTrpcServer({
      'org.jobLevel.mapping': () => page([]),
      'org.jobLevel.assignation': () => page([]),
    });
    renderWithProviders(<AssignPositionsDialog parent="jobLevel" id={4} name="Senior" onClose={() => {}} />);
    expect(await screen.findByText('No job positions yet')).toBeTruthy();
    expect(await screen.findByRole('option', { name: 'No other job position can be assigned' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Assign' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('an office takes a position into one of its departments and offers no Unassign', async () => {
    const server = fakeTrpcServer({
      'org.office.mapping': () => page([position(10, 'Accountant', null)]),
      'org.office.assignation': () => page([position(11, 'Courier', null)]),
      'org.office.assign': () => ({ data: { changed: true, employeesMoved: 1 } }),
      'lookup.departments': () => ({ data: [{ id: 7, name: 'Logistics', companyOfficeId: 1 }] }),
    });
    renderWithProviders(<AssignPositionsDialog parent="office" id={1} name="Jakarta" onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Job positions of Jakarta' });
    expect(await within(dialog).findByText('Accountant')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Unassign Accountant' })).toBeNull();
    expect(within(dialog).getByText(/always belongs to one office and one department/)).toBeTruthy();
    await waitFor(() => expect(within(dialog).getByRole('option', { name: 'Courier (Finance)' })).toBeTruthy());
    await waitFor(() => expect(within(dialog).getByRole('option', { name: 'Logistics' })).toBeTruthy());

    fireEvent.change(within(dialog).getByLabelText('Job position to assign'), { target: { value: '11' } });
    // The department is required before Assign.
    expect((within(dialog).getByRole('button', { name: 'Assign' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Into department'), { target: { value: '7' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await waitFor(() =>
      expect(server.calls.find((c) => c.path === 'org.office.assign')?.input).toEqual({
        id: 1,
        jobPositionId: 11,
        departmentId: 7,
      }),
    );
  });
});
