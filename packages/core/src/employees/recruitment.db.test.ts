import { beforeAll, describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import type { Actor } from '../access/actor';
import { type Grant, requirePermission } from '../access/grant';
import { register } from '../registration/service';
import { AppError } from '../shared/errors';
import { failure } from '../testing/expect';
import { useOrgTestDb } from '../testing/org-fixtures';
import {
  addApplicantNote,
  applicantFromRegistration,
  createApplicant,
  downloadApplicantCv,
  getApplicant,
  hireApplicant,
  listApplicants,
  setApplicantStage,
  uploadApplicantCv,
} from './recruitment';
import { listEmployees } from './service';

const t = useOrgTestDb();
let hc: Actor;
let manage: Grant<'employee.recruitment.manage'>;
let positionId: number;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const b64 = (b: Buffer) => b.toString('base64');
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

beforeAll(async () => {
  hc = await t.newActor(['human-capital-staff']);
  manage = requirePermission(hc, 'employee.recruitment.manage');
  const p = await t.newJobPosition(`Welder ${unique()}`);
  positionId = p.id;
});

const ctx = () => t.services.ctx(hc);
const manual = (over: Record<string, unknown> = {}) => ({
  givenName: 'Budi',
  surname: 'Santoso',
  email: `budi.${unique()}@example.com`,
  phone: '+62 812-3456-7890',
  companyOfficeId: t.org.officeId,
  jobPositionId: positionId,
  positionApplied: 'Welder',
  ...over,
});
const hireFields = {
  gender: 'Male' as const,
  birthDate: '1994-05-06',
  religionId: 1,
  educationLevelId: 8,
  maritalStatusId: 5,
  contractType: 1,
  firstJoinDate: '2026-12-01',
};

describe('recruitment', () => {
  it('takes a manual applicant through the stages with notes and a CV, and hires them into the employee list', async () => {
    const a = await createApplicant(
      ctx(),
      manage,
      manual({
        note: 'Referred by the workshop',
        cv: { fileName: 'cv.pdf', contentType: 'application/pdf', contentBase64: b64(PDF) },
      }),
    );
    await setApplicantStage(ctx(), manage, { id: a.id, stage: 'interview', note: 'Interview on Monday' });
    await addApplicantNote(ctx(), manage, { id: a.id, note: 'Good welding test' });
    await setApplicantStage(ctx(), manage, { id: a.id, stage: 'offered' });

    const cv = await downloadApplicantCv(ctx(), manage, { id: a.id });
    expect(cv).toMatchObject({ fileName: 'cv.pdf', contentType: 'application/pdf' });
    expect(Buffer.from(cv.base64, 'base64').equals(PDF)).toBe(true);

    const hired = await hireApplicant(ctx(), manage, { id: a.id, ...hireFields, departmentId: t.org.dept[0] });
    expect(hired.employeeNumber).toMatch(/^TST-\d{5}$/);
    const detail = await getApplicant(ctx(), manage, { id: a.id });
    expect(detail).toMatchObject({ stage: 'hired', employeeId: hired.employeeId, employeeNumber: hired.employeeNumber });
    expect(detail.notes.map((n) => [n.stage, n.note])).toEqual([
      ['applied', 'Referred by the workshop'],
      ['interview', 'Interview on Monday'],
      [null, 'Good welding test'],
      ['offered', null],
      ['hired', `Employee ${hired.employeeNumber}`],
    ]);

    const employees = await listEmployees(ctx(), requirePermission(hc, 'employee.view'), { search: detail.email });
    expect(employees.rows).toEqual([
      expect.objectContaining({ id: hired.employeeId, name: 'Budi Santoso', jobPosition: expect.stringMatching(/^Welder/) }),
    ]);

    // Hired is final: no second hire, no stage move, no new CV.
    expect((await failure(hireApplicant(ctx(), manage, { id: a.id, ...hireFields }))).code).toBe('CONFLICT');
    expect((await failure(setApplicantStage(ctx(), manage, { id: a.id, stage: 'applied' }))).code).toBe('CONFLICT');
    const late = uploadApplicantCv(ctx(), manage, {
      id: a.id,
      fileName: 'x.pdf',
      contentType: 'application/pdf',
      contentBase64: b64(PDF),
    });
    expect((await failure(late)).message).toBe('This applicant is already hired');
  });

  it('two concurrent hires of one applicant give exactly one employee', async () => {
    const a = await createApplicant(ctx(), manage, manual());
    const results = await Promise.allSettled([
      hireApplicant(ctx(), manage, { id: a.id, ...hireFields, departmentId: t.org.dept[0] }),
      hireApplicant(ctx(), manage, { id: a.id, ...hireFields, departmentId: t.org.dept[0] }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(AppError);
    expect(refused.reason.code).toBe('CONFLICT');
    const detail = await getApplicant(ctx(), manage, { id: a.id });
    const n = await t.db.selectFrom('employees').select('id').where('email', '=', detail.email).execute();
    expect(n).toHaveLength(1);
  });

  it('a failed hire leaves the applicant open and creates nothing; missing personal data is named', async () => {
    const a = await createApplicant(ctx(), manage, manual());
    const err = await hireApplicant(ctx(), manage, { id: a.id, contractType: 4, firstJoinDate: '2026-12-01' }).catch((e) => e);
    expect(err).toBeInstanceOf(ZodError);
    expect((err as ZodError).issues.map((i) => i.path.join('.'))).toEqual(
      expect.arrayContaining(['gender', 'birthDate', 'religionId', 'educationLevelId', 'maritalStatusId']),
    );
    const misplaced = await failure(
      hireApplicant(ctx(), manage, { id: a.id, ...hireFields, divisionId: t.org.div[1], departmentId: t.org.dept[0] }),
    );
    expect(misplaced.fields).toEqual([{ param: 'divisionId', msg: 'is not in the chosen department' }]);
    expect(await getApplicant(ctx(), manage, { id: a.id })).toMatchObject({ stage: 'applied', employeeId: null });
  });

  it('takes a pending self-registration into recruitment; hiring approves the registration', async () => {
    const email = `siti.${unique()}@example.com`;
    const reg = await register(t.services.ctx(null), {
      email,
      givenName: 'Siti',
      surname: 'Aminah',
      gender: 'Female',
      birthDate: '1998-02-03',
      religionId: 1,
      educationLevelId: 8,
      maritalStatusId: 5,
    });
    const a = await applicantFromRegistration(ctx(), manage, {
      registrationId: reg.id,
      companyOfficeId: t.org.officeId,
      positionApplied: 'Admin staff',
    });
    const again = await failure(
      applicantFromRegistration(ctx(), manage, { registrationId: reg.id, companyOfficeId: t.org.officeId, positionApplied: 'X' }),
    );
    expect(again.code).toBe('CONFLICT');
    const listed = await listApplicants(ctx(), manage, { search: 'aminah', stage: 'applied' });
    expect(listed.rows).toEqual([expect.objectContaining({ id: a.id, source: 'registration', registrationId: reg.id })]);

    // The registration brings the personal data: only the employment fields are needed.
    const hired = await hireApplicant(ctx(), manage, { id: a.id, contractType: 2, firstJoinDate: '2026-12-01' });
    const r = await t.db.selectFrom('registrations').selectAll().where('id', '=', reg.id).executeTakeFirstOrThrow();
    expect(r).toMatchObject({ status: 1, employee_id: hired.employeeId });
    const e = await t.db.selectFrom('employees').selectAll().where('id', '=', hired.employeeId).executeTakeFirstOrThrow();
    expect(e).toMatchObject({ gender: 'Female', birth_date: '1998-02-03', contract_type: 2, email });
  });

  it('refuses duplicates, renamed CVs, unknown references and people without the permission', async () => {
    const first = manual();
    await createApplicant(ctx(), manage, first);
    const dup = await failure(createApplicant(ctx(), manage, { ...first, email: first.email.toUpperCase() }));
    expect(dup.fields).toEqual([{ param: 'email', msg: 'is already used' }]);

    const renamed = await failure(
      createApplicant(
        ctx(),
        manage,
        manual({ cv: { fileName: 'cv.pdf', contentType: 'application/pdf', contentBase64: b64(Buffer.from('<html>')) } }),
      ),
    );
    expect(renamed.fields).toEqual([{ param: 'cv.contentBase64', msg: 'is not a PDF file' }]);
    const big = Buffer.concat([PDF, Buffer.alloc(700 * 1024)]);
    await expect(
      createApplicant(
        ctx(),
        manage,
        manual({ cv: { fileName: 'cv.pdf', contentType: 'application/pdf', contentBase64: b64(big) } }),
      ),
    ).rejects.toThrow(/700 KB/);

    const unknown = await failure(createApplicant(ctx(), manage, manual({ jobPositionId: 999_999 })));
    expect(unknown.fields).toEqual([{ param: 'jobPositionId', msg: 'is not a known job position' }]);
    expect((await failure(getApplicant(ctx(), manage, { id: 999_999 }))).code).toBe('NOT_FOUND');

    // An intern sees registrations but may not run recruitment.
    const internActor = await t.newActor(['human-capital-intern']);
    expect(() => requirePermission(internActor, 'employee.recruitment.manage')).toThrow(AppError);
  });

  it('pages, filters by stage and searches', async () => {
    const tag = unique();
    const ids: number[] = [];
    for (let i = 0; i < 3; i++)
      ids.push((await createApplicant(ctx(), manage, manual({ surname: `Tag${tag}`, positionApplied: `Driver ${i}` }))).id);
    await setApplicantStage(ctx(), manage, { id: ids[0]!, stage: 'rejected', note: 'No licence' });
    const open = await listApplicants(ctx(), manage, { search: `tag${tag}`, stage: 'applied', pageSize: 1 });
    expect(open.total).toBe(2);
    expect(open.rows.map((r) => r.id)).toEqual([ids[2]]);
    const page2 = await listApplicants(ctx(), manage, { search: `tag${tag}`, stage: 'applied', pageSize: 1, page: 2 });
    expect(page2.rows.map((r) => r.id)).toEqual([ids[1]]);
    const rejected = await listApplicants(ctx(), manage, { search: `tag${tag}`, stage: 'rejected' });
    expect(rejected.rows.map((r) => r.id)).toEqual([ids[0]]);
    // A rejected applicant's e-mail may apply again.
    await createApplicant(ctx(), manage, manual({ email: rejected.rows[0]!.email }));
  });
});
