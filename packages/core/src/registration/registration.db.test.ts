import { describe, expect, it } from 'vitest';
import { effectiveAccessOfUser, login, resolveToken } from '../auth/service';
import { requirePermission } from '../access/grant';
import { AppError } from '../shared/errors';
import { makeUser } from '../testing/fixtures';
import { auditsOf } from '../testing/audit';
import { insertPermissionGrant } from '../testing/grants';
import { useOrgTestDb } from '../testing/org-fixtures';
import { activateRegistration, listRegistrations, register, rejectRegistration } from './service';

const t = useOrgTestDb();
const meta = { ip: null, userAgent: null };

const form = (email: string) => ({
  email,
  givenName: 'Siti',
  surname: 'Rahmawati',
  gender: 'Female' as const,
  birthDate: '1995-03-14',
  religionId: 1,
  educationLevelId: 8,
  maritalStatusId: 5,
});

async function hcGrant() {
  const hc = await makeUser(t.services, t.org, ['human-capital-staff']);
  const r = await login(t.services.ctx(null), t.services.auth, { email: hc.email, password: hc.password }, meta);
  const actor = (await resolveToken(t.services.ctx(null), r.token))!;
  return {
    actor,
    view: requirePermission(actor, 'employee.registration.view'),
    decide: requirePermission(actor, 'employee.registration.decide'),
  };
}

describe('self-registration', () => {
  it('a registered person cannot log in until activated, then logs in with the one-time password', async () => {
    const { actor, decide, view } = await hcGrant();
    const reg = await register(t.services.ctx(null), form('Siti.R@Example.com'));
    const pending = await listRegistrations(t.services.ctx(actor), view, {});
    expect(pending.rows.map((r) => r.email)).toContain('siti.r@example.com');
    await expect(
      login(t.services.ctx(null), t.services.auth, { email: 'siti.r@example.com', password: 'anything1' }, meta),
    ).rejects.toThrow();

    const act = await activateRegistration(t.services.ctx(actor), decide, {
      id: reg.id,
      companyOfficeId: t.org.officeId,
      departmentId: t.org.dept[0],
      divisionId: t.org.div[0],
    });
    expect(act.employeeNumber).toMatch(/^TST-\d{5}$/);
    const session = await login(
      t.services.ctx(null),
      t.services.auth,
      { email: 'siti.r@example.com', password: act.temporaryPassword },
      meta,
    );
    expect(session.user.name).toBe('Siti Rahmawati');
    expect(session.user.mustChangePassword).toBe(true);
    expect(session.user.departmentId).toBe(t.org.dept[0]);
    const after = await listRegistrations(t.services.ctx(actor), view, {});
    expect(after.rows.map((r) => r.id)).not.toContain(reg.id);
  });

  it('refuses an e-mail already registered or in use, naming the field', async () => {
    await register(t.services.ctx(null), form('dup@example.com'));
    const err = await register(t.services.ctx(null), form('DUP@example.com')).catch((e) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err.code).toBe('CONFLICT');
    expect(err.fields).toEqual([{ param: 'email', msg: 'is already registered' }]);
  });

  it('validates real dates, known reference ids and birth dates in the past', async () => {
    const bad = await register(t.services.ctx(null), { ...form('x1@example.com'), religionId: 999, maritalStatusId: 9 }).catch(
      (e) => e,
    );
    expect(bad.fields.map((f: { param: string }) => f.param)).toEqual(['religionId', 'maritalStatusId']);
    await expect(register(t.services.ctx(null), { ...form('x2@example.com'), birthDate: '2001-02-29' })).rejects.toThrow();
    const future = await register(t.services.ctx(null), { ...form('x3@example.com'), birthDate: '2099-01-01' }).catch((e) => e);
    expect(future.fields).toEqual([{ param: 'birthDate', msg: expect.stringMatching(/^must be between .* \(age 15 to 100\)$/) }]);
    const rows = await t.db.selectFrom('registrations').select('email').where('email', 'like', 'x_@example.com').execute();
    expect(rows).toEqual([]);
  });

  it('two concurrent activations of one registration: exactly one wins', async () => {
    const { actor, decide } = await hcGrant();
    const reg = await register(t.services.ctx(null), form('race@example.com'));
    const results = await Promise.allSettled(
      Array.from({ length: 4 }, () =>
        activateRegistration(t.services.ctx(actor), decide, { id: reg.id, companyOfficeId: t.org.officeId }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const employees = await t.db.selectFrom('employees').select('id').where('email', '=', 'race@example.com').execute();
    expect(employees).toHaveLength(1);
    expect(await auditsOf(t.db, 'registration.activate', reg.id)).toHaveLength(1);
  });

  it('a rejected registration cannot be activated afterwards, and a division must belong to the department', async () => {
    const { actor, decide } = await hcGrant();
    const reg = await register(t.services.ctx(null), form('rej@example.com'));
    const wrong = await activateRegistration(t.services.ctx(actor), decide, {
      id: reg.id,
      companyOfficeId: t.org.officeId,
      departmentId: t.org.dept[0],
      divisionId: t.org.div[1],
    }).catch((e) => e);
    expect(wrong.fields).toEqual([{ param: 'divisionId', msg: 'is not in the chosen department' }]);
    const still = await t.db.selectFrom('registrations').select('status').where('id', '=', reg.id).executeTakeFirstOrThrow();
    expect(still.status).toBe(3);
    await rejectRegistration(t.services.ctx(actor), decide, { id: reg.id, note: 'not our employee' });
    await expect(
      activateRegistration(t.services.ctx(actor), decide, { id: reg.id, companyOfficeId: t.org.officeId }),
    ).rejects.toThrow('already been decided');
  });
});

describe('activation into a job position with grants (issue 16: placement is four-eyes)', () => {
  it('hcstaff may activate someone into a position whose grants add permissions; the grants wait for a second person', async () => {
    const { actor, decide } = await hcGrant();
    const admin = await makeUser(t.services, null, ['superadmin']);
    const pos = await t.newJobPosition('Payroll Lead R');
    await insertPermissionGrant(t.db, { type: 'job_position', id: pos.id }, 'salary.update', admin.userId, {
      status: 1,
      decided_by: admin.userId,
      decided_at: new Date(),
    });
    const reg = await register(t.services.ctx(null), form('power.r@example.com'));
    const done = await activateRegistration(t.services.ctx(actor), decide, {
      id: reg.id,
      companyOfficeId: t.org.officeId,
      departmentId: t.org.dept[0],
      jobPositionId: pos.id,
    });
    const pending = await t.db
      .selectFrom('placement_confirmations')
      .select(['status', 'permissions_added', 'job_position_id'])
      .where('employee_id', '=', done.employeeId)
      .execute();
    expect(pending).toEqual([{ status: 'pending', permissions_added: ['salary.update'], job_position_id: pos.id }]);
    const user = await t.db.selectFrom('users').select('id').where('email', '=', 'power.r@example.com').executeTakeFirstOrThrow();
    expect((await effectiveAccessOfUser(t.db, user.id))?.permissions.has('salary.update')).toBe(false);
  });
});
