import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeTrpcServer, renderWithProviders } from '../../../testing/render-screen';
import { RecruitmentPage } from './RecruitmentPage';
import { cleanupAfterEach } from '../../../testing/screen';

cleanupAfterEach();

const ROW = {
  id: 7,
  source: 'manual',
  registrationId: null,
  name: 'Budi Santoso',
  givenName: 'Budi',
  surname: 'Santoso',
  email: 'budi@example.com',
  phone: '0812 3456 789',
  companyOfficeId: 1,
  companyOffice: 'Jakarta',
  jobPositionId: null,
  jobPosition: null,
  positionApplied: 'Welder',
  stage: 'offered',
  cvFileName: 'budi-cv.pdf',
  employeeId: null,
  employeeNumber: null,
  createdAt: '2026-11-20T02:00:00Z',
};
const DETAIL = {
  ...ROW,
  gender: null,
  birthDate: null,
  religionId: null,
  educationLevelId: null,
  maritalStatusId: null,
  cvContentType: 'application/pdf',
  cvSize: 1200,
  notes: [
    { id: 1, stage: 'applied', note: 'Walk-in', createdBy: 'HC', createdAt: '2026-11-20T02:00:00Z' },
    { id: 2, stage: 'offered', note: null, createdBy: 'HC', createdAt: '2026-11-21T02:00:00Z' },
  ],
};
const lookups = {
  'lookup.companyOffices': () => ({ data: [{ id: 1, name: 'Jakarta' }] }),
  'lookup.religions': () => ({ data: [{ id: 1, name: 'Islam' }] }),
  'lookup.educationLevels': () => ({ data: [{ id: 8, name: 'S1' }] }),
  'lookup.maritalStatuses': () => ({ data: [{ id: 5, name: 'Unmarried' }] }),
  'lookup.jobLevels': () => ({ data: [] }),
  'lookup.departments': () => ({ data: [] }),
};

describe('RecruitmentPage', () => {
  it('lists applicants, filters by stage and search on the server, and shows an applicant with their history', async () => {
    const server = fakeTrpcServer({
      ...lookups,
      'employee.recruitment.list': () => ({ data: { rows: [ROW], total: 1, page: 1, pageSize: 25 } }),
      'employee.recruitment.get': () => ({ data: DETAIL }),
    });
    renderWithProviders(<RecruitmentPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Budi Santoso' }));
    const dialog = await screen.findByRole('dialog');
    expect((await within(dialog).findByTestId('applicant-stage')).textContent).toBe('Offered');
    const history = within(dialog).getByRole('list', { name: 'History' });
    expect(within(history).getByText('Walk-in')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Download CV: budi-cv.pdf' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Move to Interview' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Move to Offered' })).toBeNull();
    fireEvent.keyDown(dialog, { key: 'Escape' });

    fireEvent.change(screen.getByLabelText('Stage'), { target: { value: 'interview' } });
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'welder' } });
    await waitFor(() =>
      expect(server.calls.filter((c) => c.path === 'employee.recruitment.list').at(-1)?.input).toMatchObject({
        stage: 'interview',
        search: 'welder',
        page: 1,
      }),
    );
  });

  it('hires: asks for the personal data the applicant lacks, then sends the employment fields', async () => {
    const server = fakeTrpcServer({
      ...lookups,
      'employee.recruitment.list': () => ({ data: { rows: [ROW], total: 1, page: 1, pageSize: 25 } }),
      // Came with a birth date (as from a self-registration): the form starts with it.
      'employee.recruitment.get': () => ({ data: { ...DETAIL, birthDate: '1994-05-06' } }),
      'employee.recruitment.hire': () => ({ data: { employeeId: 99, employeeNumber: 'JKT-00099' } }),
    });
    renderWithProviders(<RecruitmentPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Budi Santoso' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Hire' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hire Budi Santoso' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Gender field is required')).toBeTruthy();
    expect(server.calls.some((c) => c.path === 'employee.recruitment.hire')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText(/^Gender/), { target: { value: 'Male' } });
    fireEvent.change(within(dialog).getByLabelText(/^Religion/), { target: { value: '1' } });
    await waitFor(() => expect(within(dialog).getByRole('option', { name: 'S1' })).toBeTruthy());
    fireEvent.change(within(dialog).getByLabelText(/^Education level/), { target: { value: '8' } });
    fireEvent.change(within(dialog).getByLabelText(/^Marital status/), { target: { value: '5' } });
    fireEvent.change(within(dialog).getByLabelText(/^Contract type/), { target: { value: '4' } });
    fireEvent.click(within(dialog).getByLabelText(/^First join date/));
    fireEvent.click((await within(dialog).findAllByRole('button', { name: /15th/ }))[0]!);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.calls.some((c) => c.path === 'employee.recruitment.hire')).toBe(true));
    expect(server.calls.find((c) => c.path === 'employee.recruitment.hire')?.input).toMatchObject({
      id: 7,
      gender: 'Male',
      birthDate: '1994-05-06',
      religionId: 1,
      educationLevelId: 8,
      maritalStatusId: 5,
      companyOfficeId: 1,
      contractType: 4,
      firstJoinDate: expect.stringMatching(/^\d{4}-\d{2}-15$/),
    });
  });
});
