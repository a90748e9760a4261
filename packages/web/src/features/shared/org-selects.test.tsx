import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeTrpcServer } from '../../test/render';
import { renderAs } from '../../testing/render-screen';
import { cleanupAfterEach, sessionUser } from '../../testing/screen';
import { DepartmentSelect, JobPositionSelect } from './OrgSelects';

cleanupAfterEach();

const offices = [
  { id: 1, name: 'Jakarta Head Office' },
  { id: 2, name: 'Batam Branch' },
];
const departments = [
  { id: 10, name: 'Finance & Accounting', companyOfficeId: 1 },
  { id: 20, name: 'Finance & Accounting', companyOfficeId: 2 },
  { id: 21, name: 'Warehouse', companyOfficeId: 2 },
];

const labels = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => o.textContent);

describe('org selects before an office is chosen (issue 19 item 9)', () => {
  it('a department repeated across offices is listed with its office', async () => {
    fakeTrpcServer({
      'lookup.departments': () => ({ data: departments }),
      'lookup.companyOffices': () => ({ data: offices }),
    });
    renderAs(<DepartmentSelect aria-label="Department" value="" onChange={() => undefined} />, sessionUser(['hr.view']));
    const select = screen.getByLabelText('Department');
    await waitFor(() =>
      expect(labels(select)).toEqual([
        'Select Department',
        'Finance & Accounting (Jakarta Head Office)',
        'Finance & Accounting (Batam Branch)',
        'Warehouse',
      ]),
    );
  });

  it('a position repeated across departments is listed with its department, and its office where that repeats too', async () => {
    fakeTrpcServer({
      'lookup.jobPositions': () => ({
        data: [
          { id: 1, name: 'Staff', departmentId: 10, divisionId: null, sectionId: null },
          { id: 2, name: 'Staff', departmentId: 20, divisionId: null, sectionId: null },
          { id: 3, name: 'Staff', departmentId: 21, divisionId: null, sectionId: null },
          { id: 4, name: 'Storekeeper', departmentId: 21, divisionId: null, sectionId: null },
        ],
      }),
      'lookup.departments': () => ({ data: departments }),
      'lookup.companyOffices': () => ({ data: offices }),
    });
    renderAs(<JobPositionSelect aria-label="Position" value="" onChange={() => undefined} />, sessionUser(['hr.view']));
    const select = screen.getByLabelText('Position');
    await waitFor(() =>
      expect(labels(select)).toEqual([
        'Select Job Position',
        'Staff (Finance & Accounting, Jakarta Head Office)',
        'Staff (Finance & Accounting, Batam Branch)',
        'Staff (Warehouse)',
        'Storekeeper',
      ]),
    );
  });
});
