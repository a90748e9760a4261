import type { EmployeeDetail } from '@hr/core/browser';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeTrpcServer, renderAs } from '../../testing/render-screen';
import { cleanupAfterEach, sessionUser } from '../../testing/screen';
import { RecordsCard } from './detail/HistoryCards';
import { ResignationRequestPage } from './ResignationPages';

/* Issue 20 item 3: employment records are corrected or deleted, a pending resignation corrected. */

cleanupAfterEach();

const d = {
  id: 7,
  employment: {
    companyOffice: { id: 1 },
    department: { id: 2 },
    division: null,
    section: null,
    jobPosition: null,
    jobLevel: { id: 4 },
  },
} as unknown as EmployeeDetail;
const spot = { companyOffice: 'Jakarta', department: 'HR', division: null, section: null, jobPosition: null };
const record = {
  id: 11,
  employeeId: 7,
  changeType: 2,
  effectiveDate: '2025-07-01',
  from: { ...spot, jobLevel: 'Junior' },
  to: { ...spot, jobLevel: 'Senior' },
  toIds: { companyOfficeId: 1, departmentId: 2, divisionId: null, sectionId: null, jobPositionId: null, jobLevelId: 5 },
  reason: 'Review',
  createdBy: null,
  createdAt: '2025-07-01T00:00:00Z',
};
const records = () => ({ data: { rows: [record], total: 1, page: 1, pageSize: 100 } });

/**
 * Opens the edit dialog with `button`, checks that the reason shows its value (`was`), changes it to
 * `now` and saves.
 */
async function editReason(button: string, dialogName: string, was: string, now: string) {
  fireEvent.click(await screen.findByRole('button', { name: button }));
  const dialog = await screen.findByRole('dialog', { name: dialogName });
  const reason = within(dialog).getByLabelText(/Reason/) as HTMLInputElement | HTMLTextAreaElement;
  expect(reason.value).toBe(was);
  fireEvent.change(reason, { target: { value: now } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
}

describe('RecordsCard corrections', () => {
  it('edits a record with its values filled in and sends the correction', async () => {
    const server = fakeTrpcServer({
      'employee.record.list': records,
      'employee.record.update': () => ({ data: { id: 11 } }),
    });
    renderAs(<RecordsCard d={d} />, sessionUser(['employee.view', 'employee.update']));
    await editReason('Edit Promotion of 01/07/2025', 'Edit employment record', 'Review', 'Annual review');
    await waitFor(() =>
      expect(server.calls.find((c) => c.path === 'employee.record.update')?.input).toEqual({
        id: 11,
        changeType: 2,
        effectiveDate: '2025-07-01',
        companyOfficeId: 1,
        departmentId: 2,
        divisionId: null,
        sectionId: null,
        jobPositionId: null,
        jobLevelId: 5,
        reason: 'Annual review',
      }),
    );
    expect(server.calls.some((c) => c.path === 'employee.record.create')).toBe(false);
  });

  it('deletes a record after confirming; shows the server refusal; no actions on one’s own record or without the permission', async () => {
    const server = fakeTrpcServer({
      'employee.record.list': records,
      'employee.record.delete': () => ({ data: { ok: true } }),
    });
    renderAs(<RecordsCard d={d} />, sessionUser(['employee.view', 'employee.update']));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Promotion of 01/07/2025' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(server.calls.find((c) => c.path === 'employee.record.delete')?.input).toEqual({ id: 11 }));

    cleanup();
    fakeTrpcServer({ 'employee.record.list': records });
    renderAs(<RecordsCard d={d} />, sessionUser(['employee.view', 'employee.update'], { employeeId: 7 }));
    expect(await screen.findByText('Review')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Edit / })).toBeNull();
    cleanup();
    fakeTrpcServer({ 'employee.record.list': records });
    renderAs(<RecordsCard d={d} />, sessionUser(['employee.view']));
    expect(await screen.findByText('Review')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Delete / })).toBeNull();
  });
});

describe('ResignationRequestPage: correcting one’s own pending resignation', () => {
  it('opens the form with the values and sends updateOwn', async () => {
    const row = {
      id: 21,
      employeeId: 3,
      employeeNumber: 'JKT-00003',
      employeeName: 'HC',
      department: null,
      requestDate: '2026-11-01',
      lastWorkingDay: '2026-12-31',
      reason: 'Studies',
      status: 3,
      decisionNote: null,
      decidedBy: null,
      decidedAt: null,
    };
    const server = fakeTrpcServer({
      'employee.resignation.mine': () => ({ data: { rows: [row], total: 1, page: 1, pageSize: 20 } }),
      'employee.resignation.updateOwn': () => ({ data: { id: 21 } }),
    });
    renderAs(<ResignationRequestPage />, sessionUser(['personal.access']));
    await editReason('Edit', 'Edit resignation', 'Studies', 'Studies abroad');
    await waitFor(() =>
      expect(server.calls.find((c) => c.path === 'employee.resignation.updateOwn')?.input).toEqual({
        id: 21,
        lastWorkingDay: '2026-12-31',
        reason: 'Studies abroad',
      }),
    );
  });
});
